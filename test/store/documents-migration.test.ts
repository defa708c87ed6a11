/** Migration 005 moves each conversation's document to its own table, and the service reads it from there. */

import type { Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createConversationRepo } from '../../src/storage/conversation-repo.js';
import { migrateToLatest } from '../../src/storage/migrate.js';
import * as initial from '../../src/storage/migrations/001-initial.js';
import * as checks from '../../src/storage/migrations/002-checks.js';
import * as health from '../../src/storage/migrations/003-health.js';
import * as webhooks from '../../src/storage/migrations/004-webhooks.js';
import { openPostgresStore } from '../../src/storage/postgres.js';
import { openSqliteStore } from '../../src/storage/sqlite/open.js';
import { backends } from '../harness/backends.js';
import { databaseMigratedThrough } from '../harness/earlier-schema.js';

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

  it.skipIf(!backend.available)('moves stored documents out of conversations, unchanged', async () => {
    const earlier = await databaseMigratedThrough(backend, BEFORE);
    cleanups.push(() => earlier.dispose());
    const { db } = earlier;
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

    const store = earlier.url
      ? openPostgresStore({ connectionString: earlier.url })
      : openSqliteStore({ dataDir: String(earlier.dataDir), synchronous: 'NORMAL', backgroundCheckpoints: false });
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
