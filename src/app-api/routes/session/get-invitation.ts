import { z } from 'zod';
import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import type { AppApiDeps } from '../../deps.js';

export const invitationTokenParams = z.object({
  token: z
    .string()
    .min(20)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
});

export const INVITATION_GONE = 'This invitation link does not work: it was used, withdrawn or has expired.';

/** What an invitation link offers, shown before the person chooses a password. */
export function registerGetInvitation(app: ZodApp, deps: AppApiDeps): void {
  app.get(
    '/invitations/:token',
    { config: { appPublic: true }, schema: { params: invitationTokenParams } },
    async (request) => {
      const invitation = await deps.invitations.findByToken(request.params.token);
      if (!invitation) throw new ApiError('not_found', INVITATION_GONE);
      return {
        role: invitation.role,
        workspace: { name: invitation.workspace_name },
        email: invitation.email,
        kind: invitation.kind,
      };
    },
  );
}
