import { z } from 'zod';
import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { CHECK_STATUSES } from '../../../domain/checks.js';
import { ROLE_FOR } from '../../../domain/roles.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { projectInWorkspace, projectParams } from '../../scope.js';
import { catalogueCall } from './catalogue-errors.js';
import {
  actorOf,
  categorySchema,
  checkKeyParam,
  checkSummaryView,
  judgeSchema,
  ruleSchema,
  scopeSchema,
  severitySchema,
} from './check-views.js';
import type { ChecksRouteDeps } from './route-deps.js';

const body = z
  .object({
    name: z.string().trim().min(1).max(120).optional(),
    description: z.string().max(2000).optional(),
    category: categorySchema.optional(),
    severity: severitySchema.optional(),
    rule: ruleSchema.optional(),
    /** A new question or answer kind (plain-language checks only). */
    judge: judgeSchema.optional(),
    /** An owner's written reason to promote a check whose agreement with people's labels is below the bar. */
    override_reason: z.string().trim().min(1).max(2000).optional(),
    /** null (or {}) lifts the scope: the check applies to every conversation again. */
    scope: scopeSchema.nullable().optional(),
    status: z.enum(CHECK_STATUSES).optional(),
    enabled: z.boolean().optional(),
  })
  .strict();

/**
 * Edits a check: a change of its definition (name, description, category, severity, rule, scope) is a new
 * version; status and on/off keep the version. A built-in turned off stays off, whatever conversations bring.
 */
export function registerUpdateCheck(app: ZodApp, deps: AppApiDeps & ChecksRouteDeps): void {
  app.patch(
    '/projects/:project_id/checks/:key',
    {
      config: { appRole: ROLE_FOR.developers },
      schema: { params: projectParams.extend({ key: checkKeyParam }), body },
    },
    async (request) => {
      const { session } = sessionOf(request);
      const projectId = await projectInWorkspace(deps, session.workspace.id, request.params.project_id);
      const { key } = request.params;
      const { enabled, override_reason: overrideReason, ...edit } = request.body;
      if (overrideReason !== undefined && session.user.role !== 'owner') {
        throw new ApiError('permission_denied', 'Only an owner may promote a check past the agreement bar.');
      }
      await catalogueCall(async () => {
        await deps.catalogue.get(projectId, key);
        if (Object.values(edit).some((value) => value !== undefined)) {
          await deps.catalogue.update(projectId, key, {
            ...edit,
            ...(overrideReason ? { overrideReason } : {}),
            actor: actorOf(session.user.id),
          });
        }
        if (enabled !== undefined) await deps.catalogue.setEnabled(projectId, key, enabled);
      });
      return checkSummaryView(await deps.catalogue.get(projectId, key), undefined);
    },
  );
}
