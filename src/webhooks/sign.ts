/**
 * Standard Webhooks signatures: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` keyed with the bytes
 * of the secret after `whsec_`. Several signatures (during a rotation) are separated by spaces.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SECRET_PREFIX } from '../domain/webhook-secrets.js';

export { newSecret, SECRET_PREFIX } from '../domain/webhook-secrets.js';

function keyOf(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, 'base64');
}

/** One `v1,…` signature of a message. `timestamp` is in whole seconds since the epoch. */
export function sign(secret: string, messageId: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${messageId}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The signature header value for every secret that signs now (the current one first). */
export function signatureHeader(
  secrets: readonly string[],
  messageId: string,
  timestamp: number,
  body: string,
): string {
  return secrets.map((secret) => sign(secret, messageId, timestamp, body)).join(' ');
}

/** Verifies a header as a receiver would (no timestamp tolerance here: that is the receiver's policy). */
export function verifySignature(
  secret: string,
  messageId: string,
  timestamp: number,
  body: string,
  header: string,
): boolean {
  const expected = Buffer.from(sign(secret, messageId, timestamp, body));
  return header.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
