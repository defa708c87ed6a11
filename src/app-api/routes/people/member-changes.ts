/** What changing and removing a member share: the member in the actor's workspace, and who may touch whom. */
import { ApiError } from '../../../api/errors.js';
import { mayManageRole } from '../../../domain/roles.js';
import type { ActiveSession } from '../../../storage/sessions-repo.js';
import type { User } from '../../../storage/users-repo.js';
import type { AppApiDeps } from '../../deps.js';

export const LAST_OWNER = 'A workspace keeps at least one owner: make someone else an owner first.';

export async function memberToChange(deps: AppApiDeps, session: ActiveSession, userId: string): Promise<User> {
  const member = await deps.users.get(session.workspace.id, userId);
  if (!member) throw new ApiError('not_found', `No member ${userId}.`);
  if (!mayManageRole(session.user.role, member.role)) {
    throw new ApiError('permission_denied', 'Only an owner may change or remove an owner.');
  }
  return member;
}

export function lastOwner(): ApiError {
  return new ApiError('conflict', LAST_OWNER);
}
