import { z } from 'zod';
import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { ROLE_FOR } from '../../../domain/roles.js';
import type { AppApiDeps } from '../../deps.js';
import { endpointParams, webhookRepos, webhookScope } from './shared.js';

const params = endpointParams.extend({ message_id: z.string().min(1).max(100) });

/** Sends a message again now, with the same delivery id and body. */
export function registerRedeliver(app: ZodApp, deps: AppApiDeps): void {
  const { deliveries } = webhookRepos(deps);
  app.post(
    '/projects/:project_id/:environment/webhooks/:endpoint_id/deliveries/:message_id/redeliver',
    { config: { appRole: ROLE_FOR.developers }, schema: { params } },
    async (request, reply) => {
      const scope = await webhookScope(deps, request, request.params);
      const { endpoint_id, message_id } = request.params;
      if (!(await deliveries.message(scope, endpoint_id, message_id))) {
        throw new ApiError('not_found', `No message ${message_id} for endpoint ${endpoint_id}.`);
      }
      await deliveries.redeliver(scope, message_id);
      deps.webhooks?.onMessageQueued?.();
      return reply.code(202).send({ id: message_id, status: 'pending' });
    },
  );
}
