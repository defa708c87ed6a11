/**
 * The error envelope on every failure path that is not about keys: invalid JSON, body size, unknown paths,
 * unsupported methods, faults of ours and an unreachable store; and Service-Request-Id on every response.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { createMetrics } from '../../src/api/metrics.js';
import { unlimited } from '../../src/api/rate-limit.js';
import { createConversationRepo } from '../../src/storage/conversation-repo.js';
import { openPostgresStore } from '../../src/storage/postgres.js';
import { createTenancyRepo } from '../../src/storage/tenancy-repo.js';
import { bearer, startTestApp, type TestApp } from '../harness/app.js';
import { backends } from '../harness/backends.js';
import { conversationBody } from '../harness/fixtures.js';
import {
  countAllConversations,
  expectError,
  getConversation,
  postConversation,
  postFeedback,
  useTestApp,
} from '../harness/http.js';

describe.each(backends)('error responses on $name', (backend) => {
  const app = useTestApp(backend);

  describe('400 invalid_json', () => {
    it.skipIf(!backend.available)('answers broken JSON with 400 invalid_json', async () => {
      const t = app();
      const error = expectError(await postConversation(t, '{"external_id": "a", '), 400, 'invalid_json');
      expect(error.fields).toBeUndefined();
    });

    it.skipIf(!backend.available)('answers a body that is not JSON at all with 400 invalid_json', async () => {
      const t = app();
      expectError(await postConversation(t, 'external_id=a&channel=voice'), 400, 'invalid_json');
    });

    it.skipIf(!backend.available)('answers an empty body sent as JSON with 400 invalid_json', async () => {
      const t = app();
      expectError(await postConversation(t, ''), 400, 'invalid_json');
    });

    it.skipIf(!backend.available)('answers an empty body sent without Content-Type with 400 invalid_json', async () => {
      const t = app();
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/conversations',
        headers: bearer(t.keys.testFull),
      });
      expectError(response, 400, 'invalid_json');
    });

    it.skipIf(!backend.available)('refuses a __proto__ key anywhere in the body with 422 naming it', async () => {
      const t = app();
      const body = JSON.stringify(conversationBody()).replace(/^\{/, '{"__proto__": {"polluted": true}, ');
      expect(expectError(await postConversation(t, body), 422, 'validation_error').fields).toHaveProperty([
        '__proto__',
      ]);
      const nested = JSON.stringify(conversationBody()).replace('"metadata":{', '"metadata":{"__proto__":{"x":1},');
      expect(expectError(await postConversation(t, nested), 422, 'validation_error').fields).toHaveProperty([
        'metadata.__proto__',
      ]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it.skipIf(!backend.available)('answers an empty feedback body with 400 invalid_json', async () => {
      const t = app();
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/conversations/anything/feedback',
        headers: bearer(t.keys.testFull),
      });
      expectError(response, 400, 'invalid_json');
    });

    it.skipIf(!backend.available)('answers broken JSON on the feedback endpoint with 400 invalid_json', async () => {
      const t = app();
      expectError(await postFeedback(t, 'anything', '{oops'), 400, 'invalid_json');
    });
  });

  describe('413 payload_too_large', () => {
    it.skipIf(!backend.available)('refuses a body over 1 MiB on the default limit', async () => {
      const t = app();
      const before = await countAllConversations(t);
      const body = conversationBody({ metadata: { blob: 'x'.repeat(1024 * 1024) } });
      expectError(await postConversation(t, body), 413, 'payload_too_large');
      expect(await countAllConversations(t)).toBe(before);
    });

    describe('with a small configured limit', () => {
      const small = useTestApp(backend, { bodyLimitBytes: 2048 });

      it.skipIf(!backend.available)('refuses a body over the configured limit', async () => {
        const body = conversationBody({ metadata: { blob: 'x'.repeat(4096) } });
        expectError(await postConversation(small(), body), 413, 'payload_too_large');
      });

      it.skipIf(!backend.available)('still accepts a body under the configured limit', async () => {
        const response = await postConversation(small(), conversationBody());
        expect(response.statusCode, response.body).toBe(202);
      });
    });
  });

  describe('404 not_found', () => {
    it.skipIf(!backend.available).each([
      ['GET', '/v1/nope'],
      ['POST', '/v1/nope'],
      ['GET', '/v1/conversations/a/b/c'],
      ['GET', '/v1/conversations/a/feedback/b'],
      ['GET', '/v2/conversations'],
    ])('answers %s %s with a JSON 404', async (method, url) => {
      const t = app();
      const response = await t.app.inject({ method: method as 'GET' | 'POST', url, headers: bearer(t.keys.testFull) });
      expectError(response, 404, 'not_found');
    });

    it.skipIf(!backend.available)('answers an unknown /v1 path with a JSON 404 even without a key', async () => {
      expectError(await app().app.inject({ method: 'GET', url: '/v1/unknown' }), 404, 'not_found');
    });

    it.skipIf(!backend.available)('answers an unknown conversation id with 404 not_found', async () => {
      const t = app();
      expectError(await getConversation(t, 'conv_00000000000000000000000000'), 404, 'not_found');
      expectError(await getConversation(t, 'no-such-external-id'), 404, 'not_found');
    });
  });

  describe('405 method_not_allowed', () => {
    it.skipIf(!backend.available).each([
      ['DELETE', '/v1/conversations/x', 'GET, HEAD'],
      ['PUT', '/v1/conversations/x', 'GET, HEAD'],
      ['POST', '/v1/conversations/x', 'GET, HEAD'],
      ['DELETE', '/v1/conversations', 'GET, HEAD, POST'],
      ['PATCH', '/v1/conversations', 'GET, HEAD, POST'],
      ['GET', '/v1/conversations/x/feedback', 'POST'],
      ['DELETE', '/v1/conversations/x/feedback', 'POST'],
    ])('answers %s %s with 405 and Allow: %s', async (method, url, allow) => {
      const t = app();
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        headers: bearer(t.keys.testFull),
      });
      expectError(response, 405, 'method_not_allowed');
      expect(response.headers.allow).toBe(allow);
    });

    it.skipIf(!backend.available)('answers 405 with Allow even without a key', async () => {
      const response = await app().app.inject({ method: 'DELETE', url: '/v1/conversations/x' });
      expectError(response, 405, 'method_not_allowed');
      expect(response.headers.allow).toBe('GET, HEAD');
    });
  });

  describe('Service-Request-Id', () => {
    it.skipIf(!backend.available)('is on every response, success and error alike, and unique per request', async () => {
      const t = app();
      const body = conversationBody();
      const responses = [
        await postConversation(t, body),
        await postConversation(t, body),
        await getConversation(t, String(body.external_id)),
        await postConversation(t, { channel: 'fax' }),
        await postConversation(t, '{'),
        await t.app.inject({ method: 'GET', url: '/v1/conversations/x' }),
        await getConversation(t, 'missing'),
        await t.app.inject({ method: 'GET', url: '/v1/nope' }),
        await t.app.inject({ method: 'DELETE', url: '/v1/conversations/x' }),
        await t.app.inject({ method: 'GET', url: '/healthz' }),
        await t.app.inject({ method: 'GET', url: '/metrics' }),
        await t.app.inject({ method: 'GET', url: '/v1/openapi.json' }),
      ];
      const ids = responses.map((r) => r.headers['service-request-id']);
      for (const id of ids) expect(id).toEqual(expect.stringMatching(/\S/));
      expect(new Set(ids).size).toBe(ids.length);
      expect(responses.map((r) => r.statusCode)).toEqual([202, 200, 200, 422, 400, 401, 404, 404, 405, 200, 200, 200]);
    });
  });

  describe('500 server_error', () => {
    let t: TestApp;
    let faulty: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      if (!backend.available) return;
      t = await startTestApp(backend);
      const conversations = createConversationRepo(t.store);
      faulty = await buildApp({
        config: { publicUrl: 'https://cqm.example.test', bodyLimitBytes: 1024 * 1024, logRequests: false },
        store: t.store,
        tenancy: t.tenancy,
        conversations: {
          ...conversations,
          ingest: async () => {
            throw new Error('secret internal detail');
          },
        },
        rateLimiter: unlimited,
        metrics: createMetrics(),
        logger: false,
        clock: Date.now,
      });
      await faulty.ready();
    });
    afterAll(async () => {
      await faulty?.close();
      await t?.close();
    });

    it.skipIf(!backend.available)('answers a fault of ours with 500 server_error and no internals', async () => {
      const response = await faulty.inject({
        method: 'POST',
        url: '/v1/conversations',
        headers: { ...bearer(t.keys.testFull), 'content-type': 'application/json' },
        payload: JSON.stringify(conversationBody()),
      });
      const error = expectError(response, 500, 'server_error');
      expect(error.fields).toBeUndefined();
      expect(response.body).not.toMatch(/secret/i);
      expect(response.body).not.toMatch(/internal detail/i);
      expect(response.body).not.toMatch(/\bat\s+\S+\s*\(|\.ts:\d+|\.js:\d+|stack/i);
      expect(response.headers['retry-after']).toBeUndefined();
    });
  });

  describe('503 service_unavailable', () => {
    it.skipIf(!backend.available)('answers with 503 and Retry-After once the store is closed', async () => {
      const t = await startTestApp(backend);
      try {
        await t.store.close();
        for (const response of [await postConversation(t, conversationBody()), await getConversation(t, 'anything')]) {
          const error = expectError(response, 503, 'service_unavailable');
          expect(response.headers['retry-after']).toMatch(/^\d+$/);
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
          expect(error.message).not.toMatch(/destroyed|pool|sqlite|postgres/i);
        }
        const health = await t.app.inject({ method: 'GET', url: '/healthz' });
        expect(health.statusCode).toBe(503);
        expect(health.headers['retry-after']).toMatch(/^\d+$/);
      } finally {
        await t.close();
      }
    });

    it.skipIf(!backend.available || backend.name !== 'postgres')(
      'answers with 503 and Retry-After when PostgreSQL does not answer at all',
      async () => {
        const t = await startTestApp(backend);
        const unreachable = openPostgresStore({ connectionString: 'postgres://postgres@127.0.0.1:1/none' });
        const app = await buildApp({
          config: { publicUrl: 'https://cqm.example.test', bodyLimitBytes: 1024 * 1024, logRequests: false },
          store: unreachable,
          tenancy: createTenancyRepo(unreachable),
          conversations: createConversationRepo(unreachable),
          rateLimiter: unlimited,
          metrics: createMetrics(),
          logger: false,
          clock: Date.now,
        });
        try {
          const response = await app.inject({
            method: 'POST',
            url: '/v1/conversations',
            headers: { ...bearer(t.keys.testFull), 'content-type': 'application/json' },
            payload: JSON.stringify(conversationBody()),
          });
          expectError(response, 503, 'service_unavailable');
          expect(response.headers['retry-after']).toMatch(/^\d+$/);
          expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
        } finally {
          await app.close();
          await unreachable.close();
          await t.close();
        }
      },
    );
  });
});
