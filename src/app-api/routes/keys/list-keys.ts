import type { ZodApp } from '../../../api/routes/types.js';
import type { KeyListing } from '../../../storage/developer-keys-repo.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { iso, projectEnvParams, projectScope } from '../../scope.js';

/** A key as the Developers area shows it: never its hash, never the secret. */
export function keyView(key: KeyListing) {
  return {
    id: key.id,
    name: key.name,
    role: key.role,
    environment: key.environment,
    key_hint: key.key_hint,
    created_at: iso(key.created_at) as string,
    last_used_at: iso(key.last_used_at),
    revoked_at: iso(key.revoked_at),
  };
}

export function registerListKeys(app: ZodApp, deps: AppApiDeps): void {
  app.get('/projects/:project_id/:environment/keys', { schema: { params: projectEnvParams } }, async (request) => {
    const scope = await projectScope(deps, sessionOf(request).session.workspace.id, request.params);
    return { data: (await deps.developerKeys.list(scope.projectId, scope.environment)).map(keyView) };
  });
}
