import { createHealthReports } from '../../storage/health/reports.js';
import { principalOf } from '../auth.js';
import type { AppDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { agentHealthParams, agentHealthSchema } from '../schemas/health.js';
import { errorResponses } from './error-responses.js';
import type { ZodApp } from './types.js';

export function registerAgentHealth(app: ZodApp, deps: AppDeps): void {
  const reports = createHealthReports(deps.store);
  app.get(
    '/v1/agents/:agent_id/health',
    {
      config: { access: 'read' },
      schema: {
        summary: "An agent's health over the last 7 and 30 days",
        tags: ['Health'],
        params: agentHealthParams,
        response: { 200: agentHealthSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const scope = { projectId: principal.projectId, environment: principal.environment };
      const report = await reports.agent(scope, principal.timezone, request.params.agent_id, deps.clock());
      if (!report) {
        throw new ApiError(
          'not_found',
          `No agent ${request.params.agent_id} in the ${principal.environment} environment.`,
        );
      }
      return report;
    },
  );
}
