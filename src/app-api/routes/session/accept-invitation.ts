import { z } from 'zod';
import { ApiError, validationError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { passwordProblem } from '../../../domain/passwords.js';
import { csrfTokenFor } from '../../../domain/session-tokens.js';
import { setSessionCookie } from '../../cookies.js';
import type { AppApiDeps } from '../../deps.js';
import { userView } from '../../views.js';
import { INVITATION_GONE, invitationTokenParams } from './get-invitation.js';

const body = z.object({
  email: z.email('must be an email address').max(320).optional(),
  name: z.string().trim().min(1, 'is required').max(200),
  password: z.string(),
});

/** Uses an invitation (or the setup link): creates the user and signs them in. Each link works once. */
export function registerAcceptInvitation(app: ZodApp, deps: AppApiDeps): void {
  app.post(
    '/invitations/:token/accept',
    { config: { appPublic: true }, schema: { params: invitationTokenParams, body } },
    async (request, reply) => {
      const problem = passwordProblem(request.body.password);
      if (problem) throw validationError({ password: [problem] });
      const accepted = await deps.invitations.accept(request.params.token, request.body, (tx, user) =>
        deps.sessions.start(user, tx),
      );
      if (accepted === 'not_found') throw new ApiError('not_found', INVITATION_GONE);
      if (accepted === 'email_required') throw validationError({ email: ['is required for this invitation'] });
      if (accepted === 'email_taken') throw validationError({ email: ['already belongs to a user'] });
      setSessionCookie(reply, accepted.result.token, deps.secureCookies);
      return { user: userView(accepted.user), csrf_token: csrfTokenFor(accepted.result.token) };
    },
  );
}
