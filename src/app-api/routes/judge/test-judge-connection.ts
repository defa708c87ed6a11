import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { ROLE_FOR } from '../../../domain/roles.js';
import { testConnection } from '../../../judge/detect-form.js';
import { createJudgeSettingsRepo } from '../../../storage/judge-settings-repo.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { projectInWorkspace, projectParams } from '../../scope.js';
import { resolvedJudge } from './judge-view.js';

/**
 * "Test connection": asks the judge a small question in each structured-output form, best first, and remembers
 * the first it answers in (scoring then uses it). A judge that cannot be used is an answer, not an error: the
 * page shows `problem` and what each form said.
 */
export function registerTestJudgeConnection(app: ZodApp, deps: AppApiDeps): void {
  const settings = createJudgeSettingsRepo(deps.store, deps.clock);
  app.post(
    '/projects/:project_id/judge/test',
    { config: { appRole: ROLE_FOR.developers }, schema: { params: projectParams } },
    async (request) => {
      const projectId = await projectInWorkspace(
        deps,
        sessionOf(request).session.workspace.id,
        request.params.project_id,
      );
      const saved = await settings.get(projectId);
      const resolved = resolvedJudge(deps, saved);
      if (!resolved.available) throw new ApiError('validation_error', resolved.reason, { base_url: [resolved.reason] });
      const report = await testConnection(resolved, saved.controls.timeoutMs, (form, fingerprint) =>
        settings.rememberForm(projectId, form, fingerprint),
      );
      return { ...report, source: resolved.source };
    },
  );
}
