import { z } from 'zod';
import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { ROLE_FOR } from '../../../domain/roles.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { projectInWorkspace, projectParams } from '../../scope.js';
import { catalogueCall } from './catalogue-errors.js';
import {
  actorOf,
  categorySchema,
  checkSummaryView,
  judgeSchema,
  ruleSchema,
  scopeSchema,
  severitySchema,
} from './check-views.js';
import type { ChecksRouteDeps } from './route-deps.js';

const body = z
  .object({
    key: z.string().min(1).max(64),
    name: z.string().trim().min(1).max(120),
    description: z.string().max(2000).default(''),
    category: categorySchema.default('custom'),
    severity: severitySchema.default('medium'),
    /** A rule check has `rule`; a plain-language check (decided by the judge) has `judge` instead. */
    rule: ruleSchema.optional(),
    judge: judgeSchema.optional(),
    scope: scopeSchema.nullable().optional(),
  })
  .strict();

/** A custom rule check made in the form. New checks start as `draft`: they score test conversations only. */
export function registerCreateCheck(app: ZodApp, deps: AppApiDeps & ChecksRouteDeps): void {
  app.post(
    '/projects/:project_id/checks',
    { config: { appRole: ROLE_FOR.developers }, schema: { params: projectParams, body } },
    async (request, reply) => {
      const { session } = sessionOf(request);
      const projectId = await projectInWorkspace(deps, session.workspace.id, request.params.project_id);
      const { scope, rule, judge, ...fields } = request.body;
      if ((rule === undefined) === (judge === undefined)) {
        const message = 'A custom check has either a rule or a plain-language question (judge), not both.';
        throw new ApiError('validation_error', message, { rule: [message] });
      }
      await catalogueCall(() =>
        deps.catalogue.create(projectId, {
          ...fields,
          ...(rule ? { rule } : {}),
          ...(judge ? { judge } : {}),
          status: 'draft',
          ...(scope ? { scope } : {}),
          actor: actorOf(session.user.id),
        }),
      );
      const entry = await deps.catalogue.get(projectId, fields.key);
      return reply.code(201).send(checkSummaryView(entry, undefined));
    },
  );
}
