import type { AppDeps } from '../../deps.js';
import { endpointParams, endpointSchema, updateEndpointSchema } from '../../schemas/webhooks.js';
import { errorResponses } from '../error-responses.js';
import type { ZodApp } from '../types.js';
import { assertTarget, endpointNotFound, repos, scopeOf, TAG } from './shared.js';

export function registerUpdateWebhookEndpoint(app: ZodApp, deps: AppDeps): void {
  const { endpoints } = repos(deps);
  app.patch(
    '/v1/webhook_endpoints/:id',
    {
      config: { access: 'write' },
      schema: {
        summary: 'Change the URL, event types or description of an endpoint, or disable / re-enable it',
        tags: [TAG],
        params: endpointParams,
        body: updateEndpointSchema,
        response: { 200: endpointSchema, ...errorResponses(400, 404, 413, 422) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      if (!(await endpoints.findRow(scope, request.params.id))) throw endpointNotFound(request.params.id, scope);
      if (request.body.url !== undefined) await assertTarget(deps, scope, request.body.url);
      const updated = await endpoints.update(scope, request.params.id, request.body);
      if (!updated) throw endpointNotFound(request.params.id, scope);
      return updated;
    },
  );
}
