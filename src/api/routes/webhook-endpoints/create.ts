import type { AppDeps } from '../../deps.js';
import { createEndpointSchema, endpointWithSecretSchema } from '../../schemas/webhooks.js';
import { errorResponses } from '../error-responses.js';
import type { ZodApp } from '../types.js';
import { assertTarget, repos, scopeOf, TAG } from './shared.js';

export function registerCreateWebhookEndpoint(app: ZodApp, deps: AppDeps): void {
  const { endpoints } = repos(deps);
  app.post(
    '/v1/webhook_endpoints',
    {
      config: { access: 'write' },
      schema: {
        summary: 'Register a webhook endpoint (the secret is shown once, in this answer)',
        tags: [TAG],
        body: createEndpointSchema,
        response: { 201: endpointWithSecretSchema, ...errorResponses(400, 413, 422) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      await assertTarget(deps, scope, request.body.url);
      const { endpoint, secret } = await endpoints.create(scope, request.body);
      return reply
        .code(201)
        .header('Location', `/v1/webhook_endpoints/${endpoint.id}`)
        .send({ ...endpoint, secret });
    },
  );
}
