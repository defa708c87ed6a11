/** Migration 005 moves each conversation's document to its own table, and the service reads it from there. */

import Sqlite from 'better-sqlite3';
import { Kysely, type Migration, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createConversationRepo } from '../../src/storage/conversation-repo.js';
import { migrateToLatest } from '../../src/storage/migrate.js';
import * as initial from '../../src/storage/migrations/001-initial.js';
import * as checks from '../../src/storage/migrations/002-checks.js';
import * as health from '../../src/storage/migrations/003-health.js';
import * as webhooks from '../../src/storage/migrations/004-webhooks.js';
import { openPostgresStore } from '../../src/storage/postgres.js';
import { openSqliteStore } from '../../src/storage/sqlite/open.js';
import type { Store } from '../../src/storage/store.js';
import { backends, tempDir } from '../harness/backends.js';
import { createEmptyDatabase, removeDir } from '../harness/cqm-process.js';

// biome-ignore lint/suspicious/noExplicitAny: the schema before migration 005 is not the typed one
type AnyDb = Kysely<any>;

const BEFORE: Record<string, Migration> = {
  '001-initial': initial,
  '002-checks': checks,
  '003-health': health,
  '004-webhooks': webhooks,
};

const DOCUMENT = JSON.stringify({
  transcript: [{ speaker: 'user', text: 'Can I move my cleaning to Friday?' }],
  events: [{ type: 'tool_call', name: 'reschedule', status: 'success' }],
  metadata: { call_id: 'c-1' },
  extra: 'kept as sent',
});

describe.each(backends)('conversation documents migration on $name', (backend) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A raw connection for the old schema, and the service's store over the same database afterwards. */
  async function emptyDatabase(): Promise<{ db: AnyDb; openStore: () => Store }> {
    if (backend.name === 'sqlite') {
      const dir = tempDir();
      const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Sqlite(`${dir}/cqm.sqlite`) }) });
      cleanups.push(async () => removeDir(dir));
      return {
        db: db as AnyDb,
        openStore: () => openSqliteStore({ dataDir: dir, synchronous: 'NORMAL', backgroundCheckpoints: false }),
      };
    }
    const database = await createEmptyDatabase();
    const db = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 2 }) }),
    });
    cleanups.push(() => database.drop());
    return { db: db as AnyDb, openStore: () => openPostgresStore({ connectionString: database.url }) };
  }

  it.skipIf(!backend.available)('moves stored documents out of conversations, unchanged', async () => {
    const { db, openStore } = await emptyDatabase();
    const migrated = await new Migrator({ db, provider: { getMigrations: async () => BEFORE } }).migrateToLatest();
    expect(migrated.error).toBeUndefined();
    await db.insertInto('workspaces').values({ id: 'ws_1', name: 'W', timezone: 'UTC', created_at: 0 }).execute();
    await db.insertInto('projects').values({ id: 'proj_1', workspace_id: 'ws_1', name: 'P', created_at: 0 }).execute();
    await db
      .insertInto('conversations')
      .values({
        id: 'conv_1',
        project_id: 'proj_1',
        environment: 'live',
        external_id: 'call-1',
        channel: 'voice',
        status: 'queued',
        outcome: null,
        started_at: null,
        ended_at: '2026-11-20T10:00:00Z',
        ended_at_ms: Date.parse('2026-11-20T10:00:00Z'),
        ended_by: 'user',
        agent_id: 'default',
        agent_version: null,
        group_id: null,
        document: DOCUMENT,
        received_at: 1,
        updated_at: 1,
      })
      .execute();

    expect(await migrateToLatest(db)).toEqual(['005-conversation-documents']);
    const moved = await db.selectFrom('conversation_documents').selectAll().execute();
    expect(moved).toEqual([{ conversation_id: 'conv_1', document: DOCUMENT }]);
    const columns = (await db.introspection.getTables()).find((table) => table.name === 'conversations')?.columns;
    expect(columns?.map((column) => column.name)).not.toContain('document');
    await db.destroy();

    const store = openStore();
    cleanups.push(() => store.close());
    const found = await createConversationRepo(store).find({ projectId: 'proj_1', environment: 'live' }, 'call-1');
    expect(found).toMatchObject({
      id: 'conv_1',
      transcript: [{ speaker: 'user', text: 'Can I move my cleaning to Friday?' }],
      events: [{ type: 'tool_call', name: 'reschedule', status: 'success' }],
      metadata: { call_id: 'c-1' },
    });
  });
});
