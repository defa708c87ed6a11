import { z } from 'zod';
import type { ZodApp } from '../../../api/routes/types.js';
import { KEY_ROLES } from '../../../domain/api-keys.js';
import { ROLE_FOR } from '../../../domain/roles.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { projectEnvParams, projectScope } from '../../scope.js';
import { keyView } from './list-keys.js';

const body = z.object({
  name: z.string().trim().min(1, 'is required').max(200),
  role: z.enum(KEY_ROLES),
});

/** Creates an API key; the secret is in this answer only (the store keeps its SHA-256). */
export function registerCreateKey(app: ZodApp, deps: AppApiDeps): void {
  app.post(
    '/projects/:project_id/:environment/keys',
    { config: { appRole: ROLE_FOR.developers }, schema: { params: projectEnvParams, body } },
    async (request, reply) => {
      const scope = await projectScope(deps, sessionOf(request).session.workspace.id, request.params);
      const created = await deps.tenancy.createKey({ ...scope, role: request.body.role, name: request.body.name });
      return reply.code(201).send({ ...keyView({ ...created, last_used_at: null }), key: created.key });
    },
  );
}
