import type { ZodApp } from '../../../api/routes/types.js';
import { clearSessionCookie } from '../../cookies.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';

export function registerSignOut(app: ZodApp, deps: AppApiDeps): void {
  app.post('/sign-out', async (request, reply) => {
    await deps.sessions.revoke(sessionOf(request).session.id);
    clearSessionCookie(reply, deps.secureCookies);
    return reply.code(204).send();
  });
}
