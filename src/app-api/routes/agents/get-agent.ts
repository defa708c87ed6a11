import { z } from 'zod';
import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { iso, projectEnvParams, projectScope } from '../../scope.js';
import { agentSummaryView } from './agent-views.js';
import type { AgentRouteDeps } from './route-deps.js';

/** Who placed the agent, for people: a member's name ("app:<user id>"), the shell's login ("cli:<login>"). */
async function placedByName(deps: AppApiDeps, workspaceId: string, by: string | null): Promise<string | null> {
  if (by === null) return null;
  if (by.startsWith('app:')) return (await deps.users.get(workspaceId, by.slice(4)))?.name ?? 'a former member';
  if (by.startsWith('cli:')) return `${by.slice(4)} (command line)`;
  return null;
}

export const agentParams = projectEnvParams.extend({ agent_id: z.string().min(1).max(128) });
const query = z.object({ days: z.enum(['30', '90']).default('30') }).strict();

/**
 * An agent's page: both windows, its health history, and its trend per local day over 30 or 90 days (from the
 * daily rollups) with a marker where each release first appeared.
 */
export function registerGetAgent(app: ZodApp, deps: AppApiDeps & AgentRouteDeps): void {
  app.get(
    '/projects/:project_id/:environment/agents/:agent_id',
    { schema: { params: agentParams, querystring: query } },
    async (request) => {
      const { session } = sessionOf(request);
      const scope = await projectScope(deps, session.workspace.id, request.params);
      const days = Number(request.query.days) as 30 | 90;
      const page = await deps.agentPages.agentPage(scope, request.params.agent_id, deps.clock(), days);
      if (!page)
        throw new ApiError('not_found', `No agent ${request.params.agent_id} in the ${scope.environment} environment.`);
      return {
        ...agentSummaryView(page),
        placement: {
          ...page.placement,
          at: iso(page.placement.at),
          by_name: await placedByName(deps, session.workspace.id, page.placement.by),
        },
        transitions: page.transitions.map((t) => ({ ...t, at: iso(t.at) })),
        trend: {
          ...page.trend,
          releases: page.trend.releases.map((r) => ({ ...r, first_seen_at: iso(r.first_seen_at) })),
        },
      };
    },
  );
}
