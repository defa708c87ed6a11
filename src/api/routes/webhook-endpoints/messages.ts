import { z } from 'zod';
import type { DeliveriesRepo } from '../../../storage/webhooks/deliveries.js';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../errors.js';
import { endpointParams, messageListSchema, messageParams, messageSchema } from '../../schemas/webhooks.js';
import { errorResponses } from '../error-responses.js';
import type { ZodApp } from '../types.js';
import { emptyBodyAllowed, endpointNotFound, repos, scopeOf, TAG } from './shared.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

type MessageRow = Awaited<ReturnType<DeliveriesRepo['messages']>>[number];
type AttemptRow = NonNullable<Awaited<ReturnType<DeliveriesRepo['attempts']>>>[number];

function messageView(row: MessageRow, attempts?: AttemptRow[]): z.infer<typeof messageSchema> {
  const pending = row.status === 'pending' || row.status === 'delivering';
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status as z.infer<typeof messageSchema>['status'],
    attempts: Number(row.attempts),
    next_attempt_at: pending ? iso(row.next_attempt_at) : null,
    last_status_code: row.last_status_code === null ? null : Number(row.last_status_code),
    last_error: row.last_error,
    delivered_at: iso(row.delivered_at),
    created_at: iso(row.created_at) as string,
    ...(attempts
      ? {
          attempt_log: attempts.map((a) => ({
            attempt: Number(a.attempt),
            status_code: a.status_code === null ? null : Number(a.status_code),
            error: a.error,
            latency_ms: Number(a.latency_ms),
            response_excerpt: a.response_excerpt,
            created_at: iso(a.created_at) as string,
          })),
        }
      : {}),
  };
}

/** The delivery log of an endpoint, one message with its attempts, and redelivery by hand. */
export function registerWebhookMessages(app: ZodApp, deps: AppDeps): void {
  const { endpoints, deliveries } = repos(deps);

  app.get(
    '/v1/webhook_endpoints/:id/messages',
    {
      config: { access: 'read' },
      schema: {
        summary: 'The latest 50 messages sent (or being sent) to an endpoint',
        tags: [TAG],
        params: endpointParams,
        response: { 200: messageListSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      if (!(await endpoints.findRow(scope, request.params.id))) throw endpointNotFound(request.params.id, scope);
      const rows = await deliveries.messages(scope, request.params.id);
      return { data: rows.map((row) => messageView(row)) };
    },
  );

  async function findMessage(scope: ReturnType<typeof scopeOf>, endpointId: string, messageId: string) {
    const message = await deliveries.message(scope, endpointId, messageId);
    if (!message) throw new ApiError('not_found', `No message ${messageId} for endpoint ${endpointId}.`);
    return message;
  }

  app.get(
    '/v1/webhook_endpoints/:id/messages/:message_id',
    {
      config: { access: 'read' },
      schema: {
        summary: 'One message and every attempt to deliver it (status, latency, first bytes of the answer)',
        tags: [TAG],
        params: messageParams,
        response: { 200: messageSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const row = await findMessage(scope, request.params.id, request.params.message_id);
      return messageView(row, (await deliveries.attempts(scope, row.id)) ?? []);
    },
  );

  app.post(
    '/v1/webhook_endpoints/:id/messages/:message_id/redeliver',
    {
      config: { access: 'write' },
      preParsing: emptyBodyAllowed,
      schema: {
        summary: 'Send a message again now, with the same delivery id and body',
        tags: [TAG],
        params: messageParams,
        body: z.object({}).optional(),
        response: { 202: messageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      await findMessage(scope, request.params.id, request.params.message_id);
      await deliveries.redeliver(scope, request.params.message_id);
      deps.webhooks?.onMessageQueued?.();
      return reply.code(202).send(messageView(await findMessage(scope, request.params.id, request.params.message_id)));
    },
  );
}
