/**
 * Webhooks signed by the service itself (bin/cqm serve's dispatcher delivering to a real receiver on
 * loopback) and verified by @cqm/client: typed events, a tampered body, an old timestamp, and a rotation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CqmClient,
  createWebhookVerifier,
  isEventType,
  isKnownEvent,
  verifyWebhook,
  type WebhookEvent,
  WebhookVerificationError,
} from '../../packages/client/src/index.js';
import { conversationBody } from '../harness/fixtures.js';
import { type Received, type Receiver, startReceiver } from '../webhooks/receiver.js';
import { type ClientTestService, startClientTestService } from './service.js';

type ConversationBody = Parameters<CqmClient['conversations']['create']>[0];

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return (error as WebhookVerificationError).reason;
}

function toHeaders(received: Received): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(received.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  return headers;
}

describe('@cqm/client verifies webhooks the service signed', () => {
  let service: ClientTestService;
  let receiver: Receiver;
  let cqm: CqmClient;
  let endpoint: { id: string; secret: string };

  /** Waits for the next delivery whose Service-Event is `type`. */
  async function nextDelivery(type: string, after: number): Promise<Received> {
    for (;;) {
      const received = await receiver.waitFor(after + 1, 20_000);
      const found = received.slice(after).find((r) => r.headers['service-event'] === type);
      if (found) return found;
      after = received.length;
    }
  }

  beforeAll(async () => {
    service = await startClientTestService();
    receiver = await startReceiver();
    cqm = new CqmClient({ baseUrl: service.baseUrl, apiKey: service.keys.full });
    const created = await cqm.webhookEndpoints.create({ url: receiver.url, description: 'client tests' });
    endpoint = { id: created.id, secret: created.secret };
  });
  afterAll(async () => {
    await receiver?.close();
    await service?.close();
  });

  it('verifies a ping and a conversation.evaluated event into typed events', async () => {
    const verifier = createWebhookVerifier({ secret: endpoint.secret });

    const before = receiver.received.length;
    const queued = await cqm.webhookEndpoints.sendTest(endpoint.id);
    const ping = await nextDelivery('ping', before);
    const delivery = await verifier.verifyDelivery(ping.body, ping.headers);
    expect(delivery.deliveryId).toBe(queued.message_id);
    expect(delivery.event.id).toBe(queued.event_id);
    expect(isEventType(delivery.event, 'ping')).toBe(true);
    if (isEventType(delivery.event, 'ping')) expect(delivery.event.data.endpoint_id).toBe(endpoint.id);

    const sent = conversationBody() as unknown as ConversationBody;
    const seen = receiver.received.length;
    const created = await cqm.conversations.create(sent);
    const evaluated = await nextDelivery('conversation.evaluated', seen);
    // Fetch-style Headers verify the same as Node's header object.
    const event: WebhookEvent = await verifier.verify(evaluated.body, toHeaders(evaluated));
    expect(isKnownEvent(event)).toBe(true);
    if (!isKnownEvent(event)) return;
    switch (event.type) {
      case 'conversation.evaluated':
        expect(event.environment).toBe('test');
        expect(event.data.conversation).toMatchObject({
          id: created.id,
          external_id: sent.external_id,
          status: 'done',
        });
        expect(event.agent.id).toBe('front-desk');
        break;
      default:
        throw new Error(`expected conversation.evaluated, got ${event.type}`);
    }
  });

  it('refuses a tampered body, an old timestamp, a wrong secret and missing or conflicting headers', async () => {
    const before = receiver.received.length;
    await cqm.webhookEndpoints.sendTest(endpoint.id);
    const ping = await nextDelivery('ping', before);
    const options = { secret: endpoint.secret };

    // Untouched, it verifies (as raw bytes too).
    await expect(verifyWebhook(new TextEncoder().encode(ping.body), ping.headers, options)).resolves.toMatchObject({
      type: 'ping',
    });

    // A body already parsed by a framework has lost its bytes: refused plainly rather than as a bad signature.
    await expect(verifyWebhook(JSON.parse(ping.body), ping.headers, options)).rejects.toThrow(/raw request body/);

    const tampered = ping.body.replace('"environment":"test"', '"environment":"live"');
    expect(tampered).not.toBe(ping.body);
    expect(await refusal(verifyWebhook(tampered, ping.headers, options))).toBe('no_matching_signature');

    const sixMinutesLater = () => Date.now() + 6 * 60_000;
    expect(await refusal(verifyWebhook(ping.body, ping.headers, { ...options, now: sixMinutesLater }))).toBe(
      'timestamp_too_old',
    );
    const sixMinutesEarlier = () => Date.now() - 6 * 60_000;
    expect(await refusal(verifyWebhook(ping.body, ping.headers, { ...options, now: sixMinutesEarlier }))).toBe(
      'timestamp_too_new',
    );
    // Within the default five minutes it verifies; a tolerance of one minute refuses it.
    const fourMinutesLater = () => Date.now() + 4 * 60_000;
    await expect(verifyWebhook(ping.body, ping.headers, { ...options, now: fourMinutesLater })).resolves.toBeTruthy();
    expect(
      await refusal(
        verifyWebhook(ping.body, ping.headers, { ...options, now: fourMinutesLater, toleranceSeconds: 60 }),
      ),
    ).toBe('timestamp_too_old');

    // An attacker cannot move the timestamp forward either: it is part of what is signed.
    const fresh: Record<string, string | string[] | undefined> = {
      ...ping.headers,
      'webhook-timestamp': String(Math.floor(sixMinutesLater() / 1000)),
    };
    delete fresh['service-timestamp'];
    expect(await refusal(verifyWebhook(ping.body, fresh, { ...options, now: sixMinutesLater }))).toBe(
      'no_matching_signature',
    );

    const wrong = `whsec_${btoa('another secret of 32 bytes.......')}`;
    expect(await refusal(verifyWebhook(ping.body, ping.headers, { secret: wrong }))).toBe('no_matching_signature');

    const noSignature = { ...ping.headers };
    delete noSignature['webhook-signature'];
    delete noSignature['service-signature'];
    expect(await refusal(verifyWebhook(ping.body, noSignature, options))).toBe('missing_header');

    const conflicting = { ...ping.headers, 'service-delivery': 'msg_other' };
    expect(await refusal(verifyWebhook(ping.body, conflicting, options))).toBe('conflicting_headers');

    // The Service-* headers alone are enough (a proxy that drops the webhook-* ones).
    const serviceOnly = Object.fromEntries(
      Object.entries(ping.headers).filter(([name]) => !name.startsWith('webhook-')),
    );
    await expect(verifyWebhook(ping.body, serviceOnly, options)).resolves.toMatchObject({ type: 'ping' });
  });

  it('verifies with the new or the old secret during a rotation, and with several secrets given', async () => {
    const oldSecret = endpoint.secret;
    const rotated = await cqm.webhookEndpoints.rotateSecret(endpoint.id);
    expect(rotated.secret).not.toBe(oldSecret);
    expect(rotated.previous_secret_expires_at).toEqual(expect.any(String));

    const before = receiver.received.length;
    await cqm.webhookEndpoints.sendTest(endpoint.id);
    const ping = await nextDelivery('ping', before);
    expect(String(ping.headers['webhook-signature']).split(' ')).toHaveLength(2);

    for (const secret of [rotated.secret, oldSecret, [oldSecret, rotated.secret]]) {
      await expect(verifyWebhook(ping.body, ping.headers, { secret })).resolves.toMatchObject({ type: 'ping' });
    }
    const unrelated = `whsec_${btoa('a secret nobody ever configured..')}`;
    await expect(
      verifyWebhook(ping.body, ping.headers, { secret: [unrelated, rotated.secret] }),
    ).resolves.toMatchObject({ type: 'ping' });
    expect(await refusal(verifyWebhook(ping.body, ping.headers, { secret: unrelated }))).toBe('no_matching_signature');

    endpoint = { id: endpoint.id, secret: rotated.secret };
  });

  it('reads the delivery log through the client', async () => {
    const messages = await cqm.webhookEndpoints.messages(endpoint.id);
    expect(messages.length).toBeGreaterThan(0);
    const delivered = messages.find((message) => message.status === 'delivered');
    expect(delivered).toBeDefined();
    const one = await cqm.webhookEndpoints.message(endpoint.id, delivered?.id ?? '');
    expect(one.attempt_log?.[0]?.status_code).toBe(200);
  });
});
