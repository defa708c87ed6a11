/** A throwaway PostgreSQL database per run, so the PostgreSQL numbers start from an empty store like the embedded ones. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates cqm_bench_<random>; throws when PostgreSQL does not answer, which the caller reports as a skip. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `cqm_bench_${randomBytes(4).toString('hex')}`;
  // The name is ours (letters, digits, underscore), so quoting it is enough; identifiers cannot be parameters.
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      // FORCE ends sessions a killed server may have left behind (PostgreSQL 13+).
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
