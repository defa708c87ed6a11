import type { ZodApp } from '../../../api/routes/types.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { projectEnvParams, projectScope } from '../../scope.js';
import { groupSummaryView } from '../agents/agent-views.js';
import type { AgentRouteDeps } from '../agents/route-deps.js';

/** The groups list: health status and reason, the agent that set it, both windows as totals. */
export function registerListGroupHealth(app: ZodApp, deps: AppApiDeps & AgentRouteDeps): void {
  app.get(
    '/projects/:project_id/:environment/health/groups',
    { schema: { params: projectEnvParams } },
    async (request) => {
      const scope = await projectScope(deps, sessionOf(request).session.workspace.id, request.params);
      const groups = await deps.agentPages.listGroups(scope, deps.clock());
      return { data: groups.map(groupSummaryView) };
    },
  );
}
