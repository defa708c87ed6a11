/**
 * After a run, compares what the server acknowledged with what is in the store. Counted while the server
 * is still running and after every response has arrived, so a 202 whose rows were not yet committed would
 * show up as a shortfall; it does not rely on a graceful shutdown flushing anything.
 */
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';

export interface StoredCounts {
  conversations: number;
  distinctExternalIds: number;
  jobs: number;
  /** One per request that carried an Idempotency-Key and was stored: shows that path was taken. */
  idempotencyKeys: number;
}

const COUNT_SQL = `SELECT
  (SELECT COUNT(*) FROM conversations) AS conversations,
  (SELECT COUNT(DISTINCT external_id) FROM conversations) AS distinct_external_ids,
  (SELECT COUNT(*) FROM jobs) AS jobs,
  (SELECT COUNT(*) FROM idempotency_keys) AS idempotency_keys`;

interface CountRow {
  conversations: number | string;
  distinct_external_ids: number | string;
  jobs: number | string;
  idempotency_keys: number | string;
}

function toCounts(row: CountRow | undefined): StoredCounts {
  return {
    conversations: Number(row?.conversations ?? 0),
    distinctExternalIds: Number(row?.distinct_external_ids ?? 0),
    jobs: Number(row?.jobs ?? 0),
    idempotencyKeys: Number(row?.idempotency_keys ?? 0),
  };
}

/** Read-only: the server keeps the file open in WAL mode, so a reader sees every committed transaction. */
export function countSqlite(dataDir: string): StoredCounts {
  const db = new Sqlite(path.join(dataDir, 'cqm.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return toCounts(db.prepare(COUNT_SQL).get() as CountRow | undefined);
  } finally {
    db.close();
  }
}

export async function countPostgres(databaseUrl: string): Promise<StoredCounts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return toCounts((await client.query<CountRow>(COUNT_SQL)).rows[0]);
  } finally {
    await client.end();
  }
}

/**
 * One line saying whether every 202 is stored with its job. Rows may exceed the 202 count: autocannon
 * closes its connections when a run's time is up, and requests in flight then are stored but never counted.
 */
export function durabilityLine(store: string, accepted: number, counts: StoredCounts, maxInFlight: number): string {
  const extra = counts.conversations - accepted;
  const stored = `stored ${counts.conversations} conversations (${counts.distinctExternalIds} distinct external ids), ${counts.jobs} jobs, ${counts.idempotencyKeys} idempotency records`;
  return `durability (${store}): ${accepted} answered 202; ${stored}. ${verdict(extra, counts, maxInFlight)}`;
}

function verdict(extra: number, counts: StoredCounts, maxInFlight: number): string {
  if (extra < 0) return `PROBLEM: ${-extra} acknowledged conversations are missing.`;
  if (extra > maxInFlight)
    return `PROBLEM: ${extra} more rows than 202s, but at most ${maxInFlight} requests were in flight.`;
  if (counts.jobs !== counts.conversations) return 'PROBLEM: not every conversation has its scoring job.';
  if (counts.distinctExternalIds !== counts.conversations) return 'PROBLEM: some external ids are stored twice.';
  if (counts.idempotencyKeys !== counts.conversations) return 'PROBLEM: not every request left an idempotency record.';
  const inFlight = extra > 0 ? ` (${extra} more were in flight when a run stopped; up to ${maxInFlight} can be)` : '';
  return `OK: every acknowledged conversation is stored with its job${inFlight}.`;
}
