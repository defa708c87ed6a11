/**
 * Migration 005 moves each conversation's document to its own table, and 006 rebuilds that table as an
 * ordinary (rowid) one on SQLite. Stored documents come through both unchanged, and the service reads them.
 */

import type { Migration } from 'kysely';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createConversationRepo } from '../../src/storage/conversation-repo.js';
import { migrateToLatest } from '../../src/storage/migrate.js';
import * as initial from '../../src/storage/migrations/001-initial.js';
import * as checks from '../../src/storage/migrations/002-checks.js';
import * as health from '../../src/storage/migrations/003-health.js';
import * as webhooks from '../../src/storage/migrations/004-webhooks.js';
import * as documents from '../../src/storage/migrations/005-conversation-documents.js';
import { openPostgresStore } from '../../src/storage/postgres.js';
import { openSqliteStore } from '../../src/storage/sqlite/open.js';
import { backends } from '../harness/backends.js';
import { type AnyDb, databaseMigratedThrough, type EarlierDatabase } from '../harness/earlier-schema.js';

const THROUGH_004: Record<string, Migration> = {
  '001-initial': initial,
  '002-checks': checks,
  '003-health': health,
  '004-webhooks': webhooks,
};
const THROUGH_005: Record<string, Migration> = { ...THROUGH_004, '005-conversation-documents': documents };

const DOCUMENT = JSON.stringify({
  transcript: [{ speaker: 'user', text: 'Can I move my cleaning to Friday?' }],
  events: [{ type: 'tool_call', name: 'reschedule', status: 'success' }],
  metadata: { call_id: 'c-1' },
  extra: 'kept as sent',
});

/** Larger than a page, so that it spills into overflow pages on SQLite. */
const LARGE_DOCUMENT = JSON.stringify({
  transcript: Array.from({ length: 60 }, (_, i) => ({
    speaker: i % 2 ? 'user' : 'agent',
    text: `Turn ${i}: ${'x'.repeat(90)}`,
  })),
});

async function insertConversation(db: AnyDb, id: string, externalId: string, document?: string): Promise<void> {
  await db
    .insertInto('conversations')
    .values({
      id,
      project_id: 'proj_1',
      environment: 'live',
      external_id: externalId,
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
      ...(document === undefined ? {} : { document }),
      received_at: 1,
      updated_at: 1,
    })
    .execute();
}

async function insertTenancy(db: AnyDb): Promise<void> {
  await db.insertInto('workspaces').values({ id: 'ws_1', name: 'W', timezone: 'UTC', created_at: 0 }).execute();
  await db.insertInto('projects').values({ id: 'proj_1', workspace_id: 'ws_1', name: 'P', created_at: 0 }).execute();
}

async function readThroughService(earlier: EarlierDatabase, externalId: string, cleanups: Array<() => Promise<void>>) {
  const store = earlier.url
    ? openPostgresStore({ connectionString: earlier.url })
    : openSqliteStore({ dataDir: String(earlier.dataDir), synchronous: 'NORMAL', backgroundCheckpoints: false });
  cleanups.push(() => store.close());
  return createConversationRepo(store).find({ projectId: 'proj_1', environment: 'live' }, externalId);
}

describe.each(backends)('conversation documents migrations on $name', (backend) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it.skipIf(!backend.available)('moves stored documents out of conversations, unchanged', async () => {
    const earlier = await databaseMigratedThrough(backend, THROUGH_004);
    cleanups.push(() => earlier.dispose());
    const { db } = earlier;
    await insertTenancy(db);
    await insertConversation(db, 'conv_1', 'call-1', DOCUMENT);

    // Later migrations run after these two; this test is about these.
    expect((await migrateToLatest(db)).slice(0, 2)).toEqual([
      '005-conversation-documents',
      '006-documents-in-rowid-table',
    ]);
    const moved = await db.selectFrom('conversation_documents').selectAll().execute();
    expect(moved).toEqual([{ conversation_id: 'conv_1', document: DOCUMENT }]);
    const columns = (await db.introspection.getTables()).find((table) => table.name === 'conversations')?.columns;
    expect(columns?.map((column) => column.name)).not.toContain('document');

    expect(await readThroughService(earlier, 'call-1', cleanups)).toMatchObject({
      id: 'conv_1',
      transcript: [{ speaker: 'user', text: 'Can I move my cleaning to Friday?' }],
      events: [{ type: 'tool_call', name: 'reschedule', status: 'success' }],
      metadata: { call_id: 'c-1' },
    });
  });

  it.skipIf(!backend.available)('keeps documents stored by 005 unchanged when 006 rebuilds their table', async () => {
    const earlier = await databaseMigratedThrough(backend, THROUGH_005);
    cleanups.push(() => earlier.dispose());
    const { db } = earlier;
    await insertTenancy(db);
    await insertConversation(db, 'conv_1', 'call-1');
    await insertConversation(db, 'conv_2', 'call-2');
    await db
      .insertInto('conversation_documents')
      .values([
        { conversation_id: 'conv_1', document: DOCUMENT },
        { conversation_id: 'conv_2', document: LARGE_DOCUMENT },
      ])
      .execute();

    expect((await migrateToLatest(db)).slice(0, 1)).toEqual(['006-documents-in-rowid-table']);
    const kept = await db.selectFrom('conversation_documents').selectAll().orderBy('conversation_id').execute();
    expect(kept).toEqual([
      { conversation_id: 'conv_1', document: DOCUMENT },
      { conversation_id: 'conv_2', document: LARGE_DOCUMENT },
    ]);
    if (backend.name === 'sqlite') {
      const { rows } = await sql<{ sql: string }>`
        select sql from sqlite_schema where name = 'conversation_documents'`.execute(db);
      expect(rows[0]?.sql).not.toMatch(/without\s+rowid/i);
    }

    const found = await readThroughService(earlier, 'call-2', cleanups);
    expect(found?.transcript).toHaveLength(60);
  });
});
