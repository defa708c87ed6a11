import { z } from 'zod';
import { enqueuePing } from '../../../storage/webhooks/outbox.js';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../errors.js';
import { endpointParams, queuedMessageSchema } from '../../schemas/webhooks.js';
import { errorResponses } from '../error-responses.js';
import type { ZodApp } from '../types.js';
import { emptyBodyAllowed, endpointNotFound, repos, scopeOf, TAG } from './shared.js';

export function registerSendTestWebhook(app: ZodApp, deps: AppDeps): void {
  const { endpoints } = repos(deps);
  app.post(
    '/v1/webhook_endpoints/:id/test',
    {
      config: { access: 'write' },
      preParsing: emptyBodyAllowed,
      schema: {
        summary: 'Send a `ping` event to the endpoint; follow it with GET …/messages',
        tags: [TAG],
        params: endpointParams,
        body: z.object({}).optional(),
        response: { 202: queuedMessageSchema, ...errorResponses(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const endpoint = await endpoints.findRow(scope, request.params.id);
      if (!endpoint) throw endpointNotFound(request.params.id, scope);
      if (Number(endpoint.enabled) !== 1) {
        throw new ApiError('validation_error', 'The endpoint is disabled; enable it first.', {
          _root: ['the endpoint is disabled'],
        });
      }
      const queued = await enqueuePing(deps.store, scope, endpoint, deps.clock());
      deps.webhooks?.onMessageQueued?.();
      return reply.code(202).send(queued);
    },
  );
}
