/** The webhook events as OpenAPI documents them; the events themselves are in the domain (webhook-events.ts). */
import { z } from 'zod';
import { EVENT_TYPES, PAYLOAD_SCHEMAS } from '../domain/webhook-events.js';

export {
  type AgentHealthChangedPayload,
  type CheckFailedPayload,
  type ChecksDigestPayload,
  type ConversationEvaluatedPayload,
  EVENT_TYPES,
  type EventType,
  type GroupHealthChangedPayload,
  PAYLOAD_SCHEMAS,
  type PingPayload,
  type WebhookPayload,
} from '../domain/webhook-events.js';

/** The OpenAPI 3.1 `webhooks` section: one POST per event type, its body the payload schema. */
export function openApiWebhooks(): Record<string, unknown> {
  const headers = {
    'Service-Event': 'The event type.',
    'Service-Delivery': 'The delivery id (`msg_…`): the same on every attempt of one message; use it to deduplicate.',
    'Service-Timestamp': 'Seconds since the epoch when this attempt was signed.',
    'Service-Signature':
      'Space-separated `v1,<base64 HMAC-SHA256>` signatures of `<delivery id>.<timestamp>.<body>` (Standard Webhooks); two during a secret rotation.',
    'webhook-id': 'Alias of Service-Delivery (Standard Webhooks).',
    'webhook-timestamp': 'Alias of Service-Timestamp.',
    'webhook-signature': 'Alias of Service-Signature.',
  };
  return Object.fromEntries(
    EVENT_TYPES.map((type) => {
      const schema = z.toJSONSchema(PAYLOAD_SCHEMAS[type], { target: 'draft-2020-12', reused: 'inline' }) as Record<
        string,
        unknown
      >;
      delete schema.$schema;
      schema.title = `${type} event`;
      return [
        type,
        {
          post: {
            summary: `${type}`,
            description: String(schema.description ?? ''),
            parameters: Object.entries(headers).map(([name, description]) => ({
              name,
              in: 'header',
              required: true,
              description,
              schema: { type: 'string' },
            })),
            requestBody: { required: true, content: { 'application/json': { schema } } },
            responses: {
              '2XX': { description: 'Received. Any other answer, a timeout (15 s) or a connection error is retried.' },
              '410': { description: 'Gone: the endpoint is disabled and nothing more is sent to it.' },
            },
          },
        },
      ];
    }),
  );
}
