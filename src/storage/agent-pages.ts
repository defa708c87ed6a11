/**
 * The agents and groups pages of the application: lists with health and both windows, an agent's page (health
 * history, trend series per local day, release markers) and a group's page. Everything health-related comes
 * from the daily rollups that scoring keeps (health_daily, agent_releases, health_transitions), so a page costs
 * the same with a thousand conversations or a million: an agent's trend is at most 90 rollup rows by primary key.
 * Status and reason are computed at read time from the same rollups, exactly as the /v1 health endpoints do.
 */
import type { Kysely } from 'kysely';
import { addTotals, emptyTotals, type HealthTotals, TOTAL_FIELDS } from '../domain/health/contribution.js';
import { addDays, type Day, windowDays } from '../domain/health/days.js';
import {
  type Assessment,
  agentHealth,
  type HealthStatus,
  type HealthWindow,
  isWorse,
  toHealthWindow,
} from '../domain/health/status.js';
import { type AssessedMember, assessGroup, loadAgentInputs } from './health/reads.js';
import type { Database } from './schema.js';
import type { Store } from './store.js';
import type { Scope } from './types.js';

export const TREND_RANGES = [30, 90] as const;
export type TrendRange = (typeof TREND_RANGES)[number];

export interface Placement {
  /** 'conversation' when filed by a conversation's `group`, 'person' when placed by someone; null if never filed. */
  by_kind: string | null;
  /** The person ("app:<user id>", "cli:<login>") or the conversation that placed it. */
  by: string | null;
  at: number | null;
}

export interface AgentSummary {
  id: string;
  name: string;
  group: { id: string; name: string } | null;
  archived_at: number | null;
  health_status: HealthStatus;
  reason: string;
  last_7_days: HealthWindow;
  last_30_days: HealthWindow;
  /** `ended_at` of its latest conversation (epoch ms), null when it has none. */
  last_conversation_at: number | null;
}

export interface GroupSummary {
  id: string;
  name: string;
  health_status: HealthStatus;
  reason: string;
  /** The agent whose status set the group's, null when none did (not_enough_calls). */
  set_by: { id: string; name: string } | null;
  agents: number;
  last_7_days: HealthWindow;
  last_30_days: HealthWindow;
  last_conversation_at: number | null;
}

/** One local day of an agent's trend; rates are null on a day without conversations with an outcome. */
export interface TrendPoint {
  day: Day;
  conversations: number;
  resolution_rate: number | null;
  handed_to_person_rate: number | null;
  avg_frustration: number | null;
  compliance_failures: number;
}

export interface ReleaseMarker {
  version: string;
  /** The local day of the earliest conversation that carried this version. */
  day: Day;
  first_seen_at: number;
}

export interface HealthTransitionEntry {
  seq: number;
  old_status: string;
  new_status: string;
  reason: string;
  at: number;
}

export interface AgentPage extends AgentSummary {
  placement: Placement;
  transitions: HealthTransitionEntry[];
  trend: { days: TrendRange; from: Day; to: Day; time_zone: string; points: TrendPoint[]; releases: ReleaseMarker[] };
}

export interface GroupPage extends GroupSummary {
  members: Array<Omit<AgentSummary, 'group'> & { active: boolean; sets_status: boolean }>;
}

const TRANSITIONS_SHOWN = 100;

function trendPoint(day: Day, totals: HealthTotals): TrendPoint {
  const window = toHealthWindow(totals);
  return {
    day,
    conversations: totals.conversations,
    resolution_rate: window.resolution_rate,
    handed_to_person_rate: totals.with_outcome > 0 ? window.handed_to_person_rate : null,
    avg_frustration: window.avg_frustration,
    compliance_failures: totals.compliance_failures,
  };
}

/**
 * The agent that set a group's status: the groupHealth rule's own choice (the worst status among active agents,
 * then the strongest case, then by name and id), so the page and the reason name the same agent.
 */
function setterOf(members: readonly AssessedMember[], status: HealthStatus): AssessedMember | null {
  if (status === 'not_enough_calls') return null;
  const setters = members
    .filter((m) => m.active && m.assessment.status === status)
    .sort(
      (x, y) =>
        y.assessment.weight - x.assessment.weight ||
        x.row.name.localeCompare(y.row.name) ||
        (x.row.id < y.row.id ? -1 : 1),
    );
  return setters[0] ?? null;
}

/** By name as people read it, then id: the same order on both stores (their collations differ). */
function byName<T extends { id: string; name: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function createAgentPages(store: Store) {
  const { db } = store;

  async function timeZoneOf(ex: Kysely<Database>, projectId: string): Promise<string> {
    const row = await ex
      .selectFrom('projects')
      .innerJoin('workspaces', 'workspaces.id', 'projects.workspace_id')
      .select('workspaces.timezone')
      .where('projects.id', '=', projectId)
      .executeTakeFirst();
    return row?.timezone ?? 'UTC';
  }

  /** Agents of the scope (or of one group) with their group, placement and latest conversation. */
  function agentRows(scope: Scope, filter: { agentId?: string; groupId?: string }) {
    return db
      .selectFrom('agents')
      .leftJoin('groups', (join) =>
        join
          .onRef('groups.project_id', '=', 'agents.project_id')
          .onRef('groups.environment', '=', 'agents.environment')
          .onRef('groups.id', '=', 'agents.group_id'),
      )
      .select([
        'agents.id',
        'agents.name',
        'agents.group_id',
        'groups.name as group_name',
        'agents.placed_by_kind',
        'agents.placed_by',
        'agents.placed_at',
        'agents.archived_at',
        // The latest ended_at: one step down the (project, environment, agent, ended_at) index (migration 008).
        (eb) =>
          eb
            .selectFrom('conversations')
            .select((inner) => inner.fn.max('conversations.ended_at_ms').as('m'))
            .whereRef('conversations.project_id', '=', 'agents.project_id')
            .whereRef('conversations.environment', '=', 'agents.environment')
            .whereRef('conversations.agent_id', '=', 'agents.id')
            .as('last_conversation_at'),
      ])
      .where('agents.project_id', '=', scope.projectId)
      .where('agents.environment', '=', scope.environment)
      .$if(filter.agentId !== undefined, (qb) => qb.where('agents.id', '=', filter.agentId as string))
      .$if(filter.groupId !== undefined, (qb) => qb.where('agents.group_id', '=', filter.groupId as string))
      .execute()
      .then(byName);
  }
  type AgentRow = Awaited<ReturnType<typeof agentRows>>[number];

  function summaryOf(row: AgentRow, assessment: Assessment, last7: HealthTotals, last30: HealthTotals): AgentSummary {
    return {
      id: row.id,
      name: row.name,
      group: row.group_id === null ? null : { id: row.group_id, name: row.group_name ?? row.group_id },
      archived_at: row.archived_at === null ? null : Number(row.archived_at),
      health_status: assessment.status,
      reason: assessment.reason,
      last_7_days: toHealthWindow(last7),
      last_30_days: toHealthWindow(last30),
      last_conversation_at: row.last_conversation_at == null ? null : Number(row.last_conversation_at),
    };
  }

  async function trend(scope: Scope, agentId: string, today: Day, days: TrendRange) {
    const from = addDays(today, -(days - 1));
    const [rows, releases] = await Promise.all([
      db
        .selectFrom('health_daily')
        .select(['day', ...TOTAL_FIELDS])
        .where('project_id', '=', scope.projectId)
        .where('environment', '=', scope.environment)
        .where('agent_id', '=', agentId)
        .where('day', '>=', from)
        .where('day', '<=', today)
        .execute(),
      db
        .selectFrom('agent_releases')
        .select(['version', 'first_seen_day', 'first_seen_at'])
        .where('project_id', '=', scope.projectId)
        .where('environment', '=', scope.environment)
        .where('agent_id', '=', agentId)
        .where('first_seen_day', '>=', from)
        .where('first_seen_day', '<=', today)
        .orderBy('first_seen_at')
        .execute(),
    ]);
    const byDay = new Map<string, HealthTotals>();
    for (const row of rows) byDay.set(row.day, addTotals(emptyTotals(), row as Partial<HealthTotals>));
    const points: TrendPoint[] = [];
    for (let day = from; day <= today; day = addDays(day, 1)) {
      points.push(trendPoint(day, byDay.get(day) ?? emptyTotals()));
    }
    return {
      days,
      from,
      to: today,
      points,
      releases: releases.map((r) => ({
        version: r.version,
        day: r.first_seen_day,
        first_seen_at: Number(r.first_seen_at),
      })),
    };
  }

  async function groupSummaries(scope: Scope, now: number, groupId?: string) {
    const timeZone = await timeZoneOf(db, scope.projectId);
    const days = windowDays(now, timeZone);
    const [groups, agents, inputsOf] = await Promise.all([
      db
        .selectFrom('groups')
        .select(['id', 'name'])
        .where('project_id', '=', scope.projectId)
        .where('environment', '=', scope.environment)
        .$if(groupId !== undefined, (qb) => qb.where('id', '=', groupId as string))
        .execute()
        .then(byName),
      agentRows(scope, groupId === undefined ? {} : { groupId }),
      // Every agent's windows of the scope in one grouped read (a group's page: its agents only).
      groupId === undefined
        ? loadAgentInputs(db, scope, days)
        : db
            .selectFrom('agents')
            .select('id')
            .where('project_id', '=', scope.projectId)
            .where('environment', '=', scope.environment)
            .where('group_id', '=', groupId)
            .execute()
            .then((rows) =>
              loadAgentInputs(
                db,
                scope,
                days,
                rows.map((r) => r.id),
              ),
            ),
    ]);
    const summaries = groups.map((group) => {
      const rows = agents.filter((a) => a.group_id === group.id);
      const assessed = assessGroup(
        rows.map((r) => ({
          id: r.id,
          name: r.name,
          archived_at: r.archived_at === null ? null : Number(r.archived_at),
        })),
        inputsOf,
      );
      const setter = setterOf(assessed.members, assessed.assessment.status);
      const last = rows.reduce<number | null>((latest, r) => {
        const at = r.last_conversation_at == null ? null : Number(r.last_conversation_at);
        return at !== null && (latest === null || at > latest) ? at : latest;
      }, null);
      const summary: GroupSummary = {
        id: group.id,
        name: group.name,
        health_status: assessed.assessment.status,
        reason: assessed.assessment.reason,
        set_by: setter ? { id: setter.row.id, name: setter.row.name } : null,
        agents: assessed.members.length,
        last_7_days: toHealthWindow(assessed.last7),
        last_30_days: toHealthWindow(assessed.last30),
        last_conversation_at: last,
      };
      return { summary, rows, assessed, setter };
    });
    return { groups: summaries, agents, inputsOf };
  }

  return {
    timeZoneOf: (projectId: string) => timeZoneOf(db, projectId),

    async listAgents(scope: Scope, now: number): Promise<AgentSummary[]> {
      const timeZone = await timeZoneOf(db, scope.projectId);
      const [rows, inputsOf] = await Promise.all([
        agentRows(scope, {}),
        loadAgentInputs(db, scope, windowDays(now, timeZone)),
      ]);
      return rows.map((row) => {
        const inputs = inputsOf(row.id);
        return summaryOf(row, agentHealth(inputs), inputs.last7, inputs.last30);
      });
    },

    async listGroups(scope: Scope, now: number): Promise<GroupSummary[]> {
      return (await groupSummaries(scope, now)).groups.map((g) => g.summary);
    },

    /** Every agent and every group of the scope at once (Home), from one read of the agents and their rollups. */
    async overview(scope: Scope, now: number): Promise<{ agents: AgentSummary[]; groups: GroupSummary[] }> {
      const { groups, agents, inputsOf } = await groupSummaries(scope, now);
      return {
        agents: agents.map((row) => {
          const inputs = inputsOf(row.id);
          return summaryOf(row, agentHealth(inputs), inputs.last7, inputs.last30);
        }),
        groups: groups.map((g) => g.summary),
      };
    },

    async agentPage(scope: Scope, agentId: string, now: number, days: TrendRange = 30): Promise<AgentPage | null> {
      const timeZone = await timeZoneOf(db, scope.projectId);
      const window = windowDays(now, timeZone);
      const [rows, inputsOf, transitions, series] = await Promise.all([
        agentRows(scope, { agentId }),
        loadAgentInputs(db, scope, window, [agentId]),
        db
          .selectFrom('health_transitions')
          .select(['seq', 'old_status', 'new_status', 'reason', 'created_at'])
          .where('project_id', '=', scope.projectId)
          .where('environment', '=', scope.environment)
          .where('subject_kind', '=', 'agent')
          .where('subject_id', '=', agentId)
          .orderBy('seq', 'desc')
          .limit(TRANSITIONS_SHOWN)
          .execute(),
        trend(scope, agentId, window.today, days),
      ]);
      const row = rows[0];
      if (!row) return null;
      const inputs = inputsOf(agentId);
      return {
        ...summaryOf(row, agentHealth(inputs), inputs.last7, inputs.last30),
        placement: {
          by_kind: row.placed_by_kind,
          by: row.placed_by,
          at: row.placed_at === null ? null : Number(row.placed_at),
        },
        transitions: transitions.map((t) => ({
          seq: Number(t.seq),
          old_status: t.old_status,
          new_status: t.new_status,
          reason: t.reason,
          at: Number(t.created_at),
        })),
        trend: { ...series, time_zone: timeZone },
      };
    },

    async groupPage(scope: Scope, groupId: string, now: number): Promise<GroupPage | null> {
      const [group] = (await groupSummaries(scope, now, groupId)).groups;
      if (!group) return null;
      const assessedById = new Map(group.assessed.members.map((m) => [m.row.id, m]));
      const members = group.rows.map((row) => {
        const assessed = assessedById.get(row.id);
        // An archived agent is listed (it is still in the group) but not assessed for it.
        const inputs = assessed?.inputs;
        const assessment = assessed?.assessment ?? {
          status: 'not_enough_calls' as const,
          reason: 'Archived',
          weight: 0,
        };
        const { group: _group, ...summary } = summaryOf(
          row,
          assessment,
          inputs?.last7 ?? emptyTotals(),
          inputs?.last30 ?? emptyTotals(),
        );
        return { ...summary, active: assessed?.active ?? false, sets_status: group.setter?.row.id === row.id };
      });
      members.sort(
        (a, b) =>
          (isWorse(a.health_status, b.health_status) ? -1 : isWorse(b.health_status, a.health_status) ? 1 : 0) ||
          a.name.localeCompare(b.name),
      );
      return { ...group.summary, members };
    },
  };
}

export type AgentPages = ReturnType<typeof createAgentPages>;
