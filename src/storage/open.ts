import type { Config } from '../config.js';
import { openPostgresStore, type PostgresStore } from './postgres.js';
import { openSqliteStore } from './sqlite/open.js';
import type { Store } from './store.js';

/** PostgreSQL when DATABASE_URL is set, the embedded file in the data dir otherwise. */
export type OpenedStore = PostgresStore | (Store & { readonly dialect: 'sqlite' });

/**
 * `api` is `cqm serve`'s HTTP thread, `server` any other long-running process (the worker), `command` a short
 * CLI run, which leaves checkpoints to SQLite.
 */
export type StoreRole = 'api' | 'server' | 'command';

export function openStore(config: Config, role: StoreRole): OpenedStore {
  if (config.databaseUrl) {
    return openPostgresStore({ connectionString: config.databaseUrl, maxConnections: config.pgPoolSize });
  }
  // With an ingest thread, `cqm serve` runs the background checkpoints on that thread's connection.
  const ingestThreadCheckpoints = role === 'api' && config.sqliteIngestThread;
  return openSqliteStore({
    dataDir: config.dataDir,
    synchronous: config.sqliteSynchronous,
    backgroundCheckpoints: role !== 'command' && !ingestThreadCheckpoints,
    checkpointedElsewhere: ingestThreadCheckpoints,
  });
}
