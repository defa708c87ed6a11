import type { ZodApp } from '../../../api/routes/types.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { projectInWorkspace, projectParams } from '../../scope.js';

/** The project's checks (built-in and its own), for the "failed check" filter. */
export function registerListChecks(app: ZodApp, deps: AppApiDeps): void {
  app.get('/projects/:project_id/checks', { schema: { params: projectParams } }, async (request) => {
    const projectId = await projectInWorkspace(
      deps,
      sessionOf(request).session.workspace.id,
      request.params.project_id,
    );
    const entries = await deps.catalogue.list(projectId);
    return {
      data: entries.map(({ check, enabled }) => ({
        key: check.key,
        name: check.name,
        category: check.category,
        severity: check.severity,
        status: check.status,
        enabled,
        version: check.version,
      })),
    };
  });
}
