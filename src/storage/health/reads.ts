/**
 * Reading health: windows come from the daily rollups only (at most 30 rows per agent, by primary key), never
 * from conversations, so their cost does not grow with the number of conversations.
 */
import { type Kysely, sql } from 'kysely';
import type { Environment } from '../../domain/conversation.js';
import { addTotals, emptyTotals, type HealthTotals, TOTAL_FIELDS } from '../../domain/health/contribution.js';
import type { WindowDays } from '../../domain/health/days.js';
import {
  type AgentHealthInput,
  type Assessment,
  agentHealth,
  type CheckFailures,
  type GroupMember,
  groupHealth,
  type Release,
} from '../../domain/health/status.js';
import { prepareQuery } from '../prepared.js';
import type { Database } from '../schema.js';
import type { Store } from '../store.js';

export interface HealthScope {
  projectId: string;
  environment: Environment;
}

/** Everything the rules need of one agent, plus whether it counts for the group rule. */
export interface AgentInputs extends AgentHealthInput {
  agentId: string;
}

type WindowTotals = Map<string, { last7: HealthTotals; last30: HealthTotals }>;

/** Sums of each counter over the 30-day window and, through `from7`, over the 7-day one. */
function windowSums(from7: unknown) {
  return [
    ...TOTAL_FIELDS.map((field) => sql<number>`sum(${sql.ref(field)})`.as(`${field}_30`)),
    ...TOTAL_FIELDS.map((field) =>
      sql<number>`sum(case when ${sql.ref('day')} >= ${from7} then ${sql.ref(field)} else 0 end)`.as(`${field}_7`),
    ),
  ];
}

function windowTotalsOf(rows: readonly unknown[]): WindowTotals {
  const totals: WindowTotals = new Map();
  for (const row of rows as Array<Record<string, unknown> & { agent_id: string }>) {
    const last7 = emptyTotals();
    const last30 = emptyTotals();
    for (const field of TOTAL_FIELDS) {
      last7[field] = Number(row[`${field}_7`] ?? 0);
      last30[field] = Number(row[`${field}_30`] ?? 0);
    }
    totals.set(row.agent_id, { last7, last30 });
  }
  return totals;
}

/** `agentIds` undefined reads the whole scope (the daily sweep); an empty list reads nothing. */
async function windowTotals(
  ex: Kysely<Database>,
  scope: HealthScope,
  days: WindowDays,
  agentIds: readonly string[] | undefined,
): Promise<WindowTotals> {
  if (agentIds?.length === 0) return new Map();
  const rows = await ex
    .selectFrom('health_daily')
    .select('agent_id')
    .select(windowSums(days.from7))
    .where('project_id', '=', scope.projectId)
    .where('environment', '=', scope.environment)
    .$if(agentIds !== undefined, (qb) => qb.where('agent_id', 'in', agentIds as string[]))
    .where('day', '>=', days.from30)
    .where('day', '<=', days.today)
    .groupBy('agent_id')
    .execute();
  return windowTotalsOf(rows);
}

interface FailureRow {
  agent_id: string;
  check_key: string;
  check_name: string;
  failures: number;
  high_severity_failures: number;
}

/** Rows ordered by day, so each check keeps its latest day's name. */
function failuresOf(rows: readonly FailureRow[]): Map<string, CheckFailures[]> {
  const byAgent = new Map<string, CheckFailures[]>();
  const entries = new Map<string, CheckFailures>();
  for (const row of rows) {
    const id = `${row.agent_id}\u0000${row.check_key}`;
    let entry = entries.get(id);
    if (!entry) {
      entry = { key: row.check_key, name: row.check_name, failures: 0, high_severity_failures: 0 };
      entries.set(id, entry);
      const list = byAgent.get(row.agent_id) ?? [];
      list.push(entry);
      byAgent.set(row.agent_id, list);
    }
    entry.failures += Number(row.failures);
    entry.high_severity_failures += Number(row.high_severity_failures);
    entry.name = row.check_name; // the latest day's name
  }
  return byAgent;
}

async function failuresIn7(
  ex: Kysely<Database>,
  scope: HealthScope,
  days: WindowDays,
  agentIds: readonly string[] | undefined,
): Promise<Map<string, CheckFailures[]>> {
  if (agentIds?.length === 0) return new Map();
  const rows = await ex
    .selectFrom('health_daily_checks')
    .select(['agent_id', 'check_key', 'check_name', 'failures', 'high_severity_failures'])
    .where('project_id', '=', scope.projectId)
    .where('environment', '=', scope.environment)
    .$if(agentIds !== undefined, (qb) => qb.where('agent_id', 'in', agentIds as string[]))
    .where('day', '>=', days.from7)
    .where('day', '<=', days.today)
    .where('failures', '>', 0)
    .orderBy('day')
    .execute();
  return failuresOf(rows);
}

interface ReleaseRow {
  agent_id: string;
  version: string;
  first_seen_day: string;
  first_seen_at: number;
}

/** Each agent's newest release. */
function releasesOf(rows: readonly ReleaseRow[]): Map<string, Release & { at: number }> {
  const newest = new Map<string, Release & { at: number }>();
  for (const row of rows) {
    const at = Number(row.first_seen_at);
    const current = newest.get(row.agent_id);
    if (!current || at > current.at) {
      newest.set(row.agent_id, { version: row.version, first_seen_day: row.first_seen_day, at });
    }
  }
  return newest;
}

async function releasesIn7(
  ex: Kysely<Database>,
  scope: HealthScope,
  days: WindowDays,
  agentIds: readonly string[] | undefined,
): Promise<Map<string, Release & { at: number }>> {
  if (agentIds?.length === 0) return new Map();
  const rows = await ex
    .selectFrom('agent_releases')
    .select(['agent_id', 'version', 'first_seen_day', 'first_seen_at'])
    .where('project_id', '=', scope.projectId)
    .where('environment', '=', scope.environment)
    .$if(agentIds !== undefined, (qb) => qb.where('agent_id', 'in', agentIds as string[]))
    .where('first_seen_day', '>=', days.from7)
    .where('first_seen_day', '<=', days.today)
    .execute();
  return releasesOf(rows);
}

function inputsFrom(
  totals: WindowTotals,
  failures: Map<string, CheckFailures[]>,
  releases: Map<string, Release & { at: number }>,
): (agentId: string) => AgentInputs {
  return (agentId) => {
    const windows = totals.get(agentId);
    const release = releases.get(agentId);
    return {
      agentId,
      last7: windows?.last7 ?? emptyTotals(),
      last30: windows?.last30 ?? emptyTotals(),
      failures7: failures.get(agentId) ?? [],
      release: release ? { version: release.version, first_seen_day: release.first_seen_day } : null,
    };
  };
}

/** The rules' inputs for some agents (or every agent of the scope with rollups), in three indexed queries. */
export async function loadAgentInputs(
  ex: Kysely<Database>,
  scope: HealthScope,
  days: WindowDays,
  agentIds?: readonly string[],
): Promise<(agentId: string) => AgentInputs> {
  const [totals, failures, releases] = await Promise.all([
    windowTotals(ex, scope, days, agentIds),
    failuresIn7(ex, scope, days, agentIds),
    releasesIn7(ex, scope, days, agentIds),
  ]);
  return inputsFrom(totals, failures, releases);
}

/**
 * The rules' inputs for one agent, in the same three queries compiled once per store: scoring reads them for
 * every conversation.
 */
export function prepareAgentInputsReader(store: Store) {
  const { db } = store;
  const oneAgent = { project_id: 'project_id', environment: 'environment', agent_id: 'agent_id' } as const;
  const totals = prepareQuery(store, (p) =>
    db
      .selectFrom('health_daily')
      .select('agent_id')
      .select(windowSums(p('from7')))
      .where('project_id', '=', p(oneAgent.project_id))
      .where('environment', '=', p(oneAgent.environment))
      .where('agent_id', '=', p(oneAgent.agent_id))
      .where('day', '>=', p('from30'))
      .where('day', '<=', p('today'))
      .groupBy('agent_id'),
  );
  const failures = prepareQuery<FailureRow>(store, (p) =>
    db
      .selectFrom('health_daily_checks')
      .select(['agent_id', 'check_key', 'check_name', 'failures', 'high_severity_failures'])
      .where('project_id', '=', p(oneAgent.project_id))
      .where('environment', '=', p(oneAgent.environment))
      .where('agent_id', '=', p(oneAgent.agent_id))
      .where('day', '>=', p('from7'))
      .where('day', '<=', p('today'))
      .where('failures', '>', 0)
      .orderBy('day'),
  );
  const releases = prepareQuery<ReleaseRow>(store, (p) =>
    db
      .selectFrom('agent_releases')
      .select(['agent_id', 'version', 'first_seen_day', 'first_seen_at'])
      .where('project_id', '=', p(oneAgent.project_id))
      .where('environment', '=', p(oneAgent.environment))
      .where('agent_id', '=', p(oneAgent.agent_id))
      .where('first_seen_day', '>=', p('from7'))
      .where('first_seen_day', '<=', p('today')),
  );
  return async (ex: Kysely<Database>, scope: HealthScope, days: WindowDays, agentId: string): Promise<AgentInputs> => {
    const params = {
      project_id: scope.projectId,
      environment: scope.environment,
      agent_id: agentId,
      ...days,
    };
    const [totalRows, failureRows, releaseRows] = await Promise.all([
      totals.execute(ex, params),
      failures.execute(ex, params),
      releases.execute(ex, params),
    ]);
    return inputsFrom(windowTotalsOf(totalRows), failuresOf(failureRows), releasesOf(releaseRows))(agentId);
  };
}

export interface MemberRow {
  id: string;
  name: string;
  archived_at: number | null;
}

export interface AssessedMember {
  row: MemberRow;
  inputs: AgentInputs;
  assessment: Assessment;
  active: boolean;
}

export interface GroupAssessment {
  assessment: Assessment;
  members: AssessedMember[];
  last7: HealthTotals;
  last30: HealthTotals;
}

/**
 * The group rule over the agents currently in the group and not archived: window values are their totals;
 * an agent is active when it had a conversation in the last 30 days.
 */
export function assessGroup(
  members: readonly MemberRow[],
  inputsOf: (agentId: string) => AgentInputs,
): GroupAssessment {
  const last7 = emptyTotals();
  const last30 = emptyTotals();
  const assessed: AssessedMember[] = [];
  for (const row of members) {
    if (row.archived_at !== null) continue;
    const inputs = inputsOf(row.id);
    addTotals(last7, inputs.last7);
    addTotals(last30, inputs.last30);
    assessed.push({ row, inputs, assessment: agentHealth(inputs), active: inputs.last30.conversations > 0 });
  }
  const groupMembers: GroupMember[] = assessed.map((m) => ({
    id: m.row.id,
    name: m.row.name,
    active: m.active,
    assessment: m.assessment,
  }));
  return { assessment: groupHealth(groupMembers), members: assessed, last7, last30 };
}

export function groupMembers(ex: Kysely<Database>, scope: HealthScope, groupId: string): Promise<MemberRow[]> {
  return ex
    .selectFrom('agents')
    .select(['id', 'name', 'archived_at'])
    .where('project_id', '=', scope.projectId)
    .where('environment', '=', scope.environment)
    .where('group_id', '=', groupId)
    .where('archived_at', 'is', null)
    .orderBy('id')
    .execute();
}
