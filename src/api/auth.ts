/** Bearer-key authentication and role checks, run before the body is read. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseApiKey } from '../domain/api-keys.js';
import type { Principal, TenancyRepo } from '../storage/tenancy-repo.js';
import { ApiError, AUTHENTICATION_MESSAGE } from './errors.js';
import type { RateLimiter } from './rate-limit.js';

/** What a route needs of the key: `ingest` keys may only create conversations, `read` keys only GET. */
export type Access = 'create_conversation' | 'read' | 'write';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

const ALLOWED: Record<Principal['role'], ReadonlySet<Access>> = {
  full: new Set(['create_conversation', 'read', 'write']),
  ingest: new Set(['create_conversation']),
  read: new Set(['read']),
};

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The principal of an authenticated request; routes behind the hook can rely on it. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route reached without authentication');
  return request.principal;
}

export function createAuthHook(deps: { tenancy: TenancyRepo; rateLimiter: RateLimiter }) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const presented = match?.[1];
    if (presented === undefined || parseApiKey(presented) === null) {
      throw new ApiError('authentication_error', AUTHENTICATION_MESSAGE);
    }
    const principal = await deps.tenancy.authenticate(presented);
    if (!principal) throw new ApiError('authentication_error', AUTHENTICATION_MESSAGE);

    const access = request.routeOptions.config.access ?? 'write';
    if (!ALLOWED[principal.role].has(access)) {
      throw new ApiError(
        'permission_denied',
        `This ${principal.role} key may not ${describe(access)}; use a key with the full role.`,
      );
    }

    const rate = await deps.rateLimiter.consume(principal.keyId);
    if (rate.limit > 0) {
      reply.header('RateLimit-Limit', rate.limit);
      reply.header('RateLimit-Remaining', rate.remaining);
      reply.header('RateLimit-Reset', rate.resetSeconds);
    }
    if (!rate.allowed) {
      throw new ApiError(
        'rate_limited',
        `Too many requests for this key; retry after ${rate.resetSeconds} seconds.`,
        undefined,
        {
          'Retry-After': String(rate.resetSeconds),
        },
      );
    }
    request.principal = principal;
  };
}

function describe(access: Access): string {
  switch (access) {
    case 'create_conversation':
      return 'create conversations';
    case 'read':
      return 'read';
    case 'write':
      return 'make this change';
  }
}
