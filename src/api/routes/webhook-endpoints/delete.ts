import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { endpointParams } from '../../schemas/webhooks.js';
import { errorResponses } from '../error-responses.js';
import type { ZodApp } from '../types.js';
import { endpointNotFound, repos, scopeOf, TAG } from './shared.js';

export function registerDeleteWebhookEndpoint(app: ZodApp, deps: AppDeps): void {
  const { endpoints } = repos(deps);
  app.delete(
    '/v1/webhook_endpoints/:id',
    {
      config: { access: 'write' },
      schema: {
        summary: 'Delete an endpoint; messages not yet delivered to it are cancelled',
        tags: [TAG],
        params: endpointParams,
        response: { 204: z.null().describe('Deleted.'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      if (!(await endpoints.remove(scope, request.params.id))) throw endpointNotFound(request.params.id, scope);
      return reply.code(204).send(null);
    },
  );
}
