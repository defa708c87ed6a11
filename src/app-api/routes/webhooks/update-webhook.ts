import { z } from 'zod';
import type { ZodApp } from '../../../api/routes/types.js';
import { assertTarget } from '../../../api/routes/webhook-endpoints/shared.js';
import { ROLE_FOR } from '../../../domain/roles.js';
import type { AppApiDeps } from '../../deps.js';
import { endpointNotFound, endpointParams, eventsInput, eventTypes, webhookRepos, webhookScope } from './shared.js';

const body = z.object({
  url: z.string().min(1, 'must not be empty').max(2000).optional(),
  event_types: eventTypes.optional(),
  description: z.string().max(500).nullable().optional(),
  enabled: z.boolean().optional(),
});

export function registerUpdateWebhook(app: ZodApp, deps: AppApiDeps): void {
  const { endpoints } = webhookRepos(deps);
  app.patch(
    '/projects/:project_id/:environment/webhooks/:endpoint_id',
    { config: { appRole: ROLE_FOR.developers }, schema: { params: endpointParams, body } },
    async (request) => {
      const scope = await webhookScope(deps, request, request.params);
      const id = request.params.endpoint_id;
      if (!(await endpoints.findRow(scope, id))) throw endpointNotFound(id);
      if (request.body.url !== undefined) await assertTarget(deps, scope, request.body.url);
      const events = eventsInput(request.body.event_types);
      const updated = await endpoints.update(scope, id, {
        ...(request.body.url === undefined ? {} : { url: request.body.url }),
        ...(events === undefined ? {} : { events }),
        ...(request.body.description === undefined ? {} : { description: request.body.description }),
        ...(request.body.enabled === undefined ? {} : { enabled: request.body.enabled }),
      });
      if (!updated) throw endpointNotFound(id);
      return updated;
    },
  );
}
