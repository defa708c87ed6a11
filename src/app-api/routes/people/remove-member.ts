import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { ROLE_FOR } from '../../../domain/roles.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { lastOwner, memberToChange } from './member-changes.js';
import { memberParams } from './update-member.js';

/** Removes a member from the workspace and ends their sessions; their labels keep their name. */
export function registerRemoveMember(app: ZodApp, deps: AppApiDeps): void {
  app.delete(
    '/members/:user_id',
    { config: { appRole: ROLE_FOR.members }, schema: { params: memberParams } },
    async (request, reply) => {
      const { session } = sessionOf(request);
      await memberToChange(deps, session, request.params.user_id);
      const removed = await deps.users.remove(session.workspace.id, request.params.user_id);
      if (removed === 'not_found') throw new ApiError('not_found', `No member ${request.params.user_id}.`);
      if (removed === 'last_owner') throw lastOwner();
      return reply.code(204).send();
    },
  );
}
