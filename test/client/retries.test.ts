/**
 * The specification's retry rules (Errors, rule 4), through a proxy in front of the real service that
 * answers 503, 429 or nothing a given number of times before passing requests on. The client's sleep is
 * replaced by one that records the waits and returns at once, so no test waits or measures time.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ConnectionError,
  CqmClient,
  type CqmClientOptions,
  RateLimitedError,
  ServerError,
  ServiceUnavailableError,
  TimeoutError,
  ValidationError,
} from '../../packages/client/src/index.js';
import { conversationBody } from '../harness/fixtures.js';
import { errorBody, type Fault, type FlakyProxy, startFlakyProxy } from './flaky-proxy.js';
import { type ClientTestService, startClientTestService } from './service.js';

type ConversationBody = Parameters<CqmClient['conversations']['create']>[0];
const body = () => conversationBody() as unknown as ConversationBody;

const unavailable: Fault = {
  kind: 'answer',
  status: 503,
  headers: { 'retry-after': '0' },
  body: errorBody('service_unavailable'),
};
const unavailableNoHint: Fault = { kind: 'answer', status: 503, body: errorBody('service_unavailable') };
const rateLimited = (seconds: number): Fault => ({
  kind: 'answer',
  status: 429,
  headers: { 'retry-after': String(seconds), 'ratelimit-limit': '100', 'ratelimit-remaining': '0' },
  body: errorBody('rate_limited'),
});

describe('@cqm/client retries through a misbehaving proxy', () => {
  let service: ClientTestService;
  let proxy: FlakyProxy;
  let waits: number[];

  function client(options: Partial<CqmClientOptions> = {}): CqmClient {
    return new CqmClient({
      baseUrl: proxy.url,
      apiKey: service.keys.full,
      sleep: async (ms) => {
        waits.push(ms);
      },
      ...options,
    });
  }
  const conversationPosts = () => proxy.requests.filter((r) => r.method === 'POST' && r.url === '/v1/conversations');

  beforeAll(async () => {
    service = await startClientTestService();
    proxy = await startFlakyProxy(service.baseUrl);
  });
  afterAll(async () => {
    await proxy?.close();
    await service?.close();
  });
  beforeEach(() => {
    proxy.requests.length = 0;
    proxy.script([]);
    waits = [];
  });

  it('retries a conversation post through two 503s with one Idempotency-Key and the same bytes; stored once', async () => {
    const sent = body();
    proxy.script([unavailableNoHint, unavailableNoHint]);
    const created = await client({ random: () => 0 }).conversations.create(sent);
    expect(created.status).toBe('queued');

    const attempts = conversationPosts();
    expect(attempts.map((r) => r.handling)).toEqual(['answer', 'answer', 'forwarded']);
    const keys = new Set(attempts.map((r) => r.headers['idempotency-key']));
    expect(keys).toEqual(new Set([created.idempotencyKey]));
    expect(new Set(attempts.map((r) => r.body)).size).toBe(1);
    // Exponential backoff without Retry-After: 0.5 s, then 1 s (jitter 0 here).
    expect(waits).toEqual([500, 1000]);
    expect(service.storedCount(sent.external_id)).toBe(1);
  });

  it('stores once when the service stored the first attempt and its answer was lost', async () => {
    const sent = body();
    proxy.script([{ kind: 'lose-answer', status: 503, body: errorBody('service_unavailable') }, { kind: 'reset' }]);
    const created = await client().conversations.create(sent);

    expect(conversationPosts().map((r) => r.handling)).toEqual(['lose-answer', 'reset', 'forwarded']);
    // The third attempt is answered with the first stored response.
    expect(created.replayed).toBe(true);
    expect(created.status).toBe('queued');
    expect(service.storedCount(sent.external_id)).toBe(1);
    expect((await client().conversations.get(sent.external_id)).id).toBe(created.id);
  });

  it('waits exactly Retry-After on 429 instead of backing off', async () => {
    const sent = body();
    proxy.script([rateLimited(2), rateLimited(1)]);
    await client().conversations.create(sent);
    expect(conversationPosts()).toHaveLength(3);
    expect(waits).toEqual([2000, 1000]);
    expect(service.storedCount(sent.external_id)).toBe(1);
  });

  it('gives up after 3 retries (4 requests) with the typed error of the last answer', async () => {
    const sent = body();
    proxy.script([unavailable, unavailable, unavailable, unavailable, unavailable]);
    const error = await client()
      .conversations.create(sent)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ status: 503, type: 'service_unavailable', requestId: 'req_proxy' });
    expect(conversationPosts()).toHaveLength(4);
    expect(waits).toEqual([0, 0, 0]);
    expect(service.storedCount(sent.external_id)).toBe(0);
  });

  it('backs off 0.5, 1 and 2 s plus up to half again of jitter', async () => {
    proxy.script([unavailableNoHint, unavailableNoHint, unavailableNoHint, unavailableNoHint]);
    await expect(client({ random: () => 0.5 }).agents.health('nobody')).rejects.toBeInstanceOf(ServerError);
    expect(waits).toEqual([625, 1250, 2500]);
  });

  it('retries GETs on network errors, 408 and 500', async () => {
    const created = await client().conversations.create(body());
    proxy.requests.length = 0;
    proxy.script([
      { kind: 'reset' },
      { kind: 'answer', status: 408, body: '' },
      { kind: 'answer', status: 500, body: errorBody('server_error') },
    ]);
    const read = await client().conversations.get(created.id);
    expect(read.id).toBe(created.id);
    expect(proxy.requests.map((r) => r.handling)).toEqual(['reset', 'answer', 'answer', 'forwarded']);
  });

  it('throws a ConnectionError when the network fails every time', async () => {
    proxy.script([{ kind: 'reset' }, { kind: 'reset' }, { kind: 'reset' }, { kind: 'reset' }]);
    await expect(client().agents.health('front-desk')).rejects.toBeInstanceOf(ConnectionError);
    expect(proxy.requests).toHaveLength(4);
  });

  it('never retries feedback, even on 503', async () => {
    const created = await client().conversations.create(body());
    proxy.requests.length = 0;
    proxy.script([unavailable]);
    await expect(
      client().conversations.feedback(created.id, { check_key: 'outcome', verdict: 'pass' }),
    ).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(proxy.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('never retries a 422 or another 4xx', async () => {
    const invalid = { ...body(), channel: 'fax' } as unknown as ConversationBody;
    await expect(client().conversations.create(invalid)).rejects.toBeInstanceOf(ValidationError);
    expect(conversationPosts()).toHaveLength(1);

    proxy.requests.length = 0;
    proxy.script([{ kind: 'answer', status: 409, body: errorBody('idempotency_conflict') }]);
    await expect(client().agents.health('front-desk')).rejects.toMatchObject({ status: 409 });
    expect(proxy.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('never retries other writes (webhook endpoints), even on 503', async () => {
    proxy.script([unavailable]);
    await expect(client().webhookEndpoints.create({ url: 'http://127.0.0.1:9/hooks' })).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
    expect(proxy.requests).toHaveLength(1);
  });

  it('does not wait a Retry-After longer than maxRetryAfterMs; the error says how long', async () => {
    proxy.script([rateLimited(3600)]);
    const error = await client()
      .conversations.create(body())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(3600);
    expect((error as RateLimitedError).rateLimit).toMatchObject({ limit: 100, remaining: 0 });
    expect(conversationPosts()).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('with maxRetries 0 sends once', async () => {
    proxy.script([unavailable]);
    await expect(client({ maxRetries: 0 }).agents.health('front-desk')).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(proxy.requests).toHaveLength(1);
    expect(() => client({ maxRetries: 4 })).toThrow(RangeError);
  });

  it('tells onRetry about each retry', async () => {
    const seen: Array<{ retry: number; delayMs: number; status: unknown }> = [];
    proxy.script([unavailable, rateLimited(1)]);
    await client({
      onRetry: (info) =>
        seen.push({ retry: info.retry, delayMs: info.delayMs, status: (info.error as ServerError).status }),
    })
      .agents.health('front-desk')
      .catch(() => undefined);
    expect(seen).toEqual([
      { retry: 1, delayMs: 0, status: 503 },
      { retry: 2, delayMs: 1000, status: 429 },
    ]);
  });

  it('abandons an attempt that gets no answer within timeoutMs, retries it, then throws a TimeoutError', async () => {
    proxy.script([{ kind: 'hang' }, { kind: 'hang' }]);
    const error = await client({ timeoutMs: 200, maxRetries: 1 })
      .agents.health('front-desk')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(proxy.requests.map((r) => r.handling)).toEqual(['hang', 'hang']);
  });

  it('stops at once, without another attempt, when the caller aborts during a wait', async () => {
    const controller = new AbortController();
    const aborting = client({
      sleep: async () => {
        controller.abort(new Error('caller gave up'));
        throw controller.signal.reason;
      },
    });
    proxy.script([unavailable, unavailable]);
    await expect(aborting.conversations.create(body(), { signal: controller.signal })).rejects.toThrow(
      'caller gave up',
    );
    expect(conversationPosts()).toHaveLength(1);
  });
});
