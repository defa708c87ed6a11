import { createCheckJudgeFields } from '../../../api/check-judge-fields.js';
import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { CatalogueError } from '../../../checks/catalogue.js';
import { DISTRIBUTION_SAMPLE } from '../../../storage/checks-page.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { iso, projectEnvParams, projectScope } from '../../scope.js';
import { conversationUrl } from '../conversations/shared.js';
import { checkKeyParam, checkSummaryView, definitionView, versionsView } from './check-views.js';
import type { ChecksRouteDeps } from './route-deps.js';

const DAY_MS = 86_400_000;
/** A check's page shows its verdicts and scores over this many days. */
const DISTRIBUTION_DAYS = 30;
const RECENT_FAILURES = 10;

/** A check's page: its definition, versions side by side, verdicts and scores, the latest failures. */
export function registerGetCheck(app: ZodApp, deps: AppApiDeps & ChecksRouteDeps): void {
  const judgeFields = createCheckJudgeFields(deps);
  app.get(
    '/projects/:project_id/:environment/checks/:key',
    { schema: { params: projectEnvParams.extend({ key: checkKeyParam }) } },
    async (request) => {
      const { session } = sessionOf(request);
      const scope = await projectScope(deps, session.workspace.id, request.params);
      const { key } = request.params;
      const now = deps.clock();
      const entry = await deps.catalogue.get(scope.projectId, key).catch((error: unknown) => {
        if (error instanceof CatalogueError) throw new ApiError('not_found', `No check ${key} in this project.`);
        throw error;
      });
      const [versions, activity, distribution, failures, members, judgeOf] = await Promise.all([
        deps.catalogue.versions(scope.projectId, key),
        deps.checksPage.lastWeek(scope, [key], now),
        deps.checksPage.distribution(scope, key, now - DISTRIBUTION_DAYS * DAY_MS),
        deps.conversationList.list(scope, { failedCheck: key }, { limit: RECENT_FAILURES }),
        deps.users.list(session.workspace.id),
        judgeFields(scope.projectId, scope.environment),
      ]);
      const names = new Map(members.map((user) => [user.id, user.name]));
      return {
        ...checkSummaryView(entry, activity.get(key)),
        ...definitionView(entry.check),
        ...judgeOf(entry.check),
        options: entry.check.options ?? null,
        versions: versionsView(versions, names),
        distribution: { days: DISTRIBUTION_DAYS, limit: DISTRIBUTION_SAMPLE, ...distribution },
        recent_failures: failures.items.map((item) => ({
          id: item.id,
          external_id: item.external_id,
          ended_at: item.ended_at,
          agent: item.agent,
          channel: item.channel,
          dashboard_url: conversationUrl(deps.config.publicUrl, scope.environment, item.id),
        })),
        generated_at: iso(now),
      };
    },
  );
}
