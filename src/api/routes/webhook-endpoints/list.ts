import type { AppDeps } from '../../deps.js';
import { endpointListSchema, listQuery } from '../../schemas/webhooks.js';
import { errorResponses } from '../error-responses.js';
import type { ZodApp } from '../types.js';
import { repos, scopeOf, TAG } from './shared.js';

export function registerListWebhookEndpoints(app: ZodApp, deps: AppDeps): void {
  const { endpoints } = repos(deps);
  app.get(
    '/v1/webhook_endpoints',
    {
      config: { access: 'read' },
      schema: {
        summary: "The key's project and environment's webhook endpoints (cursor-paginated)",
        tags: [TAG],
        querystring: listQuery,
        response: { 200: endpointListSchema, ...errorResponses(422) },
      },
    },
    async (request) => {
      const { limit, cursor } = request.query;
      const data = await endpoints.list(scopeOf(request), { limit, after: cursor });
      return { data, next_cursor: data.length === limit ? (data.at(-1)?.id ?? null) : null };
    },
  );
}
