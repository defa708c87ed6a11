/**
 * The Developers area: API keys (the secret once, never a hash, last use recorded, revoked at once) and webhook
 * endpoints (the secret once, rotate, test event, the delivery log with its attempts, redeliver).
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../src/webhooks/dispatcher.js';
import { bearer } from '../harness/app.js';
import { backends } from '../harness/backends.js';
import { type Receiver, startReceiver } from '../webhooks/receiver.js';
import { expectEnvelope, type PeopleApp, startPeopleApp } from './browser.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(backends)('the Developers area ($name)', (backend) => {
  let t: PeopleApp;
  let receiver: Receiver;
  beforeAll(async () => {
    if (!backend.available) return;
    t = await startPeopleApp(backend);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });
  const keys = (env = 'test') => `/projects/${t.projectId}/${env}/keys`;
  const hooks = (env = 'test') => `/projects/${t.projectId}/${env}/webhooks`;

  it.skipIf(!backend.available)(
    'creates a key shown once, lists it with its last use, revokes it at once',
    async () => {
      const admin = await t.signedIn('admin');
      const created = await admin.post(keys('live'), { name: 'Production ingest', role: 'ingest' });
      expect(created.statusCode, created.body).toBe(201);
      const key = created.json();
      expect(key).toMatchObject({
        name: 'Production ingest',
        role: 'ingest',
        environment: 'live',
        last_used_at: null,
        revoked_at: null,
      });
      expect(key.key).toMatch(/^cqm_live_/);
      expect(key.key_hint).toBe(`cqm_live_…${key.key.slice(-4)}`);

      const listed = await (await t.signedIn('viewer')).get(keys('live'));
      expect(listed.statusCode).toBe(200);
      const entry = listed.json().data.find((k: { id: string }) => k.id === key.id);
      expect(Object.keys(entry).sort()).toEqual(
        ['created_at', 'environment', 'id', 'key_hint', 'last_used_at', 'name', 'revoked_at', 'role'].sort(),
      );
      expect(listed.body).not.toContain(key.key);
      expect((await admin.get(keys('test'))).json().data.map((k: { id: string }) => k.id)).not.toContain(key.id);

      // A request with the key is recorded as its last use, after the request (poll; no timing is asserted).
      const used = await t.app.inject({
        method: 'POST',
        url: '/v1/conversations',
        headers: bearer(key.key),
        payload: '{}',
      });
      expect(used.statusCode).toBe(422);
      let lastUsed: string | null = null;
      for (let i = 0; i < 100 && lastUsed === null; i++) {
        await sleep(20);
        lastUsed = (await admin.get(keys('live')))
          .json()
          .data.find((k: { id: string }) => k.id === key.id).last_used_at;
      }
      expect(lastUsed).toMatch(/Z$/);

      expectEnvelope(await (await t.signedIn('member')).delete(`${keys('live')}/${key.id}`), 403, 'permission_denied');
      expect((await admin.delete(`${keys('live')}/${key.id}`)).statusCode).toBe(204);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/v1/conversations',
        headers: bearer(key.key),
        payload: '{}',
      });
      expect(refused.statusCode).toBe(401);
      expect(
        (await admin.get(keys('live'))).json().data.find((k: { id: string }) => k.id === key.id).revoked_at,
      ).toMatch(/Z$/);
      expectEnvelope(await admin.delete(`${keys('test')}/${key.id}`), 404, 'not_found');
      expectEnvelope(await admin.post(keys(), { name: 'x', role: 'superuser' }), 422, 'validation_error');
      expectEnvelope(
        await admin.post(`/projects/${t.other.projectId}/test/keys`, { name: 'x', role: 'full' }),
        404,
        'not_found',
      );
    },
  );

  it.skipIf(!backend.available)(
    'creates a webhook endpoint with its secret once; rotates it; never lists a secret',
    async () => {
      const admin = await t.signedIn('admin');
      const created = await admin.post(hooks(), {
        url: receiver.url,
        event_types: ['conversation.evaluated', 'ping'],
        description: 'Ops channel',
      });
      expect(created.statusCode, created.body).toBe(201);
      const endpoint = created.json();
      expect(endpoint).toMatchObject({
        url: receiver.url,
        events: ['conversation.evaluated', 'ping'],
        enabled: true,
        environment: 'test',
      });
      expect(endpoint.secret).toMatch(/^whsec_/);

      const listed = await (await t.signedIn('viewer')).get(hooks());
      expect(listed.json().data.map((e: { id: string }) => e.id)).toContain(endpoint.id);
      expect(listed.body).not.toContain(endpoint.secret);
      expect(listed.body).not.toMatch(/whsec_/);

      const rotated = await admin.post(`${hooks()}/${endpoint.id}/rotate-secret`);
      expect(rotated.statusCode, rotated.body).toBe(200);
      expect(Object.keys(rotated.json())).toEqual(['secret']);
      expect(rotated.json().secret).not.toBe(endpoint.secret);

      const disabled = await admin.patch(`${hooks()}/${endpoint.id}`, { enabled: false, event_types: [] });
      expect(disabled.json()).toMatchObject({ enabled: false, events: null });
      expect(disabled.body).not.toMatch(/whsec_/);
      expectEnvelope(await admin.post(`${hooks()}/${endpoint.id}/test`), 422, 'validation_error');
      expect((await admin.patch(`${hooks()}/${endpoint.id}`, { enabled: true })).json().enabled).toBe(true);

      expectEnvelope(await admin.post(hooks(), { url: 'not a url', event_types: null }), 422, 'validation_error');
      expectEnvelope(await admin.post(hooks(), { url: receiver.url, event_types: ['nope'] }), 422, 'validation_error');
      expectEnvelope(await admin.patch(`${hooks('live')}/${endpoint.id}`, { enabled: false }), 404, 'not_found');
      const otherOwner = t.browser();
      await otherOwner.signIn(t.other.owner.email);
      expectEnvelope(await otherOwner.get(`/projects/${t.projectId}/test/webhooks`), 404, 'not_found');
    },
  );

  it.skipIf(!backend.available)('sends a test event and shows it in the delivery log; redelivers it', async () => {
    const admin = await t.signedIn('admin');
    const endpoint = (await admin.post(hooks(), { url: receiver.url })).json();
    receiver.script([{ status: 500, body: 'down' }], { status: 200, body: 'ok' });
    const test = await admin.post(`${hooks()}/${endpoint.id}/test`);
    expect(test.statusCode, test.body).toBe(200);
    const messageId = test.json().message_id as string;

    const dispatcher = createDispatcher(t.store, pino({ level: 'silent' }), {
      policy: { allowPrivate: true, allowHttp: true },
      timeoutMs: 2_000,
    });
    await dispatcher.runOnce();
    await dispatcher.idle();

    const log = await (await t.signedIn('viewer')).get(`${hooks()}/${endpoint.id}/deliveries`);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().next_cursor).toBeNull();
    const [message] = log.json().data;
    expect(message).toMatchObject({ id: messageId, event_type: 'ping', created_at: expect.stringMatching(/Z$/) });
    expect(message.attempts).toEqual([
      { at: expect.stringMatching(/Z$/), status_code: 500, duration_ms: expect.any(Number), error: null },
    ]);

    const redelivered = await admin.post(`${hooks()}/${endpoint.id}/deliveries/${messageId}/redeliver`);
    expect(redelivered.statusCode, redelivered.body).toBe(202);
    await dispatcher.runOnce();
    await dispatcher.idle();
    await dispatcher.stop();
    const after = (await admin.get(`${hooks()}/${endpoint.id}/deliveries`)).json().data[0];
    expect(after.status).toBe('delivered');
    expect(after.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500, 200]);
    expect(receiver.received.length).toBeGreaterThanOrEqual(2);

    expectEnvelope(await admin.post(`${hooks()}/${endpoint.id}/deliveries/msg_nothing/redeliver`), 404, 'not_found');
    expectEnvelope(await admin.get(`${hooks()}/${endpoint.id}/deliveries?cursor=bogus`), 422, 'validation_error');
    expectEnvelope(await (await t.signedIn('member')).post(`${hooks()}/${endpoint.id}/test`), 403, 'permission_denied');
  });
});
