/**
 * Who may call what under /app/api, decided before the body is read: the session (cookie `cqm_session`),
 * the CSRF proof on every request that changes something, then the role the route needs.
 *
 * CSRF: a request other than GET/HEAD must carry `X-CSRF-Token`. With a session it is the session's token
 * (derived from the session token, so it needs no storage); before there is one (sign-in, accepting an
 * invitation) it must equal the `cqm_csrf` cookie (double submit: another site can make the browser send the
 * cookie but cannot read it to put it in a header). A request whose Origin names another origin is refused too.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../api/errors.js';
import { hasRole, type UserRole } from '../domain/roles.js';
import { csrfTokenFor, sameSecret } from '../domain/session-tokens.js';
import type { ActiveSession } from '../storage/sessions-repo.js';
import { CSRF_COOKIE, SESSION_COOKIE } from './cookies.js';
import type { AppApiDeps } from './deps.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An /app/api route reachable without a session (csrf, sign-in, the invitation token routes). */
    appPublic?: boolean;
    /** The least role an /app/api route needs; by default any signed-in user may read. */
    appRole?: UserRole;
  }
  interface FastifyRequest {
    appSession?: { session: ActiveSession; token: string };
  }
}

export const SIGN_IN_MESSAGE = 'Sign in first: there is no session, or it has ended.';
const CSRF_MESSAGE =
  'This request needs the CSRF proof: send X-CSRF-Token (see GET /app/api/session or /app/api/csrf).';

/** The session of a request behind the guard; routes that need one can rely on it. */
export function sessionOf(request: FastifyRequest): { session: ActiveSession; token: string } {
  if (!request.appSession) throw new ApiError('authentication_error', SIGN_IN_MESSAGE);
  return request.appSession;
}

function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === new URL(publicUrl).origin) return true;
  // The origin the browser used to reach us (a dev server proxying /app/api, a second host name).
  const host = request.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

function csrfProven(request: FastifyRequest, sessionToken: string | undefined): boolean {
  const presented = request.headers['x-csrf-token'];
  if (typeof presented !== 'string' || presented.length === 0) return false;
  if (sessionToken !== undefined && sameSecret(presented, csrfTokenFor(sessionToken))) return true;
  if (!request.routeOptions.config.appPublic) return false;
  const cookie = request.cookies[CSRF_COOKIE];
  return cookie !== undefined && sameSecret(presented, cookie);
}

export function createGuard(deps: AppApiDeps) {
  return async function guard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const config = request.routeOptions.config;
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await deps.sessions.resolve(token) : null;
    if (session && token) request.appSession = { session, token };
    else if (!config.appPublic) throw new ApiError('authentication_error', SIGN_IN_MESSAGE);

    if (request.method !== 'GET' && request.method !== 'HEAD') {
      if (!sameOrigin(request, deps.config.publicUrl)) {
        throw new ApiError('permission_denied', 'Requests from another origin are refused.');
      }
      if (!csrfProven(request, session ? token : undefined)) throw new ApiError('permission_denied', CSRF_MESSAGE);
    }

    const needed = config.appRole;
    if (needed && session && !hasRole(session.user.role, needed)) {
      throw new ApiError('permission_denied', `This needs the ${needed} role or higher; you are ${session.user.role}.`);
    }
  };
}
