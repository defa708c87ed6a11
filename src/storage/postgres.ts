import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { isRetryableConflict } from './errors.js';
import type { Database } from './schema.js';
import { statementNameOf } from './statement-names.js';
import type { Store, WriteUnit } from './store.js';

const INT8_OID = 20;
const MAX_CONFLICT_RETRIES = 3;

/** Epoch-millisecond columns are int8; they fit a JS number, so read them as one (without touching pg's globals). */
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? Number : pg.types.getTypeParser(oid, format),
};

/** The pool's client, preparing the statements marked with a name (see statement-names.ts). */
class StatementNamingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is a set of overloads; this passes each through
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === 'string' ? statementNameOf(config) : undefined;
    if (name !== undefined) return super.query({ name, text: config, values }, callback);
    return super.query(config, values, callback);
  }
}

export interface PostgresOptions {
  connectionString: string;
  maxConnections?: number;
}

export interface PostgresStore extends Store {
  readonly dialect: 'postgres';
  /** Shared with collaborators that speak to PostgreSQL directly, such as the rate limiter. */
  readonly pool: pg.Pool;
}

export function openPostgresStore(options: PostgresOptions): PostgresStore {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5_000,
    types,
    Client: StatementNamingClient,
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });

  async function write<T>(unit: WriteUnit<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(unit);
      } catch (error) {
        if (attempt >= MAX_CONFLICT_RETRIES || !isRetryableConflict(error)) throw error;
      }
    }
  }

  return { dialect: 'postgres', db, pool, write, close: () => db.destroy() };
}
