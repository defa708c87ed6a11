/** /v1/webhook_endpoints over HTTP on both backends: CRUD, the guard, scoping, roles, rotation, ping, OpenAPI. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../harness/app.js';
import { backends } from '../harness/backends.js';

const ALLOW_LOOPBACK = { allowPrivate: true, allowHttp: false };

const PATH = '/v1/webhook_endpoints';

describe.each(backends)('webhook endpoints API on $name', (backend) => {
  let t: TestApp;
  let guarded: TestApp | undefined;

  beforeEach(async () => {
    if (!backend.available) return;
    t = await startTestApp(backend, { webhooks: { policy: ALLOW_LOOPBACK } });
  });
  afterEach(async () => {
    if (!backend.available) return;
    await t.close();
    await guarded?.close();
    guarded = undefined;
  });

  const post = (app: TestApp, key: string, url: string, payload?: unknown) =>
    app.app.inject({
      method: 'POST',
      url,
      headers: bearer(key),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it.skipIf(!backend.available)('creates, lists, gets, updates and deletes an endpoint', async () => {
    const created = await post(t, t.keys.testFull, PATH, {
      url: 'http://127.0.0.1:9/hook',
      events: ['ping', 'check.failed'],
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      url: 'http://127.0.0.1:9/hook',
      events: ['check.failed', 'ping'],
      enabled: true,
      environment: 'test',
    });
    expect(body.id).toMatch(/^we_/);
    expect(body.secret).toMatch(/^whsec_/);
    expect(created.headers.location).toBe(`${PATH}/${body.id}`);

    const got = await t.app.inject({ method: 'GET', url: `${PATH}/${body.id}`, headers: bearer(t.keys.testRead) });
    expect(got.statusCode).toBe(200);
    expect(got.json().secret).toBeUndefined();

    const list = await t.app.inject({ method: 'GET', url: PATH, headers: bearer(t.keys.testFull) });
    expect(list.json()).toMatchObject({ data: [{ id: body.id }], next_cursor: null });

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `${PATH}/${body.id}`,
      headers: bearer(t.keys.testFull),
      payload: { enabled: false, events: null, description: 'ops' },
    });
    expect(patched.json()).toMatchObject({
      enabled: false,
      disabled_reason: 'manual',
      events: null,
      description: 'ops',
    });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${PATH}/${body.id}`,
      headers: bearer(t.keys.testFull),
    });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    const gone = await t.app.inject({ method: 'GET', url: `${PATH}/${body.id}`, headers: bearer(t.keys.testFull) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.type).toBe('not_found');
  });

  it.skipIf(!backend.available)('paginates with a cursor', async () => {
    for (let i = 0; i < 3; i++) await post(t, t.keys.testFull, PATH, { url: `https://hooks.example.com/${i}` });
    const first = (
      await t.app.inject({ method: 'GET', url: `${PATH}?limit=2`, headers: bearer(t.keys.testFull) })
    ).json();
    expect(first.data).toHaveLength(2);
    const second = (
      await t.app.inject({
        method: 'GET',
        url: `${PATH}?limit=2&cursor=${first.next_cursor}`,
        headers: bearer(t.keys.testFull),
      })
    ).json();
    expect(second).toMatchObject({ next_cursor: null });
    expect(second.data).toHaveLength(1);
  });

  it.skipIf(!backend.available)('answers 422 for bad bodies and URLs, with field messages', async () => {
    const bad = await post(t, t.keys.testFull, PATH, { url: 'not a url', events: ['nope'] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['events.0']);
    const notUrl = await post(t, t.keys.testFull, PATH, { url: 'not a url' });
    expect(notUrl.json().error).toMatchObject({
      type: 'validation_error',
      fields: { url: [expect.stringMatching(/absolute URL/)] },
    });
    const httpLive = await post(t, t.keys.liveFull, PATH, { url: 'http://hooks.example.com/x' });
    expect(httpLive.statusCode).toBe(422);
    expect(httpLive.json().error.fields.url[0]).toMatch(/https/);
    const missing = await post(t, t.keys.testFull, PATH, {});
    expect(missing.json().error.fields.url).toBeDefined();
  });

  it.skipIf(!backend.available)('refuses private targets with the guard on (the default)', async () => {
    guarded = await startTestApp(backend);
    for (const url of [
      'https://127.1/x',
      'https://[::1]/x',
      'https://169.254.169.254/latest',
      'https://localhost/x',
      'https://10.1.2.3/x',
    ]) {
      const answer = await post(guarded, guarded.keys.testFull, PATH, { url });
      expect(answer.statusCode, url).toBe(422);
      expect(answer.json().error.fields.url[0], url).toMatch(/must not point at/);
    }
  });

  it.skipIf(!backend.available)("another project's or environment's endpoint is not found; roles apply", async () => {
    const id = (await post(t, t.keys.testFull, PATH, { url: 'https://hooks.example.com/a' })).json().id;
    for (const key of [t.keys.liveFull, t.keys.otherProject]) {
      expect((await t.app.inject({ method: 'GET', url: `${PATH}/${id}`, headers: bearer(key) })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `${PATH}/${id}`, headers: bearer(key) })).statusCode).toBe(
        404,
      );
      expect((await post(t, key, `${PATH}/${id}/rotate_secret`)).statusCode).toBe(404);
    }
    expect((await post(t, t.keys.testRead, PATH, { url: 'https://hooks.example.com/b' })).statusCode).toBe(403);
    expect((await post(t, t.keys.testIngest, PATH, { url: 'https://hooks.example.com/b' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: PATH, headers: bearer(t.keys.testIngest) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: PATH, headers: bearer(t.keys.testFull) })).statusCode).toBe(405);
  });

  it.skipIf(!backend.available)('rotates the secret and queues a ping, with or without a body', async () => {
    const created = (await post(t, t.keys.testFull, PATH, { url: 'https://hooks.example.com/a' })).json();
    const rotated = await post(t, t.keys.testFull, `${PATH}/${created.id}/rotate_secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(created.secret);
    expect(rotated.json().previous_secret_expires_at).not.toBeNull();

    const ping = await post(t, t.keys.testFull, `${PATH}/${created.id}/test`, {});
    expect(ping.statusCode).toBe(202);
    expect(ping.json().message_id).toMatch(/^msg_/);
    const bare = await post(t, t.keys.testFull, `${PATH}/${created.id}/test`);
    expect(bare.statusCode).toBe(202);

    const messages = (
      await t.app.inject({ method: 'GET', url: `${PATH}/${created.id}/messages`, headers: bearer(t.keys.testFull) })
    ).json();
    expect(messages.data).toHaveLength(2);
    expect(messages.data[0]).toMatchObject({ event_type: 'ping', status: 'pending', attempts: 0 });
    const one = await t.app.inject({
      method: 'GET',
      url: `${PATH}/${created.id}/messages/${ping.json().message_id}`,
      headers: bearer(t.keys.testFull),
    });
    expect(one.json()).toMatchObject({ id: ping.json().message_id, attempt_log: [] });
    const redeliver = await post(
      t,
      t.keys.testFull,
      `${PATH}/${created.id}/messages/${ping.json().message_id}/redeliver`,
    );
    expect(redeliver.statusCode).toBe(202);
  });

  it.skipIf(!backend.available)(
    'documents the endpoints and every webhook payload in the OpenAPI document',
    async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
      expect(Object.keys(doc.webhooks).sort()).toEqual(
        [
          'agent.health_changed',
          'check.agreement_dropped',
          'check.failed',
          'checks.digest',
          'conversation.evaluated',
          'group.health_changed',
          'ping',
        ].sort(),
      );
      const evaluated = doc.webhooks['conversation.evaluated'].post.requestBody.content['application/json'].schema;
      expect(evaluated.required).toEqual(
        expect.arrayContaining(['id', 'type', 'created_at', 'environment', 'agent', 'group', 'data']),
      );
      expect(doc.paths['/v1/webhook_endpoints'].post).toBeDefined();
      expect(doc.paths['/v1/webhook_endpoints/{id}/rotate_secret'].post).toBeDefined();
    },
  );
});
