import type { ZodApp } from '../../../api/routes/types.js';
import { csrfTokenFor } from '../../../domain/session-tokens.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { userView } from '../../views.js';

/** Who is signed in, their workspace and its projects, and the CSRF token for changes. */
export function registerGetSession(app: ZodApp, deps: AppApiDeps): void {
  app.get('/session', async (request) => {
    const { session, token } = sessionOf(request);
    const projects = (await deps.tenancy.listProjects()).filter((p) => p.workspace_id === session.workspace.id);
    return {
      user: userView(session.user),
      workspace: session.workspace,
      projects: projects.map((p) => ({ id: p.id, name: p.name })),
      csrf_token: csrfTokenFor(token),
    };
  });
}
