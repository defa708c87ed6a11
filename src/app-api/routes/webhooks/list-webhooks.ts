import type { ZodApp } from '../../../api/routes/types.js';
import type { AppApiDeps } from '../../deps.js';
import { projectEnvParams } from '../../scope.js';
import { webhookRepos, webhookScope } from './shared.js';

export function registerListWebhooks(app: ZodApp, deps: AppApiDeps): void {
  const { endpoints } = webhookRepos(deps);
  app.get('/projects/:project_id/:environment/webhooks', { schema: { params: projectEnvParams } }, async (request) => {
    const scope = await webhookScope(deps, request, request.params);
    // A project has a handful of endpoints; the application shows them all.
    return { data: await endpoints.list(scope, { limit: 1000 }) };
  });
}
