import { createCheckCatalogue } from '../../checks/catalogue.js';
import { BUILTIN_CHECKS } from '../../scoring/builtin-checks.js';
import { validateCustomRule } from '../../scoring/custom-rules.js';
import { principalOf } from '../auth.js';
import { createCheckJudgeFields } from '../check-judge-fields.js';
import type { AppDeps } from '../deps.js';
import { validationError } from '../errors.js';
import { decodeListCursor, encodeListCursor, INVALID_CURSOR_MESSAGE, type ListCursorBinding } from '../list-cursor.js';
import { checkListQuerySchema, checkListSchema } from '../schemas/lists.js';
import { errorResponses } from './error-responses.js';
import type { ZodApp } from './types.js';

/** The checks list's position: the last key of the page (checks are listed by key). */
const isKeyPosition = (value: unknown): value is { k: string } =>
  typeof value === 'object' && value !== null && typeof (value as { k?: unknown }).k === 'string';

export function registerListChecks(app: ZodApp, deps: AppDeps): void {
  // Reads only: the catalogue's rule validation and scoring view are never used here.
  const catalogue = createCheckCatalogue({
    store: deps.store,
    builtins: BUILTIN_CHECKS,
    validateRule: validateCustomRule,
    clock: deps.clock,
  });
  const checkJudgeFields = createCheckJudgeFields(deps);
  app.get(
    '/v1/checks',
    {
      config: { access: 'read' },
      schema: {
        summary: 'List the project’s checks (cursor-paginated)',
        description:
          'Built-in and custom checks of the key’s project, by key, each at its current version. Checks belong to ' +
          'the project: both environments list the same ones (a draft check scores test traffic only).',
        tags: ['Checks'],
        querystring: checkListQuerySchema,
        response: { 200: checkListSchema, ...errorResponses(422) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const binding: ListCursorBinding = {
        list: 'checks',
        projectId: principal.projectId,
        environment: principal.environment,
      };
      const { limit, cursor } = request.query;
      const after = cursor === undefined ? null : decodeListCursor(cursor, binding, isKeyPosition);
      if (cursor !== undefined && after === null) throw validationError({ cursor: [INVALID_CURSOR_MESSAGE] });

      // A project has tens of checks: the catalogue is read whole and paged here.
      const entries = (await catalogue.list(principal.projectId))
        .filter((entry) => after === null || entry.check.key > after.k)
        .sort((a, b) => (a.check.key < b.check.key ? -1 : a.check.key > b.check.key ? 1 : 0));
      const page = entries.slice(0, limit);
      const last = page.at(-1);
      const judgeFields = await checkJudgeFields(principal.projectId, principal.environment);
      return {
        data: page.map(({ check, enabled }) => ({
          key: check.key,
          name: check.name,
          description: check.description,
          category: check.category,
          severity: check.severity,
          status: check.status,
          enabled,
          version: check.version,
          built_in: check.builtin,
          kind: check.kind,
          options: check.options ?? null,
          scope: check.scope ?? null,
          ...judgeFields(check),
        })),
        next_cursor: entries.length > limit && last ? encodeListCursor({ k: last.check.key }, binding) : null,
      };
    },
  );
}
