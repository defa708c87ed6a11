/** 401 authentication_error for keys that are not valid, 403 permission_denied for keys used beyond their role. */
import { describe, expect, it } from 'vitest';
import { generateApiKey } from '../../src/domain/api-keys.js';
import { bearer } from '../harness/app.js';
import { backends } from '../harness/backends.js';
import { conversationBody } from '../harness/fixtures.js';
import {
  countConversations,
  expectError,
  getConversation,
  postConversation,
  postFeedback,
  useTestApp,
} from '../harness/http.js';

function expectAuthenticationError(response: Parameters<typeof expectError>[0]): void {
  const error = expectError(response, 401, 'authentication_error');
  // The message tells the caller to use a bearer key of either kind.
  expect(error.message).toMatch(/Bearer/);
  expect(error.message).toMatch(/test/);
  expect(error.message).toMatch(/live/);
}

describe.each(backends)('authentication on $name', (backend) => {
  const app = useTestApp(backend);

  it.skipIf(!backend.available)('refuses a request without Authorization', async () => {
    const t = app();
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/conversations',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(conversationBody()),
    });
    expectAuthenticationError(response);
  });

  it.skipIf(!backend.available).each([
    ['a Basic scheme', (key: string) => `Basic ${Buffer.from(`user:${key}`).toString('base64')}`],
    ['the key without a scheme', (key: string) => key],
    ['a Token scheme', (key: string) => `Token ${key}`],
    ['Bearer without a key', () => 'Bearer '],
    ['Bearer with two values', (key: string) => `Bearer ${key} ${key}`],
  ])('refuses %s', async (_name, header) => {
    const t = app();
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/conversations/anything',
      headers: { authorization: header(t.keys.testFull) },
    });
    expectAuthenticationError(response);
  });

  it.skipIf(!backend.available).each([
    ['a random string', () => 'not-a-key'],
    ['a key with an unknown prefix', () => `cqm_prod_${'a'.repeat(39)}`],
    ['a truncated key', (key: string) => key.slice(0, -1)],
    [
      'a key with one character changed (checksum fails)',
      (key: string) => `${key.slice(0, 12)}${key[12] === 'A' ? 'B' : 'A'}${key.slice(13)}`,
    ],
    ['a key with a trailing extra character', (key: string) => `${key}x`],
  ])('refuses a malformed key: %s', async (_name, make) => {
    const t = app();
    expectAuthenticationError(await getConversation(t, 'anything', make(t.keys.testFull)));
  });

  it.skipIf(!backend.available).each(['test', 'live'] as const)(
    'refuses a well-formed but unknown %s key',
    async (environment) => {
      const t = app();
      expectAuthenticationError(await getConversation(t, 'anything', generateApiKey(environment)));
    },
  );

  it.skipIf(!backend.available)('accepts the scheme name in any case', async () => {
    const t = app();
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/conversations',
      headers: { authorization: `bearer ${t.keys.testFull}`, 'content-type': 'application/json' },
      payload: JSON.stringify(conversationBody()),
    });
    expect(response.statusCode, response.body).toBe(202);
  });

  it.skipIf(!backend.available)('refuses a bad key before looking at the body', async () => {
    const t = app();
    expectAuthenticationError(await postConversation(t, '{broken', { key: 'nope' }));
  });

  it.skipIf(!backend.available)('stores nothing for a refused request', async () => {
    const t = app();
    const body = conversationBody();
    expectAuthenticationError(await postConversation(t, body, { key: generateApiKey('test') }));
    expect(await countConversations(t, String(body.external_id))).toBe(0);
  });
});

describe.each(backends)('key revocation on $name', (backend) => {
  const app = useTestApp(backend);

  it.skipIf(!backend.available)('refuses a revoked key on the very next request', async () => {
    const t = app();
    expect((await postConversation(t, conversationBody())).statusCode).toBe(202);
    expect(await t.tenancy.revokeKey(t.keyIds.testFull)).toBe(true);
    expectAuthenticationError(await postConversation(t, conversationBody()));
    expectAuthenticationError(await getConversation(t, 'anything'));
    // Other keys of the same project keep working.
    expect((await postConversation(t, conversationBody(), { key: t.keys.testIngest })).statusCode).toBe(202);
  });

  it.skipIf(!backend.available)(
    'answers 401, not a complaint about the request, once a key that just worked is revoked',
    async () => {
      const t = app();
      // The ingest route trusts a key it saw valid a moment ago; its errors must still confirm the key.
      expect((await postConversation(t, conversationBody(), { key: t.keys.testIngest })).statusCode).toBe(202);
      expect(await t.tenancy.revokeKey(t.keyIds.testIngest)).toBe(true);
      const key = t.keys.testIngest;
      expectAuthenticationError(await postConversation(t, conversationBody({ channel: 'fax' }), { key }));
      expectAuthenticationError(await postConversation(t, '{broken', { key }));
      expectAuthenticationError(await postConversation(t, conversationBody(), { key }));
      const body = conversationBody();
      expectAuthenticationError(
        await postConversation(t, body, { key, headers: { 'idempotency-key': 'after-revoke' } }),
      );
      expect(await countConversations(t, String(body.external_id))).toBe(0);
    },
  );
});

describe.each(backends)('roles on $name', (backend) => {
  const app = useTestApp(backend);

  it.skipIf(!backend.available)('refuses a read key creating a conversation with 403, storing nothing', async () => {
    const t = app();
    const body = conversationBody();
    const error = expectError(await postConversation(t, body, { key: t.keys.testRead }), 403, 'permission_denied');
    expect(error.message.length).toBeGreaterThan(0);
    expect(await countConversations(t, String(body.external_id))).toBe(0);
  });

  it.skipIf(!backend.available)('refuses a read key even before looking at an invalid body', async () => {
    const t = app();
    expectError(await postConversation(t, { channel: 'fax' }, { key: t.keys.testRead }), 403, 'permission_denied');
  });

  it.skipIf(!backend.available)('refuses an ingest key reading a conversation with 403', async () => {
    const t = app();
    const body = conversationBody();
    expect((await postConversation(t, body, { key: t.keys.testIngest })).statusCode).toBe(202);
    expectError(await getConversation(t, String(body.external_id), t.keys.testIngest), 403, 'permission_denied');
  });

  it.skipIf(!backend.available)('refuses ingest and read keys posting feedback with 403', async () => {
    const t = app();
    const body = conversationBody();
    await postConversation(t, body);
    const label = { check_key: 'outcome', verdict: 'pass' };
    for (const key of [t.keys.testIngest, t.keys.testRead]) {
      expectError(await postFeedback(t, String(body.external_id), label, { key }), 403, 'permission_denied');
    }
  });

  it.skipIf(!backend.available)('lets an ingest key create and a read key read', async () => {
    const t = app();
    const body = conversationBody();
    const created = await postConversation(t, body, { key: t.keys.testIngest });
    expect(created.statusCode).toBe(202);
    const read = await getConversation(t, created.json().id, t.keys.testRead);
    expect(read.statusCode).toBe(200);
    expect(read.json().external_id).toBe(body.external_id);
  });

  it.skipIf(!backend.available)('lets a full key do everything', async () => {
    const t = app();
    const body = conversationBody();
    expect((await postConversation(t, body)).statusCode).toBe(202);
    expect((await getConversation(t, String(body.external_id))).statusCode).toBe(200);
    // No result exists yet: the answer is 404 for the check, not 403 for the key.
    const feedback = await postFeedback(t, String(body.external_id), { check_key: 'outcome', verdict: 'pass' });
    expectError(feedback, 404, 'not_found');
  });

  it.skipIf(!backend.available)('answers 401, not 403, for a revoked read key', async () => {
    const t = app();
    await t.tenancy.revokeKey(t.keyIds.testRead);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/conversations',
      headers: { ...bearer(t.keys.testRead), 'content-type': 'application/json' },
      payload: JSON.stringify(conversationBody()),
    });
    expectError(response, 401, 'authentication_error');
  });
});
