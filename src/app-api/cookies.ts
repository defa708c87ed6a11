/** The application's two cookies: the session (`cqm_session`) and the pre-session CSRF proof (`cqm_csrf`). */
import type { FastifyReply } from 'fastify';
import { SESSION_ABSOLUTE_MS } from '../domain/session-tokens.js';

export const SESSION_COOKIE = 'cqm_session';
export const CSRF_COOKIE = 'cqm_csrf';

function base(secure: boolean) {
  // HttpOnly: page scripts never read them (the CSRF token reaches the page in a response body instead).
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' };
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { ...base(secure), maxAge: SESSION_ABSOLUTE_MS / 1000 });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, base(secure));
}

export function setCsrfCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(CSRF_COOKIE, token, base(secure));
}
