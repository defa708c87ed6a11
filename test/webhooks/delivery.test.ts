/** Delivery from the outbox to real receivers on loopback, on both backends. */
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueuePing } from '../../src/storage/webhooks/outbox.js';
import { DISABLE_AFTER_FAILING_MS, RETRY_SCHEDULE_MS } from '../../src/webhooks/dispatcher.js';
import { backends } from '../harness/backends.js';
import { type Receiver, startReceiver } from './receiver.js';
import { createHookWorld, type HookWorld } from './world.js';

describe.each(backends)('webhook delivery on $name', (backend) => {
  let w: HookWorld;
  let receiver: Receiver;

  beforeEach(async () => {
    if (!backend.available) return;
    w = await createHookWorld(backend);
    receiver = await startReceiver();
  });
  afterEach(async () => {
    if (!backend.available) return;
    await receiver.close();
    await w.dispose();
  });

  async function ping() {
    const endpoint = await w.addEndpoint(receiver.url);
    const row = await w.endpoints.findRow(w.scope, endpoint.id);
    if (!row) throw new Error('no endpoint');
    const queued = await enqueuePing(w.store, w.scope, row, w.clock());
    return { endpoint, ...queued };
  }

  it.skipIf(!backend.available)('signs every delivery so the standardwebhooks package verifies it as is', async () => {
    const { endpoint, message_id } = await ping();
    const dispatcher = w.dispatcher();
    await w.drain(dispatcher);
    const [request] = await receiver.waitFor(1);
    if (!request) throw new Error('nothing received');
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Service-Webhooks/1.0',
      'service-event': 'ping',
      'service-delivery': message_id,
      'webhook-id': message_id,
    });
    expect(request.headers['service-timestamp']).toBe(request.headers['webhook-timestamp']);
    expect(request.headers['service-signature']).toBe(request.headers['webhook-signature']);
    const payload = new Webhook(endpoint.secret).verify(request.body, request.headers as Record<string, string>);
    expect(payload).toMatchObject({ type: 'ping', environment: 'test', data: { endpoint_id: endpoint.id } });
    expect(Object.keys(payload as object)).toEqual(['id', 'type', 'created_at', 'environment', 'data']);
    expect((await w.messages())[0]).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it.skipIf(!backend.available)(
    'retries k failures then succeeds: k+1 attempts, one delivery id, fresh timestamps',
    async () => {
      const k = 3;
      receiver.script([{ status: 500, body: 'boom' }, { status: 503 }, { status: 429, body: 'slow down' }]);
      const { message_id } = await ping();
      const dispatcher = w.dispatcher({ retryDelayMs: (n) => RETRY_SCHEDULE_MS[n] ?? null });
      for (let attempt = 1; attempt <= k + 1; attempt++) {
        await w.drain(dispatcher);
        await receiver.waitFor(attempt);
        const [message] = await w.messages();
        if (attempt <= k) {
          expect(message).toMatchObject({ status: 'pending', attempts: attempt });
          expect(message?.next_attempt_at).toBe(w.clock() + (RETRY_SCHEDULE_MS[attempt] as number));
          // Nothing is due before the scheduled time.
          w.advance((RETRY_SCHEDULE_MS[attempt] as number) - 1);
          expect(await dispatcher.runOnce()).toBe(0);
          w.advance(1);
        }
      }
      expect(receiver.received).toHaveLength(k + 1);
      expect(new Set(receiver.received.map((r) => r.headers['service-delivery']))).toEqual(new Set([message_id]));
      const timestamps = receiver.received.map((r) => Number(r.headers['service-timestamp']));
      expect(new Set(timestamps).size).toBe(k + 1);
      expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
      const [message] = await w.messages();
      expect(message).toMatchObject({ status: 'delivered', attempts: k + 1 });
      const attempts = await w.deliveries.attempts(w.scope, message_id);
      expect(attempts?.map((a) => [Number(a.attempt), a.status_code === null ? null : Number(a.status_code)])).toEqual([
        [1, 500],
        [2, 503],
        [3, 429],
        [4, 200],
      ]);
      expect(attempts?.[0]?.response_excerpt).toBe('boom');
      expect(attempts?.every((a) => Number(a.latency_ms) >= 0)).toBe(true);
    },
  );

  it.skipIf(!backend.available)('410 stops deliveries and disables the endpoint', async () => {
    receiver.script([{ status: 410 }]);
    const { endpoint } = await ping();
    const dispatcher = w.dispatcher();
    await w.drain(dispatcher);
    expect((await w.messages())[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await w.endpoints.get(w.scope, endpoint.id)).toMatchObject({ enabled: false, disabled_reason: 'gone' });
    w.advance(RETRY_SCHEDULE_MS[1] as number);
    await w.drain(dispatcher);
    expect(receiver.received).toHaveLength(1);
  });

  it.skipIf(!backend.available)('never follows a redirect: a 3xx is a failed attempt', async () => {
    receiver.script([
      { status: 302, headers: { location: `http://127.0.0.1:${receiver.port}/elsewhere` } },
      { status: 301, headers: { location: '/elsewhere' } },
    ]);
    const { message_id } = await ping();
    const dispatcher = w.dispatcher({ retryDelayMs: () => 0 });
    await w.drain(dispatcher);
    expect(receiver.received.map((r) => r.url)).toEqual(['/hooks', '/hooks', '/hooks']);
    const attempts = await w.deliveries.attempts(w.scope, message_id);
    expect(attempts?.map((a) => Number(a.status_code))).toEqual([302, 301, 200]);
  });

  it.skipIf(!backend.available)('a worker killed mid-delivery loses no message: the lease returns it', async () => {
    const { message_id } = await ping();
    // Worker "dead" claims the message and dies before recording anything.
    const claimed = await w.deliveries.claim('dead', 10, 60_000);
    expect(claimed.map((c) => c.message.id)).toEqual([message_id]);
    const survivor = w.dispatcher();
    expect(await survivor.runOnce()).toBe(0);
    w.advance(60_001);
    await w.drain(survivor);
    await receiver.waitFor(1);
    expect(receiver.received[0]?.headers['service-delivery']).toBe(message_id);
    expect((await w.messages())[0]).toMatchObject({ status: 'delivered' });
    // The dead worker's late report cannot overwrite the outcome.
    const late = await w.deliveries.finish(claimed[0]?.message as never, 'dead', {
      statusCode: 500,
      error: null,
      latencyMs: 1,
      excerpt: null,
      outcome: 'retry',
      attempted: true,
    });
    expect(late).toBe(false);
    expect((await w.messages())[0]).toMatchObject({ status: 'delivered' });
  });

  it.skipIf(!backend.available)('honours Retry-After when it asks for longer than the schedule', async () => {
    receiver.script([{ status: 503, headers: { 'retry-after': '3600' } }]);
    await ping();
    await w.drain(w.dispatcher({ retryDelayMs: (n) => RETRY_SCHEDULE_MS[n] ?? null }));
    expect((await w.messages())[0]?.next_attempt_at).toBe(w.clock() + 3_600_000);
  });

  it.skipIf(!backend.available)('a timeout and a refused connection are retried', async () => {
    receiver.script([{ status: 200, delayMs: 1_000 }]);
    const { message_id } = await ping();
    const dispatcher = w.dispatcher({ timeoutMs: 150, retryDelayMs: () => 0 });
    await w.drain(dispatcher);
    const attempts = await w.deliveries.attempts(w.scope, message_id);
    expect(attempts?.[0]?.error).toMatch(/timed out/);
    expect(attempts?.at(-1)?.status_code === null ? null : Number(attempts?.at(-1)?.status_code)).toBe(200);

    const dead = await w.addEndpoint(`http://127.0.0.1:${receiver.port + 0}/hooks`);
    await receiver.close();
    const row = await w.endpoints.findRow(w.scope, dead.id);
    const queued = await enqueuePing(w.store, w.scope, row as never, w.clock());
    const once = w.dispatcher({ retryDelayMs: (n) => RETRY_SCHEDULE_MS[n] ?? null });
    await once.runOnce();
    await once.idle();
    const refused = await w.deliveries.attempts(w.scope, queued.message_id);
    expect(refused?.[0]?.error).toMatch(/ECONNREFUSED|connect/);
    receiver = await startReceiver();
  });

  it.skipIf(!backend.available)(
    'gives up after the last scheduled attempt, and disables an endpoint failing for 5 days',
    async () => {
      receiver.script([], { status: 500 });
      const { endpoint } = await ping();
      const dispatcher = w.dispatcher({ retryDelayMs: (n) => (n < RETRY_SCHEDULE_MS.length ? 0 : null) });
      await w.drain(dispatcher);
      expect(receiver.received).toHaveLength(RETRY_SCHEDULE_MS.length);
      expect((await w.messages())[0]).toMatchObject({ status: 'failed', attempts: 10 });
      expect(await w.endpoints.get(w.scope, endpoint.id)).toMatchObject({ enabled: true });

      // Failing since five days ago: the next failure disables the endpoint.
      w.advance(DISABLE_AFTER_FAILING_MS);
      const row = await w.endpoints.findRow(w.scope, endpoint.id);
      await enqueuePing(w.store, w.scope, row as never, w.clock());
      await w.drain(dispatcher);
      expect(await w.endpoints.get(w.scope, endpoint.id)).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    },
  );

  it.skipIf(!backend.available)('after a rotation both secrets sign for 24 hours, then only the new one', async () => {
    const { endpoint } = await ping();
    const rotated = await w.endpoints.rotate(w.scope, endpoint.id);
    if (!rotated) throw new Error('not rotated');
    const dispatcher = w.dispatcher();
    await w.drain(dispatcher);
    const [first] = await receiver.waitFor(1);
    const headers = first?.headers as Record<string, string>;
    expect(headers['service-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(rotated.secret).verify(first?.body as string, headers)).toBeTruthy();
    expect(new Webhook(endpoint.secret).verify(first?.body as string, headers)).toBeTruthy();

    w.advance(24 * 3_600_000 + 1);
    const row = await w.endpoints.findRow(w.scope, endpoint.id);
    await enqueuePing(w.store, w.scope, row as never, w.clock());
    await w.drain(dispatcher);
    const second = receiver.received[1];
    expect(second?.headers['service-signature']?.toString().split(' ')).toHaveLength(1);
  });

  it.skipIf(!backend.available)(
    'messages of a disabled or deleted endpoint are cancelled without a request',
    async () => {
      const { endpoint } = await ping();
      await w.endpoints.update(w.scope, endpoint.id, { enabled: false });
      await w.drain(w.dispatcher());
      expect((await w.messages())[0]).toMatchObject({ status: 'cancelled' });
      expect(receiver.received).toHaveLength(0);
    },
  );
});
