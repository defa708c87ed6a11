/**
 * A workspace's time zone changed: health days are local dates, so every stored day of its projects moves.
 * Each conversation's contribution is kept (its counters do not depend on the zone); only its day is
 * recomputed from ended_at, then the daily rollups are summed again from the contributions, release days
 * recomputed, and every agent and group re-evaluated. Runs inside the transaction that changes the zone,
 * so readers see the old days or the new ones, never a mix.
 */
import type { Insertable, Kysely } from 'kysely';
import { ENVIRONMENTS } from '../../domain/conversation.js';
import { addTotals, emptyTotals, type FailedCheck, type HealthTotals } from '../../domain/health/contribution.js';
import { localDay } from '../../domain/health/days.js';
import type { Database, HealthDailyChecksTable } from '../schema.js';
import type { HealthScope } from './evaluate.js';
import { reevaluateScope } from './evaluate.js';

const BATCH = 500;

async function insertChunks<T extends 'health_daily' | 'health_daily_checks'>(
  tx: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
  }
}

async function rezoneScope(tx: Kysely<Database>, scope: HealthScope, timeZone: string): Promise<void> {
  const where = { project_id: scope.projectId, environment: scope.environment };
  type DayKey = { project_id: string; environment: string; agent_id: string; day: string };
  const daily = new Map<string, { key: DayKey; totals: HealthTotals }>();
  const checks = new Map<string, HealthDailyChecksTable>();
  let after = '';
  for (;;) {
    const rows = await tx
      .selectFrom('health_contributions as h')
      .innerJoin('conversations as c', 'c.id', 'h.conversation_id')
      .selectAll('h')
      .select('c.ended_at_ms')
      .where('h.project_id', '=', where.project_id)
      .where('h.environment', '=', where.environment)
      .where('h.conversation_id', '>', after)
      .orderBy('h.conversation_id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    after = (rows.at(-1) as { conversation_id: string }).conversation_id;
    for (const row of rows) {
      const day = localDay(Number(row.ended_at_ms), timeZone);
      if (day !== row.day) {
        await tx
          .updateTable('health_contributions')
          .set({ day })
          .where('conversation_id', '=', row.conversation_id)
          .execute();
      }
      const key = { ...where, agent_id: row.agent_id, day };
      const dayKey = `${row.agent_id}\u0000${day}`;
      const entry = daily.get(dayKey) ?? { key, totals: emptyTotals() };
      addTotals(entry.totals, row);
      daily.set(dayKey, entry);
      for (const failed of JSON.parse(row.failed_checks) as FailedCheck[]) {
        const checkKey = `${dayKey}\u0000${failed.key}`;
        const check = checks.get(checkKey) ?? {
          ...key,
          check_key: failed.key,
          check_name: failed.name,
          failures: 0,
          high_severity_failures: 0,
        };
        check.failures += 1;
        if (failed.high) check.high_severity_failures += 1;
        checks.set(checkKey, check);
      }
    }
  }

  for (const table of ['health_daily', 'health_daily_checks'] as const) {
    await tx
      .deleteFrom(table)
      .where('project_id', '=', where.project_id)
      .where('environment', '=', where.environment)
      .execute();
  }
  await insertChunks(
    tx,
    'health_daily',
    [...daily.values()].map((d) => ({ ...d.key, ...d.totals })),
  );
  await insertChunks(tx, 'health_daily_checks', [...checks.values()]);

  const releases = await tx
    .selectFrom('agent_releases')
    .select(['agent_id', 'version', 'first_seen_day', 'first_seen_at'])
    .where('project_id', '=', where.project_id)
    .where('environment', '=', where.environment)
    .execute();
  for (const release of releases) {
    const day = localDay(Number(release.first_seen_at), timeZone);
    if (day === release.first_seen_day) continue;
    await tx
      .updateTable('agent_releases')
      .set({ first_seen_day: day })
      .where('project_id', '=', where.project_id)
      .where('environment', '=', where.environment)
      .where('agent_id', '=', release.agent_id)
      .where('version', '=', release.version)
      .execute();
  }
}

/** Moves every health day of a workspace's projects into `timeZone` and re-evaluates their health at `now`. */
export async function rezoneWorkspaceHealth(
  tx: Kysely<Database>,
  workspaceId: string,
  timeZone: string,
  now: number,
): Promise<void> {
  const projects = await tx.selectFrom('projects').select('id').where('workspace_id', '=', workspaceId).execute();
  for (const project of projects) {
    for (const environment of ENVIRONMENTS) {
      const scope = { projectId: project.id, environment };
      await rezoneScope(tx, scope, timeZone);
      await reevaluateScope(tx, scope, timeZone, now);
    }
  }
}
