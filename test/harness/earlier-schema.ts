/**
 * A database as an earlier release left it: empty, migrated only through the migrations given, reached by a
 * raw kysely connection (the typed schema is the latest one). Migration tests fill it the old way, then migrate
 * to the latest and look at what became of the rows.
 */
import Sqlite from 'better-sqlite3';
import { Kysely, type Migration, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { expect } from 'vitest';
import type { TestBackend } from './backends.js';
import { tempDir } from './backends.js';
import { createEmptyDatabase, removeDir } from './cqm-process.js';

// biome-ignore lint/suspicious/noExplicitAny: an earlier schema is not the typed one
export type AnyDb = Kysely<any>;

export interface EarlierDatabase {
  db: AnyDb;
  /** Where the service would find the same database: the SQLite data dir, or the PostgreSQL URL. */
  dataDir: string | undefined;
  url: string | undefined;
  dispose(): Promise<void>;
}

export async function databaseMigratedThrough(
  backend: TestBackend,
  migrations: Record<string, Migration>,
): Promise<EarlierDatabase> {
  const opened = await emptyDatabase(backend);
  const migrated = await new Migrator({
    db: opened.db,
    provider: { getMigrations: async () => migrations },
  }).migrateToLatest();
  expect(migrated.error).toBeUndefined();
  return opened;
}

async function emptyDatabase(backend: TestBackend): Promise<EarlierDatabase> {
  if (backend.name === 'sqlite') {
    const dataDir = tempDir();
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Sqlite(`${dataDir}/cqm.sqlite`) }) });
    return {
      db: db as AnyDb,
      dataDir,
      url: undefined,
      async dispose() {
        await db.destroy();
        removeDir(dataDir);
      },
    };
  }
  const database = await createEmptyDatabase();
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: quietPool(database.url) }),
  });
  return {
    db: db as AnyDb,
    dataDir: undefined,
    url: database.url,
    async dispose() {
      await db.destroy();
      await database.drop();
    },
  };
}

/**
 * A pool whose idle clients' errors are expected: the database is dropped WITH (FORCE) at dispose, and a client
 * still closing then receives "terminating connection", which a pool without a listener throws as an unhandled
 * error (as the service's own pool, src/storage/postgres.ts, also listens).
 */
function quietPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 2 });
  pool.on('error', () => {});
  return pool;
}
