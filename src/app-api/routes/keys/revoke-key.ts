import { z } from 'zod';
import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { ROLE_FOR } from '../../../domain/roles.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { projectEnvParams, projectScope } from '../../scope.js';

const params = projectEnvParams.extend({ key_id: z.string().min(1).max(100) });

/** Revokes a key at once; revoking a revoked key is a no-op. */
export function registerRevokeKey(app: ZodApp, deps: AppApiDeps): void {
  app.delete(
    '/projects/:project_id/:environment/keys/:key_id',
    { config: { appRole: ROLE_FOR.developers }, schema: { params } },
    async (request, reply) => {
      const scope = await projectScope(deps, sessionOf(request).session.workspace.id, request.params);
      const outcome = await deps.developerKeys.revoke(scope.projectId, scope.environment, request.params.key_id);
      if (outcome === 'not_found') throw new ApiError('not_found', `No key ${request.params.key_id}.`);
      return reply.code(204).send();
    },
  );
}
