/**
 * The real service for the client's tests: `bin/cqm serve` (API, scoring worker and webhook dispatcher in
 * one process) on the embedded store, with a workspace, a project and keys of each role made beforehand.
 * The client is tested over real HTTP against it, never against a mock.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrateToLatest } from '../../src/storage/migrate.js';
import { openSqliteStore, SQLITE_FILE_NAME } from '../../src/storage/sqlite/open.js';
import { createTenancyRepo } from '../../src/storage/tenancy-repo.js';
import { tempDir } from '../harness/backends.js';
import { cqmEnv, type ServerProcess, startServer } from '../harness/cqm-process.js';

export interface ClientTestService {
  baseUrl: string;
  keys: { full: string; read: string; ingest: string; live: string };
  /** How many conversations with this external id the store holds (read from the database file). */
  storedCount(externalId: string): number;
  server: ServerProcess;
  close(): Promise<void>;
}

export async function startClientTestService(): Promise<ClientTestService> {
  const dataDir = tempDir('cqm-client-');
  const store = openSqliteStore({ dataDir, synchronous: 'NORMAL', backgroundCheckpoints: false });
  let keys: ClientTestService['keys'];
  try {
    await migrateToLatest(store.db);
    const tenancy = createTenancyRepo(store);
    const workspace = await tenancy.createWorkspace('Client tests', 'UTC');
    const project = await tenancy.createProject(workspace.id, 'Client project');
    const key = async (environment: 'test' | 'live', role: 'full' | 'read' | 'ingest') =>
      (await tenancy.createKey({ projectId: project.id, environment, role, name: `${environment} ${role}` })).key;
    keys = {
      full: await key('test', 'full'),
      read: await key('test', 'read'),
      ingest: await key('test', 'ingest'),
      live: await key('live', 'full'),
    };
  } finally {
    await store.close();
  }

  // Webhook receivers in these tests listen on loopback, which the SSRF guard refuses unless told otherwise.
  const server = await startServer(cqmEnv({ dataDir }, { CQM_WEBHOOK_ALLOW_PRIVATE: '1' }));
  return {
    baseUrl: server.baseUrl,
    keys,
    server,
    storedCount(externalId) {
      const db = new Database(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true, fileMustExist: true });
      try {
        const row = db.prepare('select count(*) as n from conversations where external_id = ?').get(externalId) as {
          n: number;
        };
        return row.n;
      } finally {
        db.close();
      }
    },
    async close() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
