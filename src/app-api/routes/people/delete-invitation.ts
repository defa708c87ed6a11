import { z } from 'zod';
import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { ROLE_FOR } from '../../../domain/roles.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';

const params = z.object({ id: z.string().regex(/^inv_[0-9a-z]{26}$/) });

export function registerDeleteInvitation(app: ZodApp, deps: AppApiDeps): void {
  app.delete(
    '/invitations/:id',
    { config: { appRole: ROLE_FOR.members }, schema: { params } },
    async (request, reply) => {
      const { session } = sessionOf(request);
      if (!(await deps.invitations.withdraw(session.workspace.id, request.params.id))) {
        throw new ApiError('not_found', `No pending invitation ${request.params.id}.`);
      }
      return reply.code(204).send();
    },
  );
}
