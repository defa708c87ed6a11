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
import { type Day, localDay } from '../../domain/health/days.js';
import type { Database, HealthContributionsTable } from '../schema.js';
import { type HealthScope, lockStates, reevaluateAgent } from './evaluate.js';

type Counters = Pick<Contribution, (typeof TOTAL_FIELDS)[number]>;

function counters(contribution: Counters, sign: 1 | -1): Counters {
  return Object.fromEntries(TOTAL_FIELDS.map((field) => [field, sign * contribution[field]])) as unknown as Counters;
}

/** Adds a contribution to one agent-day (sign -1 takes it out): atomic increments, safe under concurrency. */
async function applyToDay(
  tx: Kysely<Database>,
  scope: HealthScope,
  agentId: string,
  day: Day,
  contribution: Counters & { failed_checks: FailedCheck[] },
  sign: 1 | -1,
): Promise<void> {
  const key = { project_id: scope.projectId, environment: scope.environment, agent_id: agentId, day };
  await tx
    .insertInto('health_daily')
    .values({ ...key, ...counters(contribution, sign) })
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
    )
    .execute();

  const byCheck = new Map<string, { name: string; failures: number; high: number }>();
  for (const failed of contribution.failed_checks) {
    const entry = byCheck.get(failed.key) ?? { name: failed.name, failures: 0, high: 0 };
    entry.failures += 1;
    if (failed.high) entry.high += 1;
    byCheck.set(failed.key, entry);
  }
  for (const [checkKey, entry] of byCheck) {
    await tx
      .insertInto('health_daily_checks')
      .values({
        ...key,
        check_key: checkKey,
        check_name: entry.name,
        failures: sign * entry.failures,
        high_severity_failures: sign * entry.high,
      })
      .onConflict((oc) =>
        oc.columns(['project_id', 'environment', 'agent_id', 'day', 'check_key']).doUpdateSet((eb) => ({
          failures: eb('health_daily_checks.failures', '+', eb.ref('excluded.failures')),
          high_severity_failures: eb(
            'health_daily_checks.high_severity_failures',
            '+',
            eb.ref('excluded.high_severity_failures'),
          ),
          // Reasons name a check by its latest name; taking a contribution out keeps the name there is.
          check_name: sign === 1 ? eb.ref('excluded.check_name') : eb.ref('health_daily_checks.check_name'),
        })),
      )
      .execute();
  }
}

function storedContribution(row: HealthContributionsTable): Contribution {
  return {
    ...(Object.fromEntries(TOTAL_FIELDS.map((field) => [field, Number(row[field])])) as unknown as Counters),
    failed_checks: JSON.parse(row.failed_checks) as FailedCheck[],
  };
}

/** Records a release of an agent with the first day it was seen (the earliest ended_at carrying it). */
async function recordRelease(
  tx: Kysely<Database>,
  scope: HealthScope,
  agentId: string,
  version: string,
  endedAtMs: number,
  day: Day,
): Promise<void> {
  await tx
    .insertInto('agent_releases')
    .values({
      project_id: scope.projectId,
      environment: scope.environment,
      agent_id: agentId,
      version,
      first_seen_day: day,
      first_seen_at: endedAtMs,
    })
    .onConflict((oc) =>
      oc
        .columns(['project_id', 'environment', 'agent_id', 'version'])
        .doUpdateSet((eb) => ({
          first_seen_day: eb.ref('excluded.first_seen_day'),
          first_seen_at: eb.ref('excluded.first_seen_at'),
        }))
        .where((eb) => eb('excluded.first_seen_at', '<', eb.ref('agent_releases.first_seen_at'))),
    )
    .execute();
}

/**
 * Moves a conversation's contribution to health from its previous results (if it was scored before) to the
 * new ones, then re-evaluates its agent and the agent's group, recording any change of status. Runs inside
 * the caller's transaction, after the results are written.
 */
export async function applyConversationHealth(
  tx: Kysely<Database>,
  scope: HealthScope,
  conversationId: string,
  outcome: string | null,
  results: readonly ResultForHealth[],
  now: number,
): Promise<void> {
  const conversation = await tx
    .selectFrom('conversations')
    .innerJoin('projects', 'projects.id', 'conversations.project_id')
    .innerJoin('workspaces', 'workspaces.id', 'projects.workspace_id')
    .select([
      'conversations.agent_id',
      'conversations.agent_version',
      'conversations.ended_at_ms',
      'workspaces.timezone',
    ])
    .where('conversations.id', '=', conversationId)
    .where('conversations.project_id', '=', scope.projectId)
    .where('conversations.environment', '=', scope.environment)
    .executeTakeFirst();
  if (!conversation) return;
  const agentId = conversation.agent_id;

  // Every writer of an agent's health holds its state row first, so evaluations of one agent never interleave.
  const states = await lockStates(tx, scope, [{ kind: 'agent', id: agentId }], now);

  const previous = await tx
    .selectFrom('health_contributions')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  if (previous) await applyToDay(tx, scope, previous.agent_id, previous.day, storedContribution(previous), -1);

  const day = localDay(Number(conversation.ended_at_ms), conversation.timezone);
  const contribution = contributionOf(outcome, results);
  await applyToDay(tx, scope, agentId, day, contribution, 1);
  const { failed_checks, ...totals } = contribution;
  const row = { ...totals, agent_id: agentId, day, failed_checks: JSON.stringify(failed_checks) };
  await tx
    .insertInto('health_contributions')
    .values({ conversation_id: conversationId, project_id: scope.projectId, environment: scope.environment, ...row })
    .onConflict((oc) => oc.column('conversation_id').doUpdateSet(row))
    .execute();

  if (conversation.agent_version !== null) {
    await recordRelease(tx, scope, agentId, conversation.agent_version, Number(conversation.ended_at_ms), day);
  }
  await reevaluateAgent(tx, scope, agentId, conversation.timezone, now, states, [], true);
}
