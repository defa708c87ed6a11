/** Shapes of /v1/webhook_endpoints. */
import { z } from 'zod';
import { EVENT_TYPES } from '../../webhooks/events.js';
import { storedString } from './json-shape.js';

const eventTypes = z
  .array(z.enum(EVENT_TYPES, { message: `must be one of ${EVENT_TYPES.join(', ')}` }))
  .max(EVENT_TYPES.length * 2)
  .nullable()
  .describe('Event types to receive; omitted, null or empty: every type, including ones added later.');

const url = storedString('is required and must be a string')
  .min(1, 'must not be empty')
  .max(2000, 'must be at most 2000 characters')
  .describe('Where events are POSTed. https is required in the live environment.');
const description = storedString().max(500, 'must be at most 500 characters').nullable();

export const createEndpointSchema = z
  .object({
    url,
    events: eventTypes.optional(),
    description: description.optional(),
    enabled: z.boolean().optional(),
  })
  .meta({ id: 'WebhookEndpointCreate' });

export const updateEndpointSchema = z
  .object({
    url: url.optional(),
    events: eventTypes.optional(),
    description: description.optional(),
    enabled: z.boolean().optional().describe('false stops deliveries; true re-enables a disabled endpoint.'),
  })
  .meta({ id: 'WebhookEndpointUpdate' });

export const endpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.enum(EVENT_TYPES)).nullable(),
    enabled: z.boolean(),
    disabled_reason: z
      .string()
      .nullable()
      .describe('`manual`, `gone` (the endpoint answered 410) or `failing` (every attempt failed for 5 days).'),
    environment: z.enum(['test', 'live']),
    previous_secret_expires_at: z
      .string()
      .nullable()
      .describe('Until then the previous secret signs too (a second signature), after a rotation.'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });

export const endpointWithSecretSchema = endpointSchema
  .extend({
    secret: z
      .string()
      .describe('`whsec_` + base64: the signing secret. Shown only here (and when rotated); keep it safe.'),
  })
  .meta({ id: 'WebhookEndpointWithSecret' });

export const endpointListSchema = z
  .object({ data: z.array(endpointSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'WebhookEndpointList' });

export const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
});

export const endpointParams = z.object({ id: z.string().min(1).describe('The endpoint id (`we_…`).') });
export const messageParams = z.object({
  id: z.string().min(1),
  message_id: z.string().min(1).describe('The message (delivery) id, `msg_…`.'),
});

export const queuedMessageSchema = z
  .object({ message_id: z.string(), event_id: z.string() })
  .meta({ id: 'WebhookMessageQueued' });

export const messageSchema = z
  .object({
    id: z.string().describe('The delivery id: the same on every attempt.'),
    event_id: z.string(),
    event_type: z.string(),
    status: z.enum(['pending', 'delivering', 'delivered', 'failed', 'cancelled']),
    attempts: z.number().int(),
    next_attempt_at: z.string().nullable(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    delivered_at: z.string().nullable(),
    created_at: z.string(),
    attempt_log: z
      .array(
        z.object({
          attempt: z.number().int(),
          status_code: z.number().int().nullable(),
          error: z.string().nullable(),
          latency_ms: z.number().int(),
          response_excerpt: z.string().nullable().describe('The first 1 KiB of the answer.'),
          created_at: z.string(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'WebhookMessage' });

export const messageListSchema = z.object({ data: z.array(messageSchema) }).meta({ id: 'WebhookMessageList' });
