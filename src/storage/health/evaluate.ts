/**
 * Stored health: the last status of every agent and group, and each change of it, written in the transaction
 * that caused the change. Writers lock state rows agents first, then groups, each by id, so they never deadlock.
 */
import type { Kysely } from 'kysely';
import { type WindowDays, windowDays } from '../../domain/health/days.js';
import {
  type Assessment,
  agentHealth,
  type HealthStatus,
  type HealthSubjectKind,
  healthEvent,
  INITIAL_STATUS,
} from '../../domain/health/status.js';
import { newId } from '../../domain/ids.js';
import type { Database } from '../schema.js';
import { enqueueHealthEvent } from '../webhooks/outbox.js';
import {
  type AgentInputs,
  assessGroup,
  groupMembers,
  type HealthScope,
  loadAgentInputs,
  type MemberRow,
} from './reads.js';

export type { HealthScope } from './reads.js';

export interface Subject {
  kind: HealthSubjectKind;
  id: string;
}

export interface StoredState {
  status: HealthStatus;
  reason: string;
  transitions: number;
}

/** Keyed `${kind}:${id}`. */
export type LockedStates = Map<string, StoredState>;

export const stateKey = (kind: HealthSubjectKind, id: string) => `${kind}:${id}`;
const LOCK_CHUNK = 500;

/**
 * Creates the missing state rows (an agent or group never measured is not_enough_calls) and locks them all:
 * on PostgreSQL the no-op update of an upsert holds the row until commit; SQLite has one writer anyway.
 */
export async function lockStates(
  tx: Kysely<Database>,
  scope: HealthScope,
  subjects: readonly Subject[],
  now: number,
  into: LockedStates = new Map(),
): Promise<LockedStates> {
  const ordered = [...new Map(subjects.map((s) => [stateKey(s.kind, s.id), s])).values()].sort((a, b) =>
    a.kind === b.kind ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.kind === 'agent' ? -1 : 1,
  );
  for (let i = 0; i < ordered.length; i += LOCK_CHUNK) {
    const rows = await tx
      .insertInto('health_states')
      .values(
        ordered.slice(i, i + LOCK_CHUNK).map((s) => ({
          project_id: scope.projectId,
          environment: scope.environment,
          subject_kind: s.kind,
          subject_id: s.id,
          status: INITIAL_STATUS,
          reason: '',
          transitions: 0,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['project_id', 'environment', 'subject_kind', 'subject_id'])
          .doUpdateSet((eb) => ({ updated_at: eb.ref('health_states.updated_at') })),
      )
      .returning(['subject_kind', 'subject_id', 'status', 'reason', 'transitions'])
      .execute();
    for (const row of rows) {
      into.set(stateKey(row.subject_kind as HealthSubjectKind, row.subject_id), {
        status: row.status as HealthStatus,
        reason: row.reason,
        transitions: Number(row.transitions),
      });
    }
  }
  return into;
}

/** Stores a new assessment; a change of status is also recorded as a transition. Returns whether it changed. */
async function record(
  tx: Kysely<Database>,
  scope: HealthScope,
  subject: Subject,
  locked: LockedStates,
  next: Assessment,
  groupId: string | null,
  now: number,
): Promise<boolean> {
  const key = stateKey(subject.kind, subject.id);
  const previous = locked.get(key);
  if (!previous) throw new Error(`health state of ${key} was not locked before recording`);
  if (previous.status === next.status && previous.reason === next.reason) return false;
  const changed = previous.status !== next.status;
  const transitions = previous.transitions + (changed ? 1 : 0);
  await tx
    .updateTable('health_states')
    .set({ status: next.status, reason: next.reason, transitions, updated_at: now })
    .where('project_id', '=', scope.projectId)
    .where('environment', '=', scope.environment)
    .where('subject_kind', '=', subject.kind)
    .where('subject_id', '=', subject.id)
    .execute();
  locked.set(key, { status: next.status, reason: next.reason, transitions });
  if (!changed) return false;
  const transitionId = newId('htr', now);
  const event = healthEvent(subject.kind, previous.status, next.status);
  await tx
    .insertInto('health_transitions')
    .values({
      id: transitionId,
      project_id: scope.projectId,
      environment: scope.environment,
      subject_kind: subject.kind,
      subject_id: subject.id,
      seq: transitions,
      group_id: groupId,
      old_status: previous.status,
      new_status: next.status,
      reason: next.reason,
      event,
      created_at: now,
    })
    .execute();
  // The webhook for this transition commits with it (the outbox): exactly one event per transition.
  if (event !== null) {
    await enqueueHealthEvent(
      tx,
      scope,
      {
        id: transitionId,
        subject_kind: subject.kind,
        subject_id: subject.id,
        group_id: groupId,
        old_status: previous.status,
        new_status: next.status,
        reason: next.reason,
        event,
      },
      now,
    );
  }
  return true;
}

async function reevaluateGroupWithDays(
  tx: Kysely<Database>,
  scope: HealthScope,
  groupId: string,
  days: WindowDays,
  now: number,
  locked: LockedStates,
): Promise<void> {
  await lockStates(tx, scope, [{ kind: 'group', id: groupId }], now, locked);
  const members = await groupMembers(tx, scope, groupId);
  const inputs = await loadAgentInputs(
    tx,
    scope,
    days,
    members.map((m) => m.id),
  );
  const { assessment } = assessGroup(members, inputs);
  await record(tx, scope, { kind: 'group', id: groupId }, locked, assessment, groupId, now);
}

/**
 * Re-evaluates one agent and the groups named (its current group by default), after something changed its
 * numbers or its placement. The agent's state must already be locked (see lockStates).
 */
export async function reevaluateAgent(
  tx: Kysely<Database>,
  scope: HealthScope,
  agentId: string,
  timeZone: string,
  now: number,
  locked: LockedStates,
  alsoGroups: readonly string[] = [],
): Promise<void> {
  const agent = await tx
    .selectFrom('agents')
    .select(['group_id'])
    .where('project_id', '=', scope.projectId)
    .where('environment', '=', scope.environment)
    .where('id', '=', agentId)
    .executeTakeFirst();
  const days = windowDays(now, timeZone);
  const inputs = (await loadAgentInputs(tx, scope, days, [agentId]))(agentId);
  const ownGroup = await recordAgentOnly(
    tx,
    scope,
    { agentId, groupId: agent?.group_id ?? null, inputs, days, now, locked },
    undefined,
  );
  const groups = [...new Set([...(ownGroup ? [ownGroup] : []), ...alsoGroups])];
  await reevaluateGroups(tx, scope, groups, days, now, locked);
}

/** What re-evaluating an agent starts from: its group and its inputs, read in the caller's transaction. */
export interface AgentEvaluation {
  agentId: string;
  groupId: string | null;
  inputs: AgentInputs;
  days: WindowDays;
  now: number;
  locked: LockedStates;
}

/**
 * Records the agent's assessment alone and returns its group when that group may have moved with it, so a
 * caller re-evaluating several agents (a scoring batch) re-evaluates each group once, after all of them.
 * `justScored`: how many conversations the caller has just added to the agent, when the group is to be
 * re-evaluated only if the agent moved; undefined re-evaluates the group always.
 */
export async function recordAgentOnly(
  tx: Kysely<Database>,
  scope: HealthScope,
  { agentId, groupId, inputs, now, locked }: AgentEvaluation,
  justScored: number | undefined,
): Promise<string | null> {
  const before = locked.get(stateKey('agent', agentId));
  const assessment = agentHealth(inputs);
  await record(tx, scope, { kind: 'agent', id: agentId }, locked, assessment, groupId, now);
  // A group's assessment is made of its agents' assessments (status, reason, and whether they are active):
  // when this agent's is the same as before and it was already active before the conversations just
  // scored, its group cannot have changed.
  const unchanged =
    justScored !== undefined &&
    before !== undefined &&
    before.status === assessment.status &&
    before.reason === assessment.reason &&
    inputs.last30.conversations > justScored;
  return groupId && !unchanged ? groupId : null;
}

/** Re-evaluates groups in id order (writers lock groups by id, after agents). */
export async function reevaluateGroups(
  tx: Kysely<Database>,
  scope: HealthScope,
  groupIds: readonly string[],
  days: WindowDays,
  now: number,
  locked: LockedStates,
): Promise<void> {
  for (const id of [...new Set(groupIds)].sort()) await reevaluateGroupWithDays(tx, scope, id, days, now, locked);
}

/**
 * Re-evaluates every agent and group of a project and environment from the rollups alone: the daily sweep,
 * for health that moves with time (a bad day leaving the 7-day window). Returns how many statuses changed.
 */
export async function reevaluateScope(
  tx: Kysely<Database>,
  scope: HealthScope,
  timeZone: string,
  now: number,
): Promise<number> {
  const [agents, groups] = await Promise.all([
    tx
      .selectFrom('agents')
      .select(['id', 'name', 'group_id', 'archived_at'])
      .where('project_id', '=', scope.projectId)
      .where('environment', '=', scope.environment)
      .execute(),
    tx
      .selectFrom('groups')
      .select('id')
      .where('project_id', '=', scope.projectId)
      .where('environment', '=', scope.environment)
      .execute(),
  ]);
  if (agents.length === 0 && groups.length === 0) return 0;
  const locked = await lockStates(
    tx,
    scope,
    [
      ...agents.map((a) => ({ kind: 'agent' as const, id: a.id })),
      ...groups.map((g) => ({ kind: 'group' as const, id: g.id })),
    ],
    now,
  );
  const days = windowDays(now, timeZone);
  const inputs = await loadAgentInputs(tx, scope, days);
  let changed = 0;
  const membersOf = new Map<string, MemberRow[]>();
  for (const agent of agents) {
    const assessment = agentHealth(inputs(agent.id));
    if (await record(tx, scope, { kind: 'agent', id: agent.id }, locked, assessment, agent.group_id, now)) changed++;
    if (agent.group_id !== null) {
      const list = membersOf.get(agent.group_id) ?? [];
      list.push(agent);
      membersOf.set(agent.group_id, list);
    }
  }
  for (const group of groups) {
    const { assessment } = assessGroup(membersOf.get(group.id) ?? [], inputs);
    if (await record(tx, scope, { kind: 'group', id: group.id }, locked, assessment, group.id, now)) changed++;
  }
  return changed;
}
