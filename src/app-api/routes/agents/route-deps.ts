/** What the agents and groups routes are given beyond AppApiDeps, built once by agents/register.ts. */
import type { AgentPages } from '../../../storage/agent-pages.js';
import type { AgentsRepo } from '../../../storage/agents-repo.js';

export interface AgentRouteDeps {
  agentPages: AgentPages;
  agents: AgentsRepo;
}
