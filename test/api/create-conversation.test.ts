/** POST /v1/conversations: creation, duplicates by external_id, and what the answer carries. */
import { describe, expect, it } from 'vitest';
import { backends } from '../harness/backends.js';
import { conversationBody } from '../harness/fixtures.js';
import {
  countAllConversations,
  countConversations,
  getConversation,
  postConversation,
  useTestApp,
} from '../harness/http.js';

describe.each(backends)('POST /v1/conversations on $name', (backend) => {
  const app = useTestApp(backend);

  it.skipIf(!backend.available)('answers 202 with an opaque conv_ id and status queued', async () => {
    const t = app();
    const response = await postConversation(t, conversationBody());
    expect(response.statusCode).toBe(202);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body).toEqual({ id: expect.stringMatching(/^conv_[0-9a-z]+$/), status: 'queued' });
    expect(body).not.toHaveProperty('duplicate');
  });

  it.skipIf(!backend.available)('gives each new conversation its own id, unrelated to the external_id', async () => {
    const t = app();
    const first = conversationBody();
    const second = conversationBody();
    const a = (await postConversation(t, first)).json();
    const b = (await postConversation(t, second)).json();
    expect(a.id).not.toBe(b.id);
    expect(a.id).not.toContain(String(first.external_id));
  });

  it.skipIf(!backend.available)('points Location at the new conversation', async () => {
    const t = app();
    const response = await postConversation(t, conversationBody());
    expect(response.statusCode).toBe(202);
    expect(response.headers.location).toBe(`/v1/conversations/${response.json().id}`);
  });

  it.skipIf(!backend.available)('stores the conversation and queues one scoring job for it', async () => {
    const t = app();
    const body = conversationBody();
    const { id } = (await postConversation(t, body)).json();
    expect(await countConversations(t, String(body.external_id))).toBe(1);
    const jobs = await t.store.db.selectFrom('jobs').select(['status']).where('subject_id', '=', id).execute();
    expect(jobs).toEqual([{ status: 'queued' }]);
  });

  it.skipIf(!backend.available)(
    'answers 200 with the existing id and duplicate: true for a known external_id, creating nothing',
    async () => {
      const t = app();
      const body = conversationBody();
      const created = (await postConversation(t, body)).json();
      const before = await countAllConversations(t);

      const again = await postConversation(t, {
        ...body,
        channel: 'chat',
        transcript: [{ speaker: 'user', text: 'hi' }],
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ id: created.id, status: 'queued', duplicate: true });
      expect(again.headers['idempotent-replayed']).toBeUndefined();

      expect(await countAllConversations(t)).toBe(before);
      const jobs = await t.store.db.selectFrom('jobs').select('id').where('subject_id', '=', created.id).execute();
      expect(jobs).toHaveLength(1);
    },
  );

  it.skipIf(!backend.available)('keeps the first conversation as sent when a duplicate arrives', async () => {
    const t = app();
    const body = conversationBody();
    const { id } = (await postConversation(t, body)).json();
    await postConversation(t, { ...body, metadata: { replaced: true } });
    const read = await t.app.inject({
      method: 'GET',
      url: `/v1/conversations/${id}`,
      headers: { authorization: `Bearer ${t.keys.testFull}` },
    });
    expect(read.json().metadata).toEqual(body.metadata);
  });

  it.skipIf(!backend.available)('reports the current status of the existing conversation on a duplicate', async () => {
    const t = app();
    const body = conversationBody();
    const { id } = (await postConversation(t, body)).json();
    await t.store.db.updateTable('conversations').set({ status: 'done' }).where('id', '=', id).execute();
    const again = await postConversation(t, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id, status: 'done', duplicate: true });
  });

  it.skipIf(!backend.available)('accepts the smallest valid body (external_id, channel, one turn)', async () => {
    const t = app();
    const response = await postConversation(t, {
      external_id: 'minimal-1',
      channel: 'chat',
      transcript: [{ speaker: 'user', text: 'x' }],
    });
    expect(response.statusCode).toBe(202);
  });

  it.skipIf(!backend.available)('accepts an external_id of exactly 200 characters', async () => {
    const t = app();
    const response = await postConversation(t, conversationBody({ external_id: 'e'.repeat(200) }));
    expect(response.statusCode).toBe(202);
  });

  it.skipIf(!backend.available)('reads the body as JSON whatever Content-Type says', async () => {
    const t = app();
    const response = await postConversation(t, conversationBody(), { headers: { 'content-type': 'text/plain' } });
    expect(response.statusCode, response.body).toBe(202);
  });

  it.skipIf(!backend.available)('accepts a body sent without a Content-Type header', async () => {
    const t = app();
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/conversations',
      headers: { authorization: `Bearer ${t.keys.testFull}` },
      payload: Buffer.from(JSON.stringify(conversationBody())),
    });
    expect(response.statusCode).toBe(202);
  });

  it.skipIf(!backend.available)(
    'stores the body as its text: a byte-order mark dropped, any character kept, an invalid byte replaced',
    async () => {
      const t = app();
      const body = conversationBody({ transcript: [{ speaker: 'user', text: 'Zoë says 😀 and TEXT' }] });
      const json = Buffer.from(JSON.stringify(body));
      const invalidByteAt = json.indexOf('TEXT');
      json[invalidByteAt] = 0xff;
      const post = () =>
        t.app.inject({
          method: 'POST',
          url: '/v1/conversations',
          headers: { authorization: `Bearer ${t.keys.testFull}`, 'idempotency-key': `bytes-${body.external_id}` },
          payload: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), json]),
        });
      const created = await post();
      expect(created.statusCode, created.body).toBe(202);
      const stored = (await getConversation(t, created.json().id)).json();
      expect(stored.transcript[0].text).toBe('Zoë says 😀 and \uFFFDEXT');
      // The retry sends the same bytes, so it hashes the same and is answered from the first response.
      const retried = await post();
      expect(retried.statusCode).toBe(202);
      expect(retried.headers['idempotent-replayed']).toBe('true');
      expect(retried.json().id).toBe(created.json().id);
    },
  );
});
