import { z } from 'zod';
import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { mayManageRole, ROLE_FOR, USER_ROLES } from '../../../domain/roles.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { iso } from '../../scope.js';
import { invitationUrl } from '../../views.js';

const body = z.object({
  role: z.enum(USER_ROLES),
  email: z.email('must be an email address').max(320).nullable().optional(),
});

/** An invitation link to copy (no e-mail is sent); it works once, within 24 hours. */
export function registerCreateInvitation(app: ZodApp, deps: AppApiDeps): void {
  app.post('/invitations', { config: { appRole: ROLE_FOR.members }, schema: { body } }, async (request, reply) => {
    const { session } = sessionOf(request);
    if (!mayManageRole(session.user.role, request.body.role)) {
      throw new ApiError('permission_denied', 'Only an owner may invite an owner.');
    }
    const invitation = await deps.invitations.create({
      workspaceId: session.workspace.id,
      kind: 'invite',
      role: request.body.role,
      email: request.body.email ?? null,
      createdBy: session.user.id,
    });
    return reply.code(201).send({
      id: invitation.id,
      role: invitation.role,
      email: invitation.email,
      url: invitationUrl(deps.config.publicUrl, invitation.token),
      expires_at: iso(invitation.expires_at),
    });
  });
}
