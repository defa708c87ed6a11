import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../schema.js';
import type { Store } from '../store.js';
import { type Checkpointer, type CheckpointerOptions, startCheckpointer } from './checkpointer.js';
import { withStatementCache } from './statement-cache.js';
import { WriteBatcher } from './write-batcher.js';

export interface SqliteOptions {
  dataDir: string;
  synchronous: 'NORMAL' | 'FULL';
  /**
   * Long-running processes checkpoint from a worker thread; short CLI runs leave it to SQLite. Set it on the
   * connection that writes the most (the ingest thread's under `cqm serve`): the log's restarts run on it.
   */
  backgroundCheckpoints: boolean;
  /** Another connection of this process runs the background checkpoints; this one never checkpoints. */
  checkpointedElsewhere?: boolean;
  /** The background checkpoints' pace and bound, when not the defaults (tests use a small log). */
  checkpoints?: Pick<CheckpointerOptions, 'intervalMs' | 'restartAtFrames'>;
}

export const SQLITE_FILE_NAME = 'cqm.sqlite';
const BUSY_TIMEOUT_MS = 5_000;
/** How long a restart of the log waits for other connections, holding this one's writes meanwhile. */
const RESTART_BUSY_TIMEOUT_MS = 100;

export function openSqliteStore(options: SqliteOptions): Store & { readonly dialect: 'sqlite' } {
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, SQLITE_FILE_NAME);
  const database = new Sqlite(file);
  database.pragma('journal_mode = WAL');
  // WAL with NORMAL survives the process being killed (the log is in the OS before COMMIT returns);
  // FULL also survives power loss at the cost of an fsync per commit.
  database.pragma(`synchronous = ${options.synchronous}`);
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  database.pragma('foreign_keys = ON');

  if (options.backgroundCheckpoints || options.checkpointedElsewhere) database.pragma('wal_autocheckpoint = 0');

  const statements = withStatementCache(database);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  const runCompiled = (sql: string, parameters: readonly unknown[]): unknown[] => {
    const statement = statements.prepare(sql);
    if (statement.reader) return statement.all(parameters) as unknown[];
    statement.run(parameters);
    return [];
  };
  const batcher = new WriteBatcher(db, (sql) => runCompiled(sql, []));

  let checkpointer: Checkpointer | undefined;
  if (options.backgroundCheckpoints) {
    const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');
    // This connection writes: between two of its transactions it holds no lock the restart waits for. Once the
    // log is all copied, the restart waits for other connections' readers to leave it, and this connection's
    // writes wait meanwhile: not for the store's busy timeout, then. If SQLite gives up, a later pass asks again.
    const restartLog = () => {
      database.pragma(`busy_timeout = ${RESTART_BUSY_TIMEOUT_MS}`);
      try {
        database.pragma('wal_checkpoint(RESTART)');
      } finally {
        database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
    };
    checkpointer = startCheckpointer(file, driverPath, {
      ...options.checkpoints,
      restart: () => batcher.betweenTransactions(restartLog).catch(() => {}),
    });
  }

  return {
    dialect: 'sqlite',
    db,
    write: (unit) => batcher.submit(unit),
    runCompiled,
    async close() {
      await batcher.drain();
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}
