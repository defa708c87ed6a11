/** The agents routes (part 2 of the application), with the stores they need built once. */
import type { ZodApp } from '../../../api/routes/types.js';
import { createAgentPages } from '../../../storage/agent-pages.js';
import { createAgentsRepo } from '../../../storage/agents-repo.js';
import type { AppApiDeps } from '../../deps.js';
import { registerArchiveAgent } from './archive-agent.js';
import { registerGetAgent } from './get-agent.js';
import { registerListAgentHealth } from './list-agent-health.js';
import { registerPlaceAgent } from './place-agent.js';
import type { AgentRouteDeps } from './route-deps.js';

export function agentRouteDeps(deps: AppApiDeps): AppApiDeps & AgentRouteDeps {
  return Object.assign(Object.create(deps) as AppApiDeps, {
    agentPages: createAgentPages(deps.store),
    agents: createAgentsRepo(deps.store, deps.clock),
  });
}

export function registerAgentRoutes(app: ZodApp, deps: AppApiDeps & AgentRouteDeps): void {
  registerListAgentHealth(app, deps);
  registerGetAgent(app, deps);
  registerPlaceAgent(app, deps);
  registerArchiveAgent(app, deps);
}
