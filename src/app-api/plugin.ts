/**
 * The application's JSON under /app/api: session-authenticated (never an API key), in the one error envelope,
 * validated with zod like /v1, and never cached. One file per endpoint under routes/.
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import type { AppDeps } from '../api/deps.js';
import { ApiError } from '../api/errors.js';
import type { ZodApp } from '../api/routes/types.js';
import { type AppApiOptions, appApiDeps } from './deps.js';
import { createGuard } from './guard.js';
import { registerAppApiRoutes } from './routes/index.js';

/**
 * The application posts some requests without a body (sign-out, re-run, rotate): an empty body is no body
 * here. Anything else is parsed as /v1 parses it, refusing keys that could poison prototypes.
 */
function registerBodyParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request: FastifyRequest, body: string, done) => {
    if (body.trim().length === 0) return done(null, undefined);
    try {
      done(null, secureJson.parse(body, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(new ApiError('invalid_json', 'The request body is not valid JSON.'));
    }
  });
}

export function appApiPlugin(deps: AppDeps, options: AppApiOptions = {}) {
  return async function appApi(instance: FastifyInstance): Promise<void> {
    const app = instance as unknown as ZodApp;
    const full = await appApiDeps(deps, options);
    await instance.register(cookie);
    registerBodyParser(instance);
    // The application's endpoints are not part of the public API's OpenAPI document.
    instance.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    instance.addHook('onRequest', createGuard(full));
    instance.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('Cache-Control', 'no-store');
      done(null, payload);
    });
    registerAppApiRoutes(app, full);
  };
}
