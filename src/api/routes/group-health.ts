import { createHealthReports } from '../../storage/health/reports.js';
import { principalOf } from '../auth.js';
import type { AppDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { groupHealthParams, groupHealthSchema } from '../schemas/health.js';
import { errorResponses } from './error-responses.js';
import type { ZodApp } from './types.js';

export function registerGroupHealth(app: ZodApp, deps: AppDeps): void {
  const reports = createHealthReports(deps.store);
  app.get(
    '/v1/groups/:group_id/health',
    {
      config: { access: 'read' },
      schema: {
        summary: "A group's health over the last 7 and 30 days",
        tags: ['Health'],
        params: groupHealthParams,
        response: { 200: groupHealthSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const scope = { projectId: principal.projectId, environment: principal.environment };
      const report = await reports.group(scope, principal.timezone, request.params.group_id, deps.clock());
      if (!report) {
        throw new ApiError(
          'not_found',
          `No group ${request.params.group_id} in the ${principal.environment} environment.`,
        );
      }
      return report;
    },
  );
}
