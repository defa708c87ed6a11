import type { Config } from '../config.js';
import { openPostgresStore, type PostgresStore } from './postgres.js';
import { openSqliteStore } from './sqlite/open.js';
import type { Store } from './store.js';

/** PostgreSQL when DATABASE_URL is set, the embedded file in the data dir otherwise. */
export type OpenedStore = PostgresStore | (Store & { readonly dialect: 'sqlite' });

export function openStore(config: Config, role: 'server' | 'command'): OpenedStore {
  if (config.databaseUrl) {
    return openPostgresStore({ connectionString: config.databaseUrl, maxConnections: config.pgPoolSize });
  }
  return openSqliteStore({
    dataDir: config.dataDir,
    synchronous: config.sqliteSynchronous,
    backgroundCheckpoints: role === 'server',
  });
}
