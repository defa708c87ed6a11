/**
 * Verifies the webhooks the service sends (Standard Webhooks): `v1,<base64 HMAC-SHA256>` of
 * `<id>.<timestamp>.<raw body>`, keyed with the bytes of the endpoint's secret after `whsec_`. The service
 * sends each value twice, as `webhook-id` / `webhook-timestamp` / `webhook-signature` and as
 * `Service-Delivery` / `Service-Timestamp` / `Service-Signature`, plus `Service-Event`; during a rotation the
 * signature header holds two space-separated signatures. Web Crypto only, so it runs wherever fetch does.
 */
import { CqmError } from './errors.js';
import { webhookEventTypes } from './generated/openapi.js';
import type { KnownWebhookEvent, KnownWebhookEventType, UnknownWebhookEvent, WebhookEvent } from './types.js';

export const SECRET_PREFIX = 'whsec_';
/** Five minutes either way, as Standard Webhooks recommends: a replayed old delivery is refused. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** The event types this version of the client knows (the service may add more: they verify as unknown). */
export const KNOWN_EVENT_TYPES: readonly KnownWebhookEventType[] = webhookEventTypes;

export type WebhookVerificationFailure =
  | 'missing_header'
  | 'conflicting_headers'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'no_matching_signature'
  | 'invalid_payload';

/** The delivery is not one the service signed with your secret, or is too old to accept. Answer 400. */
export class WebhookVerificationError extends CqmError {
  override name = 'WebhookVerificationError';
  constructor(
    readonly reason: WebhookVerificationFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Headers as fetch gives them (`Headers`) or as Node's http module does (a plain object). */
export type WebhookHeaders = Headers | Record<string, string | readonly string[] | undefined>;

export interface WebhookVerifierOptions {
  /**
   * The endpoint's signing secret (`whsec_…`), or several: while you roll a new secret out, list the new
   * and the old one, and a delivery signed by either verifies.
   */
  secret: string | readonly string[];
  /** How far the delivery's timestamp may be from now, either way (default 300). */
  toleranceSeconds?: number;
  /** Milliseconds since the epoch (tests pass their own). */
  now?: () => number;
}

export interface VerifiedDelivery {
  event: WebhookEvent;
  /** The delivery id (`msg_…`): the same on every attempt of one message. Deduplicate on it. */
  deliveryId: string;
  /** When this attempt was signed. */
  timestamp: Date;
}

export interface WebhookVerifier {
  /** The event, once the signature and the timestamp hold; otherwise throws WebhookVerificationError. */
  verify(body: string | Uint8Array | ArrayBuffer, headers: WebhookHeaders): Promise<WebhookEvent>;
  /** As `verify`, with the delivery id to deduplicate on and the signing time. */
  verifyDelivery(body: string | Uint8Array | ArrayBuffer, headers: WebhookHeaders): Promise<VerifiedDelivery>;
}

const encoder = new TextEncoder();

function secretBytes(secret: string): Uint8Array<ArrayBuffer> {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  let binary: string;
  try {
    binary = atob(encoded);
  } catch {
    throw new TypeError('a webhook secret must be `whsec_` followed by base64');
  }
  if (binary.length === 0) throw new TypeError('a webhook secret must not be empty');
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function toBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Compares in time that depends on the lengths only, never on where the strings differ. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | readonly string[] | undefined>;
  for (const [key, value] of Object.entries(record)) {
    if (key.toLowerCase() !== name) continue;
    return typeof value === 'string' ? value : value?.[0];
  }
  return undefined;
}

/** A value sent under its Standard Webhooks name and its `Service-*` alias; they must agree when both come. */
function pairedHeader(headers: WebhookHeaders, standard: string, alias: string): string {
  const a = headerValue(headers, standard);
  const b = headerValue(headers, alias);
  if (a !== undefined && b !== undefined && a !== b) {
    throw new WebhookVerificationError('conflicting_headers', `${standard} and ${alias} disagree`);
  }
  const value = a ?? b;
  if (value === undefined || value === '') {
    throw new WebhookVerificationError('missing_header', `the ${standard} (or ${alias}) header is missing`);
  }
  return value;
}

/** The raw body's bytes. A parsed object cannot be verified (its bytes are gone), so it is refused plainly. */
function bodyBytes(body: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof body === 'string') return encoder.encode(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (Object.prototype.toString.call(body) === '[object ArrayBuffer]') return new Uint8Array(body);
  throw new TypeError('pass the raw request body (a string or bytes), not the parsed JSON');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function createWebhookVerifier(options: WebhookVerifierOptions): WebhookVerifier {
  const secrets = typeof options.secret === 'string' ? [options.secret] : [...options.secret];
  if (secrets.length === 0) throw new TypeError('at least one webhook secret is required');
  const toleranceSeconds = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = options.now ?? Date.now;
  // Decoded now, so a mistyped secret fails at start-up rather than on the first delivery.
  const keys = secrets.map((secret) =>
    crypto.subtle.importKey('raw', secretBytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']),
  );
  // An unhandled rejection must not escape before the first verify; verify awaits and rethrows.
  for (const key of keys) key.catch(() => undefined);

  async function verifyDelivery(
    body: string | Uint8Array | ArrayBuffer,
    headers: WebhookHeaders,
  ): Promise<VerifiedDelivery> {
    const id = pairedHeader(headers, 'webhook-id', 'service-delivery');
    const timestampText = pairedHeader(headers, 'webhook-timestamp', 'service-timestamp');
    const signatureHeader = pairedHeader(headers, 'webhook-signature', 'service-signature');

    if (!/^\d{1,15}$/.test(timestampText.trim())) {
      throw new WebhookVerificationError('invalid_timestamp', 'the webhook timestamp is not whole seconds');
    }
    const timestamp = Number(timestampText.trim());
    const nowSeconds = Math.floor(now() / 1000);
    if (timestamp < nowSeconds - toleranceSeconds) {
      throw new WebhookVerificationError('timestamp_too_old', 'the webhook timestamp is too old (a replay?)');
    }
    if (timestamp > nowSeconds + toleranceSeconds) {
      throw new WebhookVerificationError('timestamp_too_new', 'the webhook timestamp is in the future');
    }

    const raw = bodyBytes(body);
    const prefix = encoder.encode(`${id}.${timestamp}.`);
    const signed = new Uint8Array(prefix.length + raw.length);
    signed.set(prefix, 0);
    signed.set(raw, prefix.length);

    const given = signatureHeader
      .split(' ')
      .filter((part) => part.startsWith('v1,'))
      .map((part) => part.slice(3));
    let matched = false;
    for (const key of keys) {
      const expected = toBase64(await crypto.subtle.sign('HMAC', await key, signed));
      // Every candidate is compared (no early exit) so timing says nothing about which matched.
      for (const candidate of given) if (constantTimeEqual(candidate, expected)) matched = true;
    }
    if (!matched) {
      throw new WebhookVerificationError('no_matching_signature', 'no signature matches a secret of this endpoint');
    }

    let payload: unknown;
    try {
      payload = JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(raw));
    } catch {
      throw new WebhookVerificationError('invalid_payload', 'the webhook body is not JSON');
    }
    if (!isRecord(payload) || typeof payload.type !== 'string' || typeof payload.id !== 'string') {
      throw new WebhookVerificationError('invalid_payload', 'the webhook body is not an event');
    }
    const eventHeader = headerValue(headers, 'service-event');
    if (eventHeader !== undefined && eventHeader !== payload.type) {
      throw new WebhookVerificationError('conflicting_headers', 'Service-Event and the event type disagree');
    }
    return { event: payload as unknown as WebhookEvent, deliveryId: id, timestamp: new Date(timestamp * 1000) };
  }

  return {
    verifyDelivery,
    async verify(body, headers) {
      return (await verifyDelivery(body, headers)).event;
    },
  };
}

/** One-off verification; make a verifier once with `createWebhookVerifier` when you receive many. */
export function verifyWebhook(
  body: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  options: WebhookVerifierOptions,
): Promise<WebhookEvent> {
  return createWebhookVerifier(options).verify(body, headers);
}

/** Narrows to the events this client knows; then `switch (event.type)` tells them apart. */
export function isKnownEvent(event: WebhookEvent): event is KnownWebhookEvent {
  return (KNOWN_EVENT_TYPES as readonly string[]).includes(event.type);
}

/** Narrows to one event type. */
export function isEventType<T extends KnownWebhookEventType>(
  event: WebhookEvent,
  type: T,
): event is Extract<KnownWebhookEvent, { type: T }> {
  return event.type === type;
}

/** Narrows to an event of a type added after this client was built. */
export function isUnknownEvent(event: WebhookEvent): event is UnknownWebhookEvent {
  return !isKnownEvent(event);
}
