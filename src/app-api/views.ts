/** How people, sessions and invitations are shown in /app/api answers. */
import type { Invitation } from '../storage/invitations-repo.js';
import type { User } from '../storage/users-repo.js';
import { iso } from './scope.js';

export function userView(user: Pick<User, 'id' | 'email' | 'name' | 'role'>) {
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}

export function memberView(user: User) {
  return { ...userView(user), created_at: iso(user.created_at) as string };
}

export function pendingInvitationView(invitation: Invitation) {
  return {
    id: invitation.id,
    role: invitation.role,
    email: invitation.email,
    created_at: iso(invitation.created_at) as string,
    expires_at: iso(invitation.expires_at) as string,
  };
}

/** The page an invitation link opens; the application reads the token from its path. */
export function invitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/app/invite/${token}`;
}
