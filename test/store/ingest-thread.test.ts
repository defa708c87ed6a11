/**
 * Ingest on its own thread (what `cqm serve` does on the embedded store): group commit across the thread,
 * racing requests, errors that keep their driver codes, and a stop that answers everything handed over.
 * The store contract suite also runs its ingest cases through the thread.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewConversation, Scope } from '../../src/storage/conversation-repo.js';
import { isStoreUnavailable } from '../../src/storage/errors.js';
import type { OpenedStore } from '../../src/storage/open.js';
import { type IngestThread, startIngestThread } from '../../src/storage/sqlite/ingest-thread.js';
import { createTenancyRepo } from '../../src/storage/tenancy-repo.js';
import { sqliteBackend } from '../harness/backends.js';
import { uniqueExternalId } from '../harness/fixtures.js';

function newConversation(externalId = uniqueExternalId('thread')): NewConversation {
  const endedAt = '2026-11-18T14:03:00Z';
  return {
    external_id: externalId,
    channel: 'chat',
    started_at: null,
    ended_at: endedAt,
    ended_at_ms: Date.parse(endedAt),
    ended_by: null,
    agent: { id: 'default', name: null, version: null },
    group: null,
    transcript: [{ speaker: 'user', text: 'Hello?' }],
    events: [],
    metadata: { sent: 'as is' },
  };
}

describe('the ingest thread', () => {
  let opened: Awaited<ReturnType<typeof sqliteBackend.open>>;
  let store: OpenedStore;
  let thread: IngestThread;
  let scope: Scope;
  const silent = pino({ level: 'silent' });

  beforeAll(async () => {
    opened = await sqliteBackend.open();
    store = opened.store;
    const tenancy = createTenancyRepo(store);
    const workspace = await tenancy.createWorkspace('Thread', 'UTC');
    scope = { projectId: (await tenancy.createProject(workspace.id, 'One')).id, environment: 'test' };
    thread = startIngestThread({ dataDir: String(opened.dataDir), synchronous: 'NORMAL' }, silent);
  });
  afterAll(async () => {
    await thread.stop();
    await opened.dispose();
  });

  async function conversationsWith(externalId: string) {
    return store.db
      .selectFrom('conversations')
      .innerJoin('conversation_documents', 'conversation_documents.conversation_id', 'conversations.id')
      .select(['conversations.id', 'conversation_documents.document'])
      .where('conversations.project_id', '=', scope.projectId)
      .where('conversations.external_id', '=', externalId)
      .execute();
  }

  it('stores the document as sent, made from the fields when the request had no raw body', async () => {
    const input = newConversation();
    const outcome = await thread.ingest(scope, input, null);
    expect(outcome.kind).toBe('created');
    const [row] = await conversationsWith(input.external_id);
    expect(JSON.parse(String(row?.document))).toEqual({
      transcript: input.transcript,
      events: [],
      metadata: { sent: 'as is' },
    });
  });

  it('stores each document of a batch as its own text, whatever its characters', async () => {
    const texts = ['plain', 'Zoë', '😀 emoji', '', 'ünïcödé '.repeat(500)];
    const inputs = texts.map((text) => {
      const input = newConversation();
      return { ...input, document: JSON.stringify({ transcript: [{ speaker: 'user', text }] }) };
    });
    // Handed over in one event-loop turn, so they travel to the thread as one message.
    const outcomes = await Promise.all(inputs.map((input) => thread.ingest(scope, input, null)));
    expect(outcomes.map((o) => o.kind)).toEqual(texts.map(() => 'created'));
    for (const [i, input] of inputs.entries()) {
      const [row] = await conversationsWith(input.external_id);
      expect(typeof row?.document).toBe('string');
      expect(JSON.parse(String(row?.document))).toEqual({ transcript: [{ speaker: 'user', text: texts[i] }] });
    }
  });

  it('makes exactly one conversation of 50 racing requests with one Idempotency-Key', async () => {
    const input = newConversation();
    const claim = { key: `race-${input.external_id}`, ttlMs: 60_000 };
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => thread.ingest(scope, input, claim)));
    expect(outcomes.filter((o) => o.kind === 'created')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'replayed')).toHaveLength(49);
    expect(await conversationsWith(input.external_id)).toHaveLength(1);
  });

  it('answers one 202 and 49 duplicates for 50 racing requests with one external_id', async () => {
    const externalId = uniqueExternalId('race');
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () => thread.ingest(scope, newConversation(externalId), null)),
    );
    expect(outcomes.filter((o) => o.kind === 'created')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'duplicate')).toHaveLength(49);
    expect(await conversationsWith(externalId)).toHaveLength(1);
  });

  it('rejects with the driver error code, so the API tells a fault from an outage', async () => {
    const noSuchProject: Scope = { projectId: 'prj_missing', environment: 'test' };
    const failure = await thread.ingest(noSuchProject, newConversation(), null).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as { code?: string }).code).toMatch(/^SQLITE_CONSTRAINT/);
    expect(isStoreUnavailable(failure)).toBe(false);
    // The failing request fails alone; the thread goes on.
    expect((await thread.ingest(scope, newConversation(), null)).kind).toBe('created');
  });

  it('answers everything handed over before a stop, and refuses what comes after with 503', async () => {
    const second = startIngestThread({ dataDir: String(opened.dataDir), synchronous: 'NORMAL' }, silent);
    const inputs = Array.from({ length: 20 }, () => newConversation());
    const answers = inputs.map((input) => second.ingest(scope, input, null));
    const stopped = second.stop();
    const late = await second.ingest(scope, newConversation(), null).catch((error: unknown) => error);
    expect(isStoreUnavailable(late)).toBe(true);
    expect((await Promise.all(answers)).map((o) => o.kind)).toEqual(inputs.map(() => 'created'));
    await stopped;
    for (const input of inputs) expect(await conversationsWith(input.external_id)).toHaveLength(1);
  });
});
