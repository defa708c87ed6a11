import { z } from 'zod';
import { checkAgreement } from '../../checks/agreement.js';
import { CatalogueError, createCheckCatalogue } from '../../checks/catalogue.js';
import { BUILTIN_CHECKS } from '../../scoring/builtin-checks.js';
import { validateCustomRule } from '../../scoring/custom-rules.js';
import { createLabelsRepo } from '../../storage/labels-repo.js';
import { principalOf } from '../auth.js';
import type { AppDeps } from '../deps.js';
import { ApiError, validationError } from '../errors.js';
import { decidedByFor, optedInto } from '../renames.js';
import { errorResponses } from './error-responses.js';
import type { ZodApp } from './types.js';

const dateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time with an offset' });

const agreementQuerySchema = z
  .looseObject({
    since: dateTime.optional().describe('Labels given from this instant.'),
    until: dateTime.optional().describe('Labels given before this instant.'),
  })
  .superRefine((query, ctx) => {
    for (const name of Object.keys(query)) {
      if (name !== 'since' && name !== 'until')
        ctx.addIssue({ code: 'custom', path: [name], message: 'is not a parameter: since, until' });
    }
  });

const agreementFigures = z.object({
  labelled: z.number().int().describe('Labelled results (the newest label of each).'),
  agreed: z.number().int(),
  accuracy: z.number().nullable(),
  kappa: z.number().nullable().describe("Cohen's kappa; null when it cannot be computed (every answer the same)."),
  confusion: z.object({
    values: z.array(z.string()),
    matrix: z.array(z.array(z.number().int())).describe("Rows: people's labels; columns: the check's results."),
  }),
});

const agreementReport = agreementFigures.extend({
  by_decided_by: z.record(z.string(), agreementFigures).describe('The same figures split by who decided the result.'),
});

const agreementSchema = z
  .object({
    check_key: z.string(),
    check_version: z.number().int(),
    environment: z.string(),
    period: z.object({ since: z.string().nullable(), until: z.string().nullable() }),
    current_version: agreementReport,
    all_versions: agreementReport,
    bar: z.object({ min_labels: z.number().int(), min_kappa: z.number() }),
    meets_bar: z.boolean().describe('Whether the current version may be promoted to active without an override.'),
    short_of_bar: z.string().nullable(),
  })
  .meta({ id: 'CheckAgreement' });

const params = z.object({ key: z.string().min(1).max(64) });

/** How a check's results agree with people's labels in the key's environment. */
export function registerCheckAgreement(app: ZodApp, deps: AppDeps): void {
  const catalogue = createCheckCatalogue({
    store: deps.store,
    builtins: BUILTIN_CHECKS,
    validateRule: validateCustomRule,
    clock: deps.clock,
  });
  const labels = createLabelsRepo(deps.store);
  app.get(
    '/v1/checks/:key/agreement',
    {
      config: { access: 'read' },
      schema: {
        summary: "A check's agreement with people's labels",
        description:
          "Accuracy, Cohen's kappa and the confusion matrix of the check's results against the labels your team " +
          'gave (by API and in the application), split by who decided. A check needs at least 20 labelled results ' +
          'of its current version and kappa of at least 0.6 before it may alert.',
        tags: ['Checks'],
        params,
        querystring: agreementQuerySchema,
        response: { 200: agreementSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { since, until } = request.query;
      const sinceMs = since === undefined ? undefined : Date.parse(since);
      const untilMs = until === undefined ? undefined : Date.parse(until);
      if (sinceMs !== undefined && untilMs !== undefined && sinceMs >= untilMs)
        throw validationError({ until: ['must be after since'] });
      const entry = await catalogue.get(principal.projectId, request.params.key).catch((error: unknown) => {
        if (error instanceof CatalogueError) throw new ApiError('not_found', `No check ${request.params.key}.`);
        throw error;
      });
      const { environments: _e, ...agreement } = await checkAgreement(labels, principal.projectId, entry.check, {
        environments: [principal.environment],
        since: sinceMs,
        until: untilMs,
      });
      // Split keys follow the renaming opt-in like `decided_by` does on results.
      const renamed = optedInto(request, 'second_review');
      const rename = (report: typeof agreement.current_version) => ({
        ...report,
        by_decided_by: Object.fromEntries(
          Object.entries(report.by_decided_by).map(([by, figures]) => [decidedByFor(by, renamed), figures]),
        ),
      });
      return {
        ...agreement,
        environment: principal.environment,
        current_version: rename(agreement.current_version),
        all_versions: rename(agreement.all_versions),
      };
    },
  );
}
