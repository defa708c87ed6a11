import { z } from 'zod';
import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { iso, projectEnvParams, projectScope } from '../../scope.js';
import { groupSummaryView } from '../agents/agent-views.js';
import type { AgentRouteDeps } from '../agents/route-deps.js';

const params = projectEnvParams.extend({ group_id: z.string().min(1).max(128) });

/** A group's page: its agents with their status (worst first), its windows as totals, the agent that set it. */
export function registerGetGroup(app: ZodApp, deps: AppApiDeps & AgentRouteDeps): void {
  app.get('/projects/:project_id/:environment/groups/:group_id', { schema: { params } }, async (request) => {
    const scope = await projectScope(deps, sessionOf(request).session.workspace.id, request.params);
    const page = await deps.agentPages.groupPage(scope, request.params.group_id, deps.clock());
    if (!page)
      throw new ApiError('not_found', `No group ${request.params.group_id} in the ${scope.environment} environment.`);
    return {
      ...groupSummaryView(page),
      members: page.members.map((m) => ({
        ...m,
        archived_at: iso(m.archived_at),
        last_conversation_at: iso(m.last_conversation_at),
      })),
    };
  });
}
