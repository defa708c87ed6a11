import type { ZodApp } from '../../../api/routes/types.js';
import { createJudgeSettingsRepo } from '../../../storage/judge-settings-repo.js';
import { createJudgeUsageRepo } from '../../../storage/judge-usage-repo.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { projectInWorkspace, projectParams } from '../../scope.js';
import { judgeSettingsView } from './judge-view.js';

/** The project's judge: its connection (never the key), the form found, cost controls and today's calls. */
export function registerGetJudgeSettings(app: ZodApp, deps: AppApiDeps): void {
  const settings = createJudgeSettingsRepo(deps.store, deps.clock);
  const usage = createJudgeUsageRepo(deps.store, deps.clock);
  app.get('/projects/:project_id/judge', { schema: { params: projectParams } }, async (request) => {
    const projectId = await projectInWorkspace(
      deps,
      sessionOf(request).session.workspace.id,
      request.params.project_id,
    );
    const [saved, today] = await Promise.all([settings.get(projectId), usage.today(projectId)]);
    return judgeSettingsView(deps, saved, today);
  });
}
