import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import type { ZodApp } from './types.js';

/**
 * Whether a request carries the metrics token. Both sides are hashed first, so the comparison takes the same
 * time whatever the length or the first wrong character of what was sent.
 */
export function carriesToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

/**
 * Liveness for load balancers, Prometheus metrics and the OpenAPI document: no API key needed. With
 * CQM_METRICS_TOKEN set, /metrics wants that token as a bearer token (for a service listening beyond loopback:
 * the metrics name routes and counts traffic).
 */
export function registerSystemRoutes(app: ZodApp, deps: AppDeps): void {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(deps.store.db);
      return { status: 'ok' };
    } catch {
      return reply.code(503).header('Retry-After', '5').send({ status: 'unavailable' });
    }
  });

  const token = deps.config.metricsToken;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token !== undefined && !carriesToken(request, token)) {
      throw new ApiError(
        'authentication_error',
        'Send the metrics token as "Authorization: Bearer <token>" (the CQM_METRICS_TOKEN the service runs with).',
        undefined,
        { 'WWW-Authenticate': 'Bearer realm="metrics"' },
      );
    }
    reply.type(deps.metrics.registry.contentType);
    return deps.metrics.registry.metrics();
  });

  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
