import { z } from 'zod';
import { ApiError, validationError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { PASSWORD_MAX_LENGTH, passwordProblem, verifyPassword } from '../../../domain/passwords.js';
import { csrfTokenFor } from '../../../domain/session-tokens.js';
import { setSessionCookie } from '../../cookies.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';

const body = z.object({
  current_password: z.string().min(1, 'is required').max(PASSWORD_MAX_LENGTH),
  new_password: z.string(),
});

/** A new password ends every session of the user, this one included; this browser gets a new one. */
export function registerChangePassword(app: ZodApp, deps: AppApiDeps): void {
  app.post('/password', { schema: { body } }, async (request, reply) => {
    const { session } = sessionOf(request);
    const problem = passwordProblem(request.body.new_password);
    if (problem) throw validationError({ new_password: [problem] });
    // Guessing the current password from a stolen session is limited like signing in.
    const wait = await deps.signInLimiter.attempt(session.user.email, request.ip);
    if (wait !== null) {
      throw new ApiError('rate_limited', `Too many attempts; retry after ${wait} seconds.`, undefined, {
        'Retry-After': String(wait),
      });
    }
    const stored = await deps.users.findPasswordHash(session.workspace.id, session.user.id);
    if (!stored || !(await verifyPassword(request.body.current_password, stored))) {
      throw validationError({ current_password: ['is not your current password'] });
    }
    const user = { id: session.user.id, workspace_id: session.workspace.id };
    const changed = await deps.users.setPassword(session.workspace.id, user.id, request.body.new_password, (tx) =>
      deps.sessions.start(user, tx),
    );
    if (!changed.updated || !changed.kept) throw new ApiError('authentication_error', 'Sign in again.');
    setSessionCookie(reply, changed.kept.token, deps.secureCookies);
    return { csrf_token: csrfTokenFor(changed.kept.token) };
  });
}
