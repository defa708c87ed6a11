/**
 * On PostgreSQL every statement is a round trip, and parsing and planning a statement cost the server more
 * than running it: ingest stores a conversation in one statement between BEGIN and COMMIT, and hot
 * statements run as named prepared statements, prepared once per connection.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngest } from '../../src/storage/conversation-ingest.js';
import type { NewConversation } from '../../src/storage/conversation-repo.js';
import { openPostgresStore, type PostgresStore } from '../../src/storage/postgres.js';
import { postgresBackend } from '../harness/backends.js';
import { uniqueExternalId } from '../harness/fixtures.js';

const scope = { projectId: 'proj_statements', environment: 'test' as const };

function newConversation(): NewConversation {
  return {
    external_id: uniqueExternalId('statements'),
    channel: 'chat',
    started_at: null,
    ended_at: '2026-11-23T10:00:00Z',
    ended_at_ms: Date.parse('2026-11-23T10:00:00Z'),
    ended_by: 'user',
    agent: { id: 'statements-agent', name: null, version: null },
    group: null,
    transcript: [{ speaker: 'user', text: 'Hello?' }],
    events: [],
    metadata: {},
  };
}

describe.skipIf(!postgresBackend.available)('PostgreSQL statements of the ingest path', () => {
  let opened: Awaited<ReturnType<typeof postgresBackend.open>>;
  /** One connection, so that what it prepared can be read back on it. */
  let store: PostgresStore;
  const sent: string[] = [];

  beforeAll(async () => {
    opened = await postgresBackend.open();
    await opened.store.db
      .insertInto('workspaces')
      .values({ id: 'ws_statements', name: 'W', timezone: 'UTC', created_at: 0 })
      .execute();
    await opened.store.db
      .insertInto('projects')
      .values({ id: scope.projectId, workspace_id: 'ws_statements', name: 'P', created_at: 0 })
      .execute();
    store = openPostgresStore({ connectionString: String(opened.url), maxConnections: 1 });
    store.pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      Object.assign(client, {
        query: (...args: unknown[]) => {
          const [config] = args;
          sent.push(typeof config === 'string' ? config : String((config as { text?: unknown }).text));
          return query(...args);
        },
      });
    });
  });

  afterAll(async () => {
    await store?.close();
    await opened?.dispose();
  });

  it('stores a conversation with an idempotency key in one statement between BEGIN and COMMIT', async () => {
    const ingest = createIngest(store, Date.now);
    // The first stores the agent too (a rarer path); the second is the common case.
    await ingest(scope, newConversation(), { key: uniqueExternalId('key'), ttlMs: 60_000 });
    sent.length = 0;
    const input = newConversation();
    const outcome = await ingest(scope, input, { key: uniqueExternalId('key'), ttlMs: 60_000 });

    expect(outcome.kind).toBe('created');
    expect(sent.map((text) => text.trim().split(/\s+/)[0]?.toLowerCase())).toEqual(['begin', '/*', 'commit']);
    const stored = await store.db
      .selectFrom('conversations')
      .innerJoin('jobs', 'jobs.subject_id', 'conversations.id')
      .innerJoin('conversation_documents', 'conversation_documents.conversation_id', 'conversations.id')
      .select(['conversations.id', 'jobs.status', 'conversation_documents.document'])
      .where('conversations.external_id', '=', input.external_id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(JSON.parse(String(stored[0]?.document))).toMatchObject({ transcript: input.transcript });
  });

  it('prepares the ingest statement once per connection', async () => {
    const { rows } = await sql<{ name: string; statement: string }>`
      select name, statement from pg_prepared_statements`.execute(store.db);
    const ingestStatements = rows.filter((row) => row.statement.includes('insert into conversation_documents'));
    expect(ingestStatements).toHaveLength(1);
    expect(ingestStatements[0]?.name).toMatch(/^cqm_[0-9a-f]{20}$/);
  });
});
