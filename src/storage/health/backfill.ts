/**
 * Rolls up conversations scored before health existed (run once, by migration 003). Results stored before
 * then did not carry their check's category and severity: they are taken from the check's stored version, or
 * for a built-in never edited, from its definition as of that migration.
 */
import { type Kysely, sql } from 'kysely';
import { addTotals, contributionOf, emptyTotals, type HealthTotals } from '../../domain/health/contribution.js';
import { localDay } from '../../domain/health/days.js';

/** Built-in checks' category and severity when migration 003 was written (src/scoring/builtin-checks.ts). */
const BUILTIN_CATEGORIES: Record<string, [string, string]> = {
  outcome: ['outcome', 'medium'],
  real_inquiry: ['outcome', 'low'],
  person_request_honored: ['escalation', 'medium'],
  frustration: ['experience', 'medium'],
  ai_disclosure: ['compliance', 'high'],
  booking_confirmation_accurate: ['booking', 'high'],
  booking_failure_disclosed: ['booking', 'high'],
};

const BATCH = 500;

// biome-ignore lint/suspicious/noExplicitAny: runs inside a migration, before and outside the typed schema
type AnyDb = Kysely<any>;

async function insertChunks(db: AnyDb, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH))
      .execute();
}

export async function backfillHealth(db: AnyDb): Promise<void> {
  for (const column of ['category', 'severity']) {
    await sql`update check_results set ${sql.ref(`check_${column}`)} = (
        select cv.${sql.ref(column)} from check_versions cv
        where cv.project_id = check_results.project_id and cv.key = check_results.check_key
          and cv.version = check_results.check_version)
      where ${sql.ref(`check_${column}`)} is null`.execute(db);
  }
  for (const [key, [category, severity]] of Object.entries(BUILTIN_CATEGORIES)) {
    await db
      .updateTable('check_results')
      .set({ check_category: category, check_severity: severity })
      .where('check_key', '=', key)
      .where('check_category', 'is', null)
      .execute();
  }

  const daily = new Map<string, { key: Record<string, string>; totals: HealthTotals }>();
  const checks = new Map<string, Record<string, string | number>>();
  const releases = new Map<string, Record<string, string | number>>();
  let after = '';
  for (;;) {
    const conversations = await db
      .selectFrom('conversations as c')
      .innerJoin('projects as p', 'p.id', 'c.project_id')
      .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
      .select([
        'c.id',
        'c.project_id',
        'c.environment',
        'c.agent_id',
        'c.agent_version',
        'c.ended_at_ms',
        'c.outcome',
        'w.timezone',
      ])
      .where('c.status', '=', 'done')
      .where('c.id', '>', after)
      .orderBy('c.id')
      .limit(BATCH)
      .execute();
    if (conversations.length === 0) break;
    after = (conversations.at(-1) as { id: string }).id;
    const results = await db
      .selectFrom('check_results')
      .select([
        'conversation_id',
        'check_key',
        'check_name',
        'check_status',
        'verdict',
        'score',
        'check_category',
        'check_severity',
      ])
      .where(
        'conversation_id',
        'in',
        conversations.map((c) => c.id),
      )
      .execute();
    const resultsOf = new Map<string, typeof results>();
    for (const r of results) resultsOf.set(r.conversation_id, [...(resultsOf.get(r.conversation_id) ?? []), r]);

    const contributionRows: Record<string, unknown>[] = [];
    for (const c of conversations) {
      const endedAt = Number(c.ended_at_ms);
      const day = localDay(endedAt, c.timezone);
      const { failed_checks, ...totals } = contributionOf(c.outcome, resultsOf.get(c.id) ?? []);
      const key = { project_id: c.project_id, environment: c.environment, agent_id: c.agent_id, day };
      contributionRows.push({ conversation_id: c.id, ...key, ...totals, failed_checks: JSON.stringify(failed_checks) });
      const dayKey = `${c.project_id}\u0000${c.environment}\u0000${c.agent_id}\u0000${day}`;
      const entry = daily.get(dayKey) ?? { key, totals: emptyTotals() };
      addTotals(entry.totals, totals);
      daily.set(dayKey, entry);
      for (const failed of failed_checks) {
        const checkKey = `${dayKey}\u0000${failed.key}`;
        const row = checks.get(checkKey) ?? {
          ...key,
          check_key: failed.key,
          check_name: failed.name,
          failures: 0,
          high_severity_failures: 0,
        };
        (row.failures as number) += 1;
        if (failed.high) (row.high_severity_failures as number) += 1;
        checks.set(checkKey, row);
      }
      if (c.agent_version !== null) {
        const releaseKey = `${c.project_id}\u0000${c.environment}\u0000${c.agent_id}\u0000${c.agent_version}`;
        const seen = releases.get(releaseKey);
        if (!seen || endedAt < Number(seen.first_seen_at)) {
          releases.set(releaseKey, {
            project_id: c.project_id,
            environment: c.environment,
            agent_id: c.agent_id,
            version: c.agent_version,
            first_seen_day: day,
            first_seen_at: endedAt,
          });
        }
      }
    }
    await insertChunks(db, 'health_contributions', contributionRows);
  }
  await insertChunks(
    db,
    'health_daily',
    [...daily.values()].map((d) => ({ ...d.key, ...d.totals })),
  );
  await insertChunks(db, 'health_daily_checks', [...checks.values()]);
  await insertChunks(db, 'agent_releases', [...releases.values()]);
}
