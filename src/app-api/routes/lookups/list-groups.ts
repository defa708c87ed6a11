import type { ZodApp } from '../../../api/routes/types.js';
import { listGroups } from '../../../storage/groups-list.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { projectEnvParams, projectScope } from '../../scope.js';

export function registerListGroups(app: ZodApp, deps: AppApiDeps): void {
  app.get('/projects/:project_id/:environment/groups', { schema: { params: projectEnvParams } }, async (request) => {
    const scope = await projectScope(deps, sessionOf(request).session.workspace.id, request.params);
    return { data: await listGroups(deps.store, scope) };
  });
}
