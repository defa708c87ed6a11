/** Idempotency-Key on POST /v1/conversations: replay, scoping, conflicts, expiry; and ignored on feedback. */
import { describe, expect, it } from 'vitest';
import { createConversationRepo } from '../../src/storage/conversation-repo.js';
import type { TestApp } from '../harness/app.js';
import { backends } from '../harness/backends.js';
import { conversationBody } from '../harness/fixtures.js';
import {
  countConversations,
  expectError,
  expectValidationError,
  postConversation,
  postFeedback,
  useTestApp,
} from '../harness/http.js';
import { sampleResult } from '../harness/results.js';

let keyCounter = 0;
function newIdempotencyKey(): string {
  keyCounter += 1;
  return `idem-${process.pid}-${keyCounter}-${Math.random().toString(36).slice(2)}`;
}

function withKey(key: string, apiKey?: string) {
  return { headers: { 'idempotency-key': key }, ...(apiKey ? { key: apiKey } : {}) };
}

async function countJobs(t: TestApp, conversationId: string): Promise<number> {
  return (await t.store.db.selectFrom('jobs').select('id').where('subject_id', '=', conversationId).execute()).length;
}

async function countIdempotencyRecords(t: TestApp, key: string): Promise<number> {
  return (await t.store.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()).length;
}

describe.each(backends)('Idempotency-Key on $name', (backend) => {
  const app = useTestApp(backend);

  it.skipIf(!backend.available)('replays the first 202 for the same key and body, storing nothing new', async () => {
    const t = app();
    const key = newIdempotencyKey();
    const body = conversationBody();
    const first = await postConversation(t, body, withKey(key));
    expect(first.statusCode).toBe(202);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const second = await postConversation(t, body, withKey(key));
    expect(second.statusCode).toBe(202);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());

    expect(await countConversations(t, String(body.external_id))).toBe(1);
    expect(await countJobs(t, first.json().id)).toBe(1);
    expect(await countIdempotencyRecords(t, key)).toBe(1);
  });

  it.skipIf(!backend.available)('replays the first response even after the conversation moved on', async () => {
    const t = app();
    const key = newIdempotencyKey();
    const body = conversationBody();
    const first = (await postConversation(t, body, withKey(key))).json();
    await t.store.db.updateTable('conversations').set({ status: 'done' }).where('id', '=', first.id).execute();
    const replay = await postConversation(t, body, withKey(key));
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual({ id: first.id, status: 'queued' });
  });

  it.skipIf(!backend.available)('replays a 200 duplicate response too', async () => {
    const t = app();
    const body = conversationBody();
    const original = (await postConversation(t, body)).json();
    const key = newIdempotencyKey();

    const duplicate = await postConversation(t, body, withKey(key));
    expect(duplicate.statusCode).toBe(200);
    expect(duplicate.headers['idempotent-replayed']).toBeUndefined();
    expect(duplicate.json()).toEqual({ id: original.id, status: 'queued', duplicate: true });

    const replay = await postConversation(t, body, withKey(key));
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual({ id: original.id, status: 'queued', duplicate: true });
    expect(await countConversations(t, String(body.external_id))).toBe(1);
  });

  it.skipIf(!backend.available)(
    'scopes keys to the environment: the same key in live creates a new conversation',
    async () => {
      const t = app();
      const key = newIdempotencyKey();
      const body = conversationBody();
      const inTest = await postConversation(t, body, withKey(key, t.keys.testFull));
      const inLive = await postConversation(t, body, withKey(key, t.keys.liveFull));
      expect(inTest.statusCode).toBe(202);
      expect(inLive.statusCode).toBe(202);
      expect(inLive.headers['idempotent-replayed']).toBeUndefined();
      expect(inLive.json().id).not.toBe(inTest.json().id);
      expect(await countConversations(t, String(body.external_id))).toBe(2);
    },
  );

  it.skipIf(!backend.available)(
    'scopes keys to the project: the same key in another project creates a new conversation',
    async () => {
      const t = app();
      const key = newIdempotencyKey();
      const body = conversationBody();
      const mine = await postConversation(t, body, withKey(key));
      const theirs = await postConversation(t, body, withKey(key, t.keys.otherProject));
      expect(theirs.statusCode).toBe(202);
      expect(theirs.headers['idempotent-replayed']).toBeUndefined();
      expect(theirs.json().id).not.toBe(mine.json().id);
    },
  );

  it.skipIf(!backend.available)('shares a key between keys of the same environment', async () => {
    const t = app();
    const key = newIdempotencyKey();
    const body = conversationBody();
    const first = await postConversation(t, body, withKey(key, t.keys.testFull));
    const retry = await postConversation(t, body, withKey(key, t.keys.testIngest));
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });

  it.skipIf(!backend.available)(
    'does not remember a 422: the corrected body with the same key is created',
    async () => {
      const t = app();
      const key = newIdempotencyKey();
      const body = conversationBody();
      expectValidationError(await postConversation(t, { ...body, channel: 'fax' }, withKey(key)));
      expect(await countIdempotencyRecords(t, key)).toBe(0);

      const corrected = await postConversation(t, body, withKey(key));
      expect(corrected.statusCode, corrected.body).toBe(202);
      expect(corrected.headers['idempotent-replayed']).toBeUndefined();
      expect(await countConversations(t, String(body.external_id))).toBe(1);
    },
  );

  it.skipIf(!backend.available)('does not remember a 400 invalid_json either', async () => {
    const t = app();
    const key = newIdempotencyKey();
    expectError(await postConversation(t, '{not json', withKey(key)), 400, 'invalid_json');
    expect((await postConversation(t, conversationBody(), withKey(key))).statusCode).toBe(202);
  });

  it.skipIf(!backend.available)(
    'answers 409 idempotency_conflict for the same key with another body, storing nothing',
    async () => {
      const t = app();
      const key = newIdempotencyKey();
      const firstBody = conversationBody();
      const first = await postConversation(t, firstBody, withKey(key));
      expect(first.statusCode).toBe(202);

      const other = conversationBody();
      const conflict = await postConversation(t, other, withKey(key));
      const error = expectError(conflict, 409, 'idempotency_conflict');
      expect(error.fields).toBeUndefined();
      expect(conflict.headers['idempotent-replayed']).toBeUndefined();
      expect(await countConversations(t, String(other.external_id))).toBe(0);

      // The first response is still what the key replays.
      const replay = await postConversation(t, firstBody, withKey(key));
      expect(replay.statusCode).toBe(202);
      expect(replay.json()).toEqual(first.json());
    },
  );

  it.skipIf(!backend.available)('accepts an Idempotency-Key of 255 characters', async () => {
    const t = app();
    const key = `k${'x'.repeat(254)}-${Math.random().toString(36).slice(2)}`.slice(0, 255);
    expect(key).toHaveLength(255);
    const response = await postConversation(t, conversationBody(), withKey(key));
    expect(response.statusCode, response.body).toBe(202);
  });

  it.skipIf(!backend.available)(
    'refuses an Idempotency-Key over 255 characters with 422, storing nothing',
    async () => {
      const t = app();
      const body = conversationBody();
      const response = await postConversation(t, body, withKey('k'.repeat(256)));
      const fields = expectValidationError(response);
      expect(Object.keys(fields).join(' ')).toMatch(/idempotency-key/i);
      expect(await countConversations(t, String(body.external_id))).toBe(0);
    },
  );

  it.skipIf(!backend.available)('gives one conversation to concurrent requests with the same key', async () => {
    const t = app();
    const key = newIdempotencyKey();
    const body = conversationBody();
    const responses = await Promise.all([1, 2, 3].map(() => postConversation(t, body, withKey(key))));
    const ids = new Set(responses.map((r) => r.json().id));
    expect(ids.size).toBe(1);
    expect(responses.map((r) => r.statusCode)).toEqual([202, 202, 202]);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await countConversations(t, String(body.external_id))).toBe(1);
  });

  it.skipIf(!backend.available)('gives one conversation to concurrent requests with the same external_id', async () => {
    const t = app();
    const body = conversationBody();
    const responses = await Promise.all([1, 2, 3].map(() => postConversation(t, body)));
    expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 202]);
    expect(await countConversations(t, String(body.external_id))).toBe(1);
    expect(await countJobs(t, responses[0]?.json().id)).toBe(1);
  });

  it.skipIf(!backend.available)('ignores Idempotency-Key on feedback: each call adds a label', async () => {
    const t = app();
    const body = conversationBody();
    const { id } = (await postConversation(t, body)).json();
    await createConversationRepo(t.store).replaceResults(
      { projectId: t.projectId, environment: 'test' },
      id,
      'resolved',
      [sampleResult()],
    );
    const key = newIdempotencyKey();
    const label = { check_key: 'outcome', verdict: 'fail', note: 'same request twice' };
    const first = await postFeedback(t, id, label, withKey(key));
    const second = await postFeedback(t, id, label, withKey(key));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().id).not.toBe(first.json().id);
    const labels = await t.store.db
      .selectFrom('feedback_labels')
      .select('id')
      .where('conversation_id', '=', id)
      .execute();
    expect(labels).toHaveLength(2);
    expect(await countIdempotencyRecords(t, key)).toBe(0);
  });
});

describe.each(backends)('Idempotency-Key expiry on $name', (backend) => {
  const start = Date.parse('2026-11-18T15:00:00Z');
  let now = start;
  const app = useTestApp(backend, { clock: () => now });
  const DAY_MS = 24 * 60 * 60 * 1000;

  it.skipIf(!backend.available)('holds a key for 24 hours and frees it after', async () => {
    const t = app();
    now = start;
    const key = newIdempotencyKey();
    const first = await postConversation(t, conversationBody(), withKey(key));
    expect(first.statusCode).toBe(202);

    now = start + DAY_MS - 1;
    expectError(await postConversation(t, conversationBody(), withKey(key)), 409, 'idempotency_conflict');

    now = start + DAY_MS + 1;
    const later = conversationBody();
    const fresh = await postConversation(t, later, withKey(key));
    expect(fresh.statusCode, fresh.body).toBe(202);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(fresh.json().id).not.toBe(first.json().id);
    expect(await countConversations(t, String(later.external_id))).toBe(1);

    // The freed key now belongs to the new request.
    const replay = await postConversation(t, later, withKey(key));
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(fresh.json());
  });

  it.skipIf(!backend.available)(
    'after expiry, the same body is answered as a duplicate, not a new conversation',
    async () => {
      const t = app();
      now = start + 10 * DAY_MS;
      const key = newIdempotencyKey();
      const body = conversationBody();
      const first = (await postConversation(t, body, withKey(key))).json();
      now += DAY_MS + 1;
      const again = await postConversation(t, body, withKey(key));
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      expect(again.json()).toEqual({ id: first.id, status: 'queued', duplicate: true });
    },
  );
});
