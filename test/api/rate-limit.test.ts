/** 429 rate_limited: a budget per key, with Retry-After and the RateLimit-* headers as integers. */
import { describe, expect, it } from 'vitest';
import { backends } from '../harness/backends.js';
import { conversationBody } from '../harness/fixtures.js';
import { countConversations, expectError, getConversation, postConversation, useTestApp } from '../harness/http.js';

const INTEGER = /^\d+$/;

describe.each(backends)('rate limiting on $name', (backend) => {
  const app = useTestApp(backend, { rateLimit: { points: 3, windowSeconds: 60 } });

  it.skipIf(!backend.available)(
    'counts down the budget on allowed requests, then answers 429 with headers',
    async () => {
      const t = app();
      const remaining: number[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await postConversation(t, conversationBody());
        expect(response.statusCode).toBe(202);
        expect(response.headers['ratelimit-limit']).toBe('3');
        remaining.push(Number(response.headers['ratelimit-remaining']));
      }
      expect(remaining).toEqual([2, 1, 0]);

      const body = conversationBody();
      const refused = await postConversation(t, body);
      const error = expectError(refused, 429, 'rate_limited');
      expect(error.fields).toBeUndefined();
      for (const header of ['retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
        expect(refused.headers[header], header).toMatch(INTEGER);
      }
      expect(refused.headers['ratelimit-limit']).toBe('3');
      expect(refused.headers['ratelimit-remaining']).toBe('0');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(Number(refused.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
      expect(await countConversations(t, String(body.external_id))).toBe(0);

      // Reads with the same key share the budget.
      expectError(await getConversation(t, 'anything'), 429, 'rate_limited');
    },
  );

  it.skipIf(!backend.available)('keeps a separate budget for every key', async () => {
    const t = app();
    const ingest = { key: t.keys.testIngest };
    for (let i = 0; i < 3; i++) expect((await postConversation(t, conversationBody(), ingest)).statusCode).toBe(202);
    expectError(await postConversation(t, conversationBody(), ingest), 429, 'rate_limited');

    const sameProjectLive = await postConversation(t, conversationBody(), { key: t.keys.liveFull });
    expect(sameProjectLive.statusCode, sameProjectLive.body).toBe(202);
    expect(sameProjectLive.headers['ratelimit-remaining']).toBe('2');
    const otherProject = await postConversation(t, conversationBody(), { key: t.keys.otherProject });
    expect(otherProject.statusCode, otherProject.body).toBe(202);
    expect(otherProject.headers['ratelimit-remaining']).toBe('2');
  });

  it.skipIf(!backend.available)('does not spend budget on requests refused for a bad key', async () => {
    const t = app();
    for (let i = 0; i < 5; i++) {
      expectError(await getConversation(t, 'anything', 'not-a-key'), 401, 'authentication_error');
    }
    const response = await getConversation(t, 'anything', t.keys.testRead);
    expectError(response, 404, 'not_found');
    expect(response.headers['ratelimit-remaining']).toBe('2');
  });
});

describe.each(backends)('without a rate limit on $name', (backend) => {
  const app = useTestApp(backend);

  it.skipIf(!backend.available)('never answers 429', async () => {
    const t = app();
    for (let i = 0; i < 10; i++) expect((await postConversation(t, conversationBody())).statusCode).toBe(202);
  });
});
