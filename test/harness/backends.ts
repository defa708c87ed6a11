/** The two storage backends, so the same suites run unchanged on each. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { migrateToLatest } from '../../src/storage/migrate.js';
import type { OpenedStore } from '../../src/storage/open.js';
import { openPostgresStore } from '../../src/storage/postgres.js';
import { openSqliteStore } from '../../src/storage/sqlite/open.js';
import { cloneDatabase, databaseUrl, dropDatabase } from './postgres-admin.js';

export interface TestBackend {
  name: 'sqlite' | 'postgres';
  /** False when PostgreSQL is not reachable outside CI; suites use it with describe.skipIf. */
  available: boolean;
  /** A fresh, migrated, empty store and the way to dispose of it. */
  open(): Promise<{
    store: OpenedStore;
    url: string | undefined;
    dataDir: string | undefined;
    dispose(): Promise<void>;
  }>;
}

export function tempDir(prefix = 'cqm-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export const sqliteBackend: TestBackend = {
  name: 'sqlite',
  available: true,
  async open() {
    const dataDir = tempDir();
    const store = openSqliteStore({ dataDir, synchronous: 'NORMAL', backgroundCheckpoints: false });
    await migrateToLatest(store.db);
    return {
      store,
      url: undefined,
      dataDir,
      async dispose() {
        await store.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

export const postgresBackend: TestBackend = {
  name: 'postgres',
  available: inject('pgTemplate') !== null,
  async open() {
    const template = inject('pgTemplate');
    if (!template) throw new Error('PostgreSQL is not available');
    const name = await cloneDatabase(template);
    const url = databaseUrl(name);
    const store = openPostgresStore({ connectionString: url, maxConnections: 20 });
    return {
      store,
      url,
      dataDir: undefined,
      async dispose() {
        await store.close();
        await dropDatabase(name);
      },
    };
  },
};

export const backends: TestBackend[] = [sqliteBackend, postgresBackend];
