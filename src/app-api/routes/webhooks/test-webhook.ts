import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { ROLE_FOR } from '../../../domain/roles.js';
import { enqueuePing } from '../../../storage/webhooks/outbox.js';
import type { AppApiDeps } from '../../deps.js';
import { endpointNotFound, endpointParams, webhookRepos, webhookScope } from './shared.js';

/** Sends a `ping` event; the delivery log shows how it went. */
export function registerTestWebhook(app: ZodApp, deps: AppApiDeps): void {
  const { endpoints } = webhookRepos(deps);
  app.post(
    '/projects/:project_id/:environment/webhooks/:endpoint_id/test',
    { config: { appRole: ROLE_FOR.developers }, schema: { params: endpointParams } },
    async (request, reply) => {
      const scope = await webhookScope(deps, request, request.params);
      const endpoint = await endpoints.findRow(scope, request.params.endpoint_id);
      if (!endpoint) throw endpointNotFound(request.params.endpoint_id);
      if (Number(endpoint.enabled) !== 1) {
        throw new ApiError('validation_error', 'The endpoint is disabled; enable it first.', {
          _root: ['the endpoint is disabled'],
        });
      }
      const queued = await enqueuePing(deps.store, scope, endpoint, deps.clock());
      deps.webhooks?.onMessageQueued?.();
      return reply.code(200).send({ message_id: queued.message_id });
    },
  );
}
