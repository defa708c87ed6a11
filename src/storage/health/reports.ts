/** The health reports the API returns, computed at read time from the rollups for the current local day. */
import type { Kysely } from 'kysely';
import type { Environment } from '../../domain/conversation.js';
import { windowDays } from '../../domain/health/days.js';
import { agentHealth, type HealthStatus, type HealthWindow, toHealthWindow } from '../../domain/health/status.js';
import type { Database } from '../schema.js';
import type { Store } from '../store.js';
import { assessGroup, groupMembers, type HealthScope, loadAgentInputs } from './reads.js';

export interface AgentHealthReport {
  agent_id: string;
  name: string;
  environment: Environment;
  health_status: HealthStatus;
  reason: string;
  group: { id: string; name: string } | null;
  last_7_days: HealthWindow;
  last_30_days: HealthWindow;
}

export interface GroupHealthReport {
  group_id: string;
  name: string;
  environment: Environment;
  health_status: HealthStatus;
  reason: string;
  agents: Array<{ id: string; name: string; health_status: HealthStatus }>;
  last_7_days: HealthWindow;
  last_30_days: HealthWindow;
}

export async function agentHealthReport(
  ex: Kysely<Database>,
  scope: HealthScope,
  timeZone: string,
  agentId: string,
  now: number,
): Promise<AgentHealthReport | null> {
  // The agent and its rollups are read at once (on PostgreSQL, over separate connections of the pool).
  const [agent, inputsOf] = await Promise.all([
    ex
      .selectFrom('agents')
      .leftJoin('groups', (join) =>
        join
          .onRef('groups.project_id', '=', 'agents.project_id')
          .onRef('groups.environment', '=', 'agents.environment')
          .onRef('groups.id', '=', 'agents.group_id'),
      )
      .select(['agents.id', 'agents.name', 'agents.group_id', 'groups.name as group_name'])
      .where('agents.project_id', '=', scope.projectId)
      .where('agents.environment', '=', scope.environment)
      .where('agents.id', '=', agentId)
      .executeTakeFirst(),
    loadAgentInputs(ex, scope, windowDays(now, timeZone), [agentId]),
  ]);
  if (!agent) return null;
  const inputs = inputsOf(agentId);
  const { status, reason } = agentHealth(inputs);
  return {
    agent_id: agent.id,
    name: agent.name,
    environment: scope.environment,
    health_status: status,
    reason,
    group: agent.group_id === null ? null : { id: agent.group_id, name: agent.group_name ?? agent.group_id },
    last_7_days: toHealthWindow(inputs.last7),
    last_30_days: toHealthWindow(inputs.last30),
  };
}

export async function groupHealthReport(
  ex: Kysely<Database>,
  scope: HealthScope,
  timeZone: string,
  groupId: string,
  now: number,
): Promise<GroupHealthReport | null> {
  const group = await ex
    .selectFrom('groups')
    .select(['id', 'name'])
    .where('project_id', '=', scope.projectId)
    .where('environment', '=', scope.environment)
    .where('id', '=', groupId)
    .executeTakeFirst();
  if (!group) return null;
  const members = await groupMembers(ex, scope, groupId);
  const inputs = await loadAgentInputs(
    ex,
    scope,
    windowDays(now, timeZone),
    members.map((m) => m.id),
  );
  const assessed = assessGroup(members, inputs);
  return {
    group_id: group.id,
    name: group.name,
    environment: scope.environment,
    health_status: assessed.assessment.status,
    reason: assessed.assessment.reason,
    agents: assessed.members.map((m) => ({ id: m.row.id, name: m.row.name, health_status: m.assessment.status })),
    last_7_days: toHealthWindow(assessed.last7),
    last_30_days: toHealthWindow(assessed.last30),
  };
}

/** Health reads bound to a store, for the API. */
export function createHealthReports(store: Store) {
  return {
    agent: (scope: HealthScope, timeZone: string, agentId: string, now: number) =>
      agentHealthReport(store.db, scope, timeZone, agentId, now),
    group: (scope: HealthScope, timeZone: string, groupId: string, now: number) =>
      groupHealthReport(store.db, scope, timeZone, groupId, now),
  };
}

export type HealthReports = ReturnType<typeof createHealthReports>;
