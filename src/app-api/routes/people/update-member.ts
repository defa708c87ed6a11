import { z } from 'zod';
import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { mayManageRole, ROLE_FOR, USER_ROLES } from '../../../domain/roles.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { memberView } from '../../views.js';
import { lastOwner, memberToChange } from './member-changes.js';

export const memberParams = z.object({ user_id: z.string().regex(/^usr_[0-9a-z]{26}$/) });
const body = z.object({ role: z.enum(USER_ROLES) });

export function registerUpdateMember(app: ZodApp, deps: AppApiDeps): void {
  app.patch(
    '/members/:user_id',
    { config: { appRole: ROLE_FOR.members }, schema: { params: memberParams, body } },
    async (request) => {
      const { session } = sessionOf(request);
      await memberToChange(deps, session, request.params.user_id);
      if (!mayManageRole(session.user.role, request.body.role)) {
        throw new ApiError('permission_denied', 'Only an owner may make someone an owner.');
      }
      const changed = await deps.users.changeRole(session.workspace.id, request.params.user_id, request.body.role);
      if (changed === 'not_found') throw new ApiError('not_found', `No member ${request.params.user_id}.`);
      if (changed === 'last_owner') throw lastOwner();
      return memberView(changed);
    },
  );
}
