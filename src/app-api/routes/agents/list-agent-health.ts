import type { ZodApp } from '../../../api/routes/types.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { projectEnvParams, projectScope } from '../../scope.js';
import { agentSummaryView } from './agent-views.js';
import type { AgentRouteDeps } from './route-deps.js';

/** The agents list: health status and reason, both windows, time since the last conversation. */
export function registerListAgentHealth(app: ZodApp, deps: AppApiDeps & AgentRouteDeps): void {
  app.get(
    '/projects/:project_id/:environment/health/agents',
    { schema: { params: projectEnvParams } },
    async (request) => {
      const scope = await projectScope(deps, sessionOf(request).session.workspace.id, request.params);
      const agents = await deps.agentPages.listAgents(scope, deps.clock());
      return { data: agents.map(agentSummaryView) };
    },
  );
}
