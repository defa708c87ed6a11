/** Agent and group health in the key's environment. */
import type { Requester, RequestOptions } from '../request.js';
import type { AgentHealth, GroupHealth } from '../types.js';

export class Agents {
  constructor(private readonly requester: Requester) {}

  /** The agent's status, reason and 7- and 30-day windows (`agentId` as sent in `agent.id`, or `default`). */
  async health(agentId: string, options: RequestOptions = {}): Promise<AgentHealth> {
    const result = await this.requester.send<AgentHealth>('GET', '/v1/agents/{agent_id}/health', {
      ...options,
      pathParams: { agent_id: agentId },
    });
    return result.body;
  }
}

export class Groups {
  constructor(private readonly requester: Requester) {}

  /** The group's status (the worst among its active agents), its agents and its windows as totals. */
  async health(groupId: string, options: RequestOptions = {}): Promise<GroupHealth> {
    const result = await this.requester.send<GroupHealth>('GET', '/v1/groups/{group_id}/health', {
      ...options,
      pathParams: { group_id: groupId },
    });
    return result.body;
  }
}
