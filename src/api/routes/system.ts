import { sql } from 'kysely';
import type { AppDeps } from '../deps.js';
import type { ZodApp } from './types.js';

/** Liveness for load balancers, Prometheus metrics and the OpenAPI document: no key needed. */
export function registerSystemRoutes(app: ZodApp, deps: AppDeps): void {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(deps.store.db);
      return { status: 'ok' };
    } catch {
      return reply.code(503).header('Retry-After', '5').send({ status: 'unavailable' });
    }
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(deps.metrics.registry.contentType);
    return deps.metrics.registry.metrics();
  });

  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
