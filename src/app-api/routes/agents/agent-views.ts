/** How agents and groups are shown in the application's JSON: instants as ISO strings. */
import type { AgentSummary, GroupSummary } from '../../../storage/agent-pages.js';
import { iso } from '../../scope.js';

export function agentSummaryView(agent: AgentSummary) {
  return {
    ...agent,
    archived_at: iso(agent.archived_at),
    last_conversation_at: iso(agent.last_conversation_at),
  };
}

export function groupSummaryView(group: GroupSummary) {
  return { ...group, last_conversation_at: iso(group.last_conversation_at) };
}
