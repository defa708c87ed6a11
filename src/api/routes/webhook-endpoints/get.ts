import type { AppDeps } from '../../deps.js';
import { endpointParams, endpointSchema } from '../../schemas/webhooks.js';
import { errorResponses } from '../error-responses.js';
import type { ZodApp } from '../types.js';
import { endpointNotFound, repos, scopeOf, TAG } from './shared.js';

export function registerGetWebhookEndpoint(app: ZodApp, deps: AppDeps): void {
  const { endpoints } = repos(deps);
  app.get(
    '/v1/webhook_endpoints/:id',
    {
      config: { access: 'read' },
      schema: {
        summary: 'A webhook endpoint (without its secret)',
        tags: [TAG],
        params: endpointParams,
        response: { 200: endpointSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const endpoint = await endpoints.get(scope, request.params.id);
      if (!endpoint) throw endpointNotFound(request.params.id, scope);
      return endpoint;
    },
  );
}
