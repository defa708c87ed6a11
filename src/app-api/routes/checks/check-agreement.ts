import { z } from 'zod';
import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { checkAgreement } from '../../../checks/agreement.js';
import { CatalogueError } from '../../../checks/catalogue.js';
import { statusHistory } from '../../../checks/promotion-gate.js';
import { createLabelsRepo } from '../../../storage/labels-repo.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { projectEnvParams, projectScope } from '../../scope.js';
import { checkKeyParam } from './check-views.js';

const instant = z
  .string()
  .max(40)
  .refine((text) => !Number.isNaN(Date.parse(text)), 'a date or date-time, e.g. 2026-11-01T00:00:00Z');
const periodQuery = z.object({ since: instant.optional(), until: instant.optional() }).strict();

/**
 * A check's agreement with people's labels in the environment (what promoting it to active is measured on),
 * and its status history with the agreement or override each change was made on.
 */
export function registerCheckAgreement(app: ZodApp, deps: AppApiDeps): void {
  const labels = createLabelsRepo(deps.store);
  app.get(
    '/projects/:project_id/:environment/checks/:key/agreement',
    { schema: { params: projectEnvParams.extend({ key: checkKeyParam }), querystring: periodQuery } },
    async (request) => {
      const { session } = sessionOf(request);
      const scope = await projectScope(deps, session.workspace.id, request.params);
      const { key } = request.params;
      const entry = await deps.catalogue.get(scope.projectId, key).catch((error: unknown) => {
        if (error instanceof CatalogueError) throw new ApiError('not_found', `No check ${key} in this project.`);
        throw error;
      });
      const [agreement, history] = await Promise.all([
        checkAgreement(labels, scope.projectId, entry.check, {
          environments: [scope.environment],
          // Labels given within the period (both optional): the page's "last 7 / 30 / 90 days".
          since: request.query.since === undefined ? undefined : Date.parse(request.query.since),
          until: request.query.until === undefined ? undefined : Date.parse(request.query.until),
        }),
        statusHistory(deps.store.db, scope.projectId, key),
      ]);
      const { environments: _e, ...figures } = agreement;
      return { ...figures, environment: scope.environment, history };
    },
  );
}
