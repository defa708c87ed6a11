/**
 * Daily rollups: a scored conversation adds its contribution to its agent's local day, and a re-score takes
 * the stored contribution out before adding the new one, in the transaction that writes the results.
 */
import { type Kysely, sql } from 'kysely';
import {
  type Contribution,
  contributionOf,
  type FailedCheck,
  type ResultForHealth,
  TOTAL_FIELDS,
} from '../../domain/health/contribution.js';
import { type Day, localDay, type WindowDays } from '../../domain/health/days.js';
import { type Param, prepareQuery } from '../prepared.js';
import type { Database, HealthContributionsTable } from '../schema.js';
import type { Store } from '../store.js';
import { type HealthScope, type LockedStates, reevaluateGroups } from './evaluate.js';
import { createScoredAgentHealth } from './scored-agent.js';

type Counters = Pick<Contribution, (typeof TOTAL_FIELDS)[number]>;

/** The conversation being scored, as health needs it: whose day it adds to, and in which time zone. */
export interface ScoredConversation {
  id: string;
  agent_id: string;
  agent_version: string | null;
  ended_at_ms: number;
  timezone: string;
}

function storedContribution(row: HealthContributionsTable): Contribution {
  return {
    ...(Object.fromEntries(TOTAL_FIELDS.map((field) => [field, Number(row[field])])) as unknown as Counters),
    failed_checks: JSON.parse(row.failed_checks) as FailedCheck[],
  };
}

/** Failures per check of one contribution, so each agent-day-check row is written once. */
function failuresByCheck(failedChecks: readonly FailedCheck[]) {
  const byCheck = new Map<string, { name: string; failures: number; high: number }>();
  for (const failed of failedChecks) {
    const entry = byCheck.get(failed.key) ?? { name: failed.name, failures: 0, high: 0 };
    entry.failures += 1;
    if (failed.high) entry.high += 1;
    byCheck.set(failed.key, entry);
  }
  return byCheck;
}

/**
 * The rollup writes of scoring, compiled once per store: every scored conversation runs each of them, and
 * building a query costs more than running it.
 */
function prepareRollupStatements(store: Store) {
  const { db } = store;
  const dayKey = (p: Param) => ({
    project_id: p('project_id'),
    environment: p('environment'),
    agent_id: p('agent_id'),
    day: p('day'),
  });
  const addCheckFailures = (p: Param, nameFrom: 'excluded' | 'health_daily_checks') =>
    db
      .insertInto('health_daily_checks')
      .values({
        ...dayKey(p),
        check_key: p('check_key'),
        check_name: p('check_name'),
        failures: p('failures'),
        high_severity_failures: p('high_severity_failures'),
      })
      .onConflict((oc) =>
        oc.columns(['project_id', 'environment', 'agent_id', 'day', 'check_key']).doUpdateSet((eb) => ({
          failures: eb('health_daily_checks.failures', '+', eb.ref('excluded.failures')),
          high_severity_failures: eb(
            'health_daily_checks.high_severity_failures',
            '+',
            eb.ref('excluded.high_severity_failures'),
          ),
          check_name: eb.ref(`${nameFrom}.check_name`),
        })),
      );
  return {
    previousContribution: prepareQuery<HealthContributionsTable>(store, (p) =>
      db.selectFrom('health_contributions').selectAll().where('conversation_id', '=', p('conversation_id')),
    ),
    // Atomic increments (a negative contribution takes one out): safe under concurrency.
    addToDay: prepareQuery(store, (p) =>
      db
        .insertInto('health_daily')
        .values({
          ...dayKey(p),
          ...(Object.fromEntries(TOTAL_FIELDS.map((field) => [field, p(field)])) as unknown as Counters),
        })
        .onConflict((oc) =>
          oc
            .columns(['project_id', 'environment', 'agent_id', 'day'])
            .doUpdateSet(
              Object.fromEntries(
                TOTAL_FIELDS.map((field) => [
                  field,
                  sql`${sql.ref(`health_daily.${field}`)} + ${sql.ref(`excluded.${field}`)}`,
                ]),
              ),
            ),
        ),
    ),
    // Taking a contribution out (negative counts) keeps the name there is: reasons name a check by its latest name.
    addCheckFailures: prepareQuery(store, (p) => addCheckFailures(p, 'excluded')),
    removeCheckFailures: prepareQuery(store, (p) => addCheckFailures(p, 'health_daily_checks')),
    saveContribution: prepareQuery(store, (p) => {
      const row = {
        ...Object.fromEntries(TOTAL_FIELDS.map((field) => [field, p(field)])),
        agent_id: p('agent_id'),
        day: p('day'),
        failed_checks: p('failed_checks'),
      };
      return db
        .insertInto('health_contributions')
        .values({
          conversation_id: p('conversation_id'),
          project_id: p('project_id'),
          environment: p('environment'),
          ...row,
        } as never)
        .onConflict((oc) => oc.column('conversation_id').doUpdateSet(row as never));
    }),
    // A release with the first day it was seen (the earliest ended_at carrying it).
    recordRelease: prepareQuery(store, (p) =>
      db
        .insertInto('agent_releases')
        .values({
          project_id: p('project_id'),
          environment: p('environment'),
          agent_id: p('agent_id'),
          version: p('version'),
          first_seen_day: p('day'),
          first_seen_at: p('ended_at_ms'),
        })
        .onConflict((oc) =>
          oc
            .columns(['project_id', 'environment', 'agent_id', 'version'])
            .doUpdateSet((eb) => ({
              first_seen_day: eb.ref('excluded.first_seen_day'),
              first_seen_at: eb.ref('excluded.first_seen_at'),
            }))
            .where((eb) => eb('excluded.first_seen_at', '<', eb.ref('agent_releases.first_seen_at'))),
        ),
    ),
  };
}

export function createHealthRollups(store: Store) {
  const statements = prepareRollupStatements(store);
  const agentHealth = createScoredAgentHealth(store);

  /** Adds a contribution to one agent-day, or (sign -1) takes it out. */
  async function applyToDay(
    tx: Kysely<Database>,
    scope: HealthScope,
    agentId: string,
    day: Day,
    contribution: Contribution,
    sign: 1 | -1,
  ): Promise<void> {
    const key = { project_id: scope.projectId, environment: scope.environment, agent_id: agentId, day };
    await statements.addToDay.execute(tx, {
      ...key,
      ...Object.fromEntries(TOTAL_FIELDS.map((field) => [field, sign * contribution[field]])),
    });
    const statement = sign === 1 ? statements.addCheckFailures : statements.removeCheckFailures;
    for (const [checkKey, entry] of failuresByCheck(contribution.failed_checks)) {
      await statement.execute(tx, {
        ...key,
        check_key: checkKey,
        check_name: entry.name,
        failures: sign * entry.failures,
        high_severity_failures: sign * entry.high,
      });
    }
  }

  /** Moves a conversation's contribution from its previous results (if it was scored before) to the new ones. */
  async function moveContribution(
    tx: Kysely<Database>,
    scope: HealthScope,
    conversation: ScoredConversation,
    outcome: string | null,
    results: readonly ResultForHealth[],
  ): Promise<void> {
    const agentId = conversation.agent_id;
    const [previous] = await statements.previousContribution.execute(tx, { conversation_id: conversation.id });
    if (previous) await applyToDay(tx, scope, previous.agent_id, previous.day, storedContribution(previous), -1);

    const day = localDay(Number(conversation.ended_at_ms), conversation.timezone);
    const contribution = contributionOf(outcome, results);
    await applyToDay(tx, scope, agentId, day, contribution, 1);
    const { failed_checks, ...totals } = contribution;
    await statements.saveContribution.execute(tx, {
      ...totals,
      conversation_id: conversation.id,
      project_id: scope.projectId,
      environment: scope.environment,
      agent_id: agentId,
      day,
      failed_checks: JSON.stringify(failed_checks),
    });
    if (conversation.agent_version !== null) {
      await statements.recordRelease.execute(tx, {
        project_id: scope.projectId,
        environment: scope.environment,
        agent_id: agentId,
        version: conversation.agent_version,
        day,
        ended_at_ms: Number(conversation.ended_at_ms),
      });
    }
  }

  /**
   * Health after scoring the conversations of one transaction (a scoring batch, or one): every agent's state is locked
   * first (in id order, before any group), the contributions are moved, then each agent is re-evaluated
   * once and each group that may have moved once. The stored status is the one after the whole batch, so
   * a status that changed and changed back within one batch records no transition.
   */
  async function applyBatchHealth(tx: Kysely<Database>, items: readonly HealthBatchItem[], now: number): Promise<void> {
    const scopes = new Map<string, { scope: HealthScope; agents: Map<string, { timeZone: string; count: number }> }>();
    for (const { scope, conversation } of items) {
      const key = `${scope.projectId}\u0000${scope.environment}`;
      let entry = scopes.get(key);
      if (!entry) {
        entry = { scope, agents: new Map() };
        scopes.set(key, entry);
      }
      const agent = entry.agents.get(conversation.agent_id);
      if (agent) agent.count += 1;
      else entry.agents.set(conversation.agent_id, { timeZone: conversation.timezone, count: 1 });
    }
    const ordered = [...scopes.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, entry]) => ({
        ...entry,
        agentIds: [...entry.agents.keys()].sort(),
        locked: new Map() as LockedStates,
      }));
    // Every writer of an agent's health holds its state row first, so evaluations of one agent never interleave.
    for (const entry of ordered) {
      for (const agentId of entry.agentIds) await agentHealth.lock(tx, entry.scope, agentId, now, entry.locked);
    }
    for (const item of items) {
      await moveContribution(tx, item.scope, item.conversation, item.outcome, item.results);
    }
    for (const { scope, agents, agentIds, locked } of ordered) {
      const groups: string[] = [];
      let days: WindowDays | undefined;
      for (const agentId of agentIds) {
        const { timeZone, count } = agents.get(agentId) as { timeZone: string; count: number };
        const moved = await agentHealth.reevaluateAgentOnly(tx, scope, agentId, timeZone, now, locked, count);
        days = moved.days;
        if (moved.groupId) groups.push(moved.groupId);
      }
      if (days && groups.length > 0) await reevaluateGroups(tx, scope, groups, days, now, locked);
    }
  }

  return { applyBatchHealth };
}

/** One scored conversation of a batch, as health needs it. */
export interface HealthBatchItem {
  scope: HealthScope;
  conversation: ScoredConversation;
  outcome: string | null;
  results: readonly ResultForHealth[];
}

export type HealthRollups = ReturnType<typeof createHealthRollups>;
