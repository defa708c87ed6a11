import { z } from 'zod';
import type { ZodApp } from '../../../api/routes/types.js';
import { deliveryLog } from '../../../storage/webhook-delivery-log.js';
import type { AppApiDeps } from '../../deps.js';
import { iso } from '../../scope.js';
import { endpointNotFound, endpointParams, webhookRepos, webhookScope } from './shared.js';

const query = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  // The cursor is the last message id of the previous page: message ids sort by creation time.
  cursor: z
    .string()
    .regex(/^msg_[0-9a-z]{26}$/, 'is not a cursor of this list')
    .optional(),
});

/** The delivery log: messages newest first, each with its attempts (status code, timing, error). */
export function registerListDeliveries(app: ZodApp, deps: AppApiDeps): void {
  const { endpoints } = webhookRepos(deps);
  app.get(
    '/projects/:project_id/:environment/webhooks/:endpoint_id/deliveries',
    { schema: { params: endpointParams, querystring: query } },
    async (request) => {
      const scope = await webhookScope(deps, request, request.params);
      const id = request.params.endpoint_id;
      if (!(await endpoints.findRow(scope, id))) throw endpointNotFound(id);
      const { entries, more } = await deliveryLog(deps.store, scope, id, {
        limit: request.query.limit,
        before: request.query.cursor,
      });
      return {
        data: entries.map((entry) => ({
          ...entry,
          created_at: iso(entry.created_at),
          attempts: entry.attempts.map((a) => ({ ...a, at: iso(a.at) })),
        })),
        next_cursor: more ? (entries.at(-1)?.id ?? null) : null,
      };
    },
  );
}
