/** Bearer-key authentication and role checks, run before the body is read. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashApiKey, parseApiKey } from '../domain/api-keys.js';
import type { KeyUsageRecorder } from '../storage/key-usage.js';
import type { Principal, TenancyRepo } from '../storage/tenancy-repo.js';
import { ApiError, AUTHENTICATION_MESSAGE, toApiError } from './errors.js';
import type { RateLimiter } from './rate-limit.js';
import type { RecentlyValidKeys } from './recently-valid-keys.js';

/** What a route needs of the key: `ingest` keys may only create conversations, `read` keys only GET. */
export type Access = 'create_conversation' | 'read' | 'write';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The handler's own transaction confirms the key before it writes anything, so a key found valid a
     * moment ago may be trusted here without asking the store (see recently-valid-keys.ts).
     */
    keyConfirmedInTransaction?: boolean;
  }
  interface FastifyRequest {
    principal?: Principal;
    /** Set on routes that may trust recently valid keys: errors are then confirmed with the store first. */
    presentedKeyHash?: string;
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

function presentedKey(request: FastifyRequest): string | undefined {
  const presented = BEARER.exec(request.headers.authorization ?? '')?.[1];
  return presented !== undefined && parseApiKey(presented) !== null ? presented : undefined;
}

interface AuthDeps {
  tenancy: TenancyRepo;
  rateLimiter: RateLimiter;
  recentlyValidKeys: RecentlyValidKeys;
  /** Told of every authenticated request's key; it writes `last_used_at` at most once a minute per key. */
  keyUsage?: KeyUsageRecorder;
}

export function createAuthHook(deps: AuthDeps) {
  async function principalFor(request: FastifyRequest, presented: string): Promise<Principal | null> {
    if (!request.routeOptions.config.keyConfirmedInTransaction) return deps.tenancy.authenticate(presented);
    const keyHash = hashApiKey(presented);
    request.presentedKeyHash = keyHash;
    const recent = deps.recentlyValidKeys.get(keyHash);
    if (recent) return recent;
    const principal = await deps.tenancy.authenticate(presented);
    if (principal) deps.recentlyValidKeys.remember(keyHash, principal);
    return principal;
  }

  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const presented = presentedKey(request);
    if (presented === undefined) throw new ApiError('authentication_error', AUTHENTICATION_MESSAGE);
    const principal = await principalFor(request, presented);
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
    deps.keyUsage?.record(principal.keyId);
  };
}

/**
 * Before any error is answered to a request authenticated from the recently-valid keys, the store confirms
 * the key: a revoked key must hear 401, not a complaint about its body. Returns the error to answer with.
 */
export function createKeyConfirmation(deps: Pick<AuthDeps, 'tenancy' | 'recentlyValidKeys'>) {
  return async function confirmKeyBeforeError(request: FastifyRequest, error: ApiError): Promise<ApiError> {
    const keyHash = request.presentedKeyHash;
    if (keyHash === undefined) return error;
    if (error.type === 'authentication_error') {
      // Unknown, or found revoked by the handler's transaction: either way not a key to trust again.
      deps.recentlyValidKeys.forget(keyHash);
      return error;
    }
    const presented = presentedKey(request);
    try {
      if (presented !== undefined && (await deps.tenancy.authenticate(presented))) return error;
    } catch (storeError) {
      return toApiError(storeError);
    }
    deps.recentlyValidKeys.forget(keyHash);
    return new ApiError('authentication_error', AUTHENTICATION_MESSAGE);
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
