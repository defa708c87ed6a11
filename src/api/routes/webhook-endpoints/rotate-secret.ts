import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { endpointParams, endpointWithSecretSchema } from '../../schemas/webhooks.js';
import { errorResponses } from '../error-responses.js';
import type { ZodApp } from '../types.js';
import { emptyBodyAllowed, endpointNotFound, repos, scopeOf, TAG } from './shared.js';

export function registerRotateWebhookSecret(app: ZodApp, deps: AppDeps): void {
  const { endpoints } = repos(deps);
  app.post(
    '/v1/webhook_endpoints/:id/rotate_secret',
    {
      config: { access: 'write' },
      preParsing: emptyBodyAllowed,
      schema: {
        summary: 'Make a new signing secret (shown once); the old one keeps signing beside it for 24 hours',
        tags: [TAG],
        params: endpointParams,
        body: z.object({}).optional(),
        response: { 200: endpointWithSecretSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const rotated = await endpoints.rotate(scope, request.params.id);
      if (!rotated) throw endpointNotFound(request.params.id, scope);
      return { ...rotated.endpoint, secret: rotated.secret };
    },
  );
}
