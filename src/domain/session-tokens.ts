/**
 * Session and invitation tokens: 256 random bits, handed to the browser once and stored only as their
 * SHA-256, so a copy of the database signs nobody in. The CSRF token of a session is derived from the
 * session token, so it needs no storage and dies with the session.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A session ends after this long without a request (sliding)… */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** …and at the latest this long after sign-in, however busy. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** A session's last use is written at most this often: a request should not cost a write. */
export const SESSION_TOUCH_MS = 60 * 1000;
/** Invitations and setup links work once, within this long. */
export const INVITATION_MS = 24 * 60 * 60 * 1000;

export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function csrfTokenFor(sessionToken: string): string {
  return createHash('sha256').update(`csrf:${sessionToken}`).digest('base64url');
}

/** Constant-time equality of two strings an attacker may choose. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** Whether a session is still good at `now`. */
export function sessionLive(session: { created_at: number; last_seen_at: number }, now: number): boolean {
  return now - Number(session.last_seen_at) < SESSION_IDLE_MS && now - Number(session.created_at) < SESSION_ABSOLUTE_MS;
}
