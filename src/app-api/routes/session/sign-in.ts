import { z } from 'zod';
import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { PASSWORD_MAX_LENGTH, verifyPassword } from '../../../domain/passwords.js';
import { csrfTokenFor } from '../../../domain/session-tokens.js';
import { normalizeEmail } from '../../../storage/users-repo.js';
import { setSessionCookie } from '../../cookies.js';
import type { AppApiDeps } from '../../deps.js';
import { userView } from '../../views.js';

const body = z.object({
  email: z.string().trim().min(1, 'is required').max(320),
  password: z.string().min(1, 'is required').max(PASSWORD_MAX_LENGTH),
});

const WRONG = 'The email address or the password is wrong.';

/**
 * An unknown address and a wrong password get the same 401 after the same work: the password is checked
 * against a hash of no one's password when nobody has the address.
 */
export function registerSignIn(app: ZodApp, deps: AppApiDeps): void {
  app.post('/sign-in', { config: { appPublic: true }, schema: { body } }, async (request, reply) => {
    const email = normalizeEmail(request.body.email);
    const wait = await deps.signInLimiter.attempt(email, request.ip);
    if (wait !== null) {
      throw new ApiError('rate_limited', `Too many sign-in attempts; retry after ${wait} seconds.`, undefined, {
        'Retry-After': String(wait),
      });
    }
    const user = await deps.users.findForSignIn(email);
    const matches = await verifyPassword(
      request.body.password,
      user?.password_hash ?? (await deps.dummyPasswordHash()),
    );
    if (!user || !matches) throw new ApiError('authentication_error', WRONG);
    await deps.signInLimiter.succeeded(email);
    const { token } = await deps.sessions.start(user);
    setSessionCookie(reply, token, deps.secureCookies);
    return { user: userView(user), csrf_token: csrfTokenFor(token) };
  });
}
