import type { ZodApp } from '../../../api/routes/types.js';
import { generateToken } from '../../../domain/session-tokens.js';
import { setCsrfCookie } from '../../cookies.js';
import type { AppApiDeps } from '../../deps.js';

/** The double-submit proof for requests made before there is a session (sign-in, accepting an invitation). */
export function registerCsrf(app: ZodApp, deps: AppApiDeps): void {
  app.get('/csrf', { config: { appPublic: true } }, async (_request, reply) => {
    const token = generateToken();
    setCsrfCookie(reply, token, deps.secureCookies);
    return { csrf_token: token };
  });
}
