import type { ZodApp } from '../../../api/routes/types.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { memberView, pendingInvitationView } from '../../views.js';

export function registerListMembers(app: ZodApp, deps: AppApiDeps): void {
  app.get('/members', async (request) => {
    const workspaceId = sessionOf(request).session.workspace.id;
    const [members, invitations] = await Promise.all([
      deps.users.list(workspaceId),
      deps.invitations.listPending(workspaceId),
    ]);
    return { data: members.map(memberView), invitations: invitations.map(pendingInvitationView) };
  });
}
