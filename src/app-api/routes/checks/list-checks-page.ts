import { createCheckJudgeFields } from '../../../api/check-judge-fields.js';
import type { ZodApp } from '../../../api/routes/types.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { projectEnvParams, projectScope } from '../../scope.js';
import { checkSummaryView } from './check-views.js';
import type { ChecksRouteDeps } from './route-deps.js';

/** The Checks page: every check of the project with what it did in this environment over the last 7 days. */
export function registerListChecksPage(app: ZodApp, deps: AppApiDeps & ChecksRouteDeps): void {
  // A plain-language check's question and why it yields nothing without a judge; an active check's agreement drop.
  const judgeFields = createCheckJudgeFields(deps);
  app.get('/projects/:project_id/:environment/checks', { schema: { params: projectEnvParams } }, async (request) => {
    const scope = await projectScope(deps, sessionOf(request).session.workspace.id, request.params);
    const entries = await deps.catalogue.list(scope.projectId);
    const activity = await deps.checksPage.lastWeek(
      scope,
      entries.map((e) => e.check.key),
      deps.clock(),
    );
    const judgeOf = await judgeFields(scope.projectId, scope.environment);
    return {
      data: entries.map((entry) => ({
        ...checkSummaryView(entry, activity.get(entry.check.key)),
        ...judgeOf(entry.check),
      })),
    };
  });
}
