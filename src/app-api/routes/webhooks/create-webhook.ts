import { z } from 'zod';
import type { ZodApp } from '../../../api/routes/types.js';
import { assertTarget } from '../../../api/routes/webhook-endpoints/shared.js';
import { ROLE_FOR } from '../../../domain/roles.js';
import type { AppApiDeps } from '../../deps.js';
import { projectEnvParams } from '../../scope.js';
import { eventsInput, eventTypes, webhookRepos, webhookScope } from './shared.js';

const body = z.object({
  url: z.string().min(1, 'must not be empty').max(2000),
  event_types: eventTypes.optional(),
  description: z.string().max(500).nullable().optional(),
});

/** Registers an endpoint; its signing secret is in this answer only. */
export function registerCreateWebhook(app: ZodApp, deps: AppApiDeps): void {
  const { endpoints } = webhookRepos(deps);
  app.post(
    '/projects/:project_id/:environment/webhooks',
    { config: { appRole: ROLE_FOR.developers }, schema: { params: projectEnvParams, body } },
    async (request, reply) => {
      const scope = await webhookScope(deps, request, request.params);
      await assertTarget(deps, scope, request.body.url);
      const { endpoint, secret } = await endpoints.create(scope, {
        url: request.body.url,
        events: eventsInput(request.body.event_types) ?? null,
        description: request.body.description ?? null,
      });
      return reply.code(201).send({ ...endpoint, secret });
    },
  );
}
