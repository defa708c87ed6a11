import type { ZodApp } from '../../../api/routes/types.js';
import { ROLE_FOR } from '../../../domain/roles.js';
import type { AppApiDeps } from '../../deps.js';
import { endpointNotFound, endpointParams, webhookRepos, webhookScope } from './shared.js';

/** A new signing secret, shown this once; the old one keeps signing beside it for 24 hours. */
export function registerRotateWebhookSecret(app: ZodApp, deps: AppApiDeps): void {
  const { endpoints } = webhookRepos(deps);
  app.post(
    '/projects/:project_id/:environment/webhooks/:endpoint_id/rotate-secret',
    { config: { appRole: ROLE_FOR.developers }, schema: { params: endpointParams } },
    async (request) => {
      const scope = await webhookScope(deps, request, request.params);
      const rotated = await endpoints.rotate(scope, request.params.endpoint_id);
      if (!rotated) throw endpointNotFound(request.params.endpoint_id);
      return { secret: rotated.secret };
    },
  );
}
