import type { FastifyInstance, RouteOptions } from 'fastify';
import { ApiError } from './errors.js';
import { plannedEndpointError } from './planned.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Fastify answers an unsupported method on a known path with 404; the specification wants 405 with
 * `Allow`. Collect each path's methods as routes are added, then claim the other methods for 405.
 */
export function methodNotAllowed(app: FastifyInstance) {
  const methodsByUrl = new Map<string, Set<string>>();
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/v1/')) return;
    const methods = methodsByUrl.get(route.url) ?? new Set<string>();
    for (const method of [route.method].flat()) methods.add(method);
    methodsByUrl.set(route.url, methods);
  });

  return async function registerFallbacks(instance: FastifyInstance): Promise<void> {
    for (const [url, methods] of [...methodsByUrl]) {
      const allow = METHODS.filter((m) => methods.has(m)).join(', ');
      const others = METHODS.filter((m) => !methods.has(m));
      if (others.length === 0) continue;
      instance.route({
        method: others,
        url,
        schema: { hide: true },
        handler: async (request) => {
          throw (
            plannedEndpointError(request.method, url) ??
            new ApiError('method_not_allowed', `This path supports ${allow} only.`, undefined, { Allow: allow })
          );
        },
      });
    }
  };
}
