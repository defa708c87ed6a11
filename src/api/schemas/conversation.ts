/** One zod schema per shape: it validates requests, types the handlers and writes the OpenAPI document. */
import { z } from 'zod';
import { CHECK_STATUSES, DECIDED_BY, VERDICTS } from '../../domain/checks.js';
import { CHANNELS, ENDED_BY, OUTCOMES, SCORING_STATUSES, SPEAKERS } from '../../domain/conversation.js';
import { depthMessage, jsonDepthExceeds, MAX_JSON_DEPTH, storableText, storedString } from './json-shape.js';
import { LIMITS, RESOURCE_ID_PATTERN } from './limits.js';

const dateTime = z.iso.datetime({
  offset: true,
  message: 'must be an ISO 8601 date-time with an offset, e.g. 2026-11-18T14:03:00Z',
});
const resourceId = z
  .string()
  .regex(
    RESOURCE_ID_PATTERN,
    'must be 1 to 128 letters, digits, ".", "_", ":" or "-", starting with a letter or digit',
  );
const displayName = storedString()
  .min(1, 'must not be empty')
  .max(LIMITS.nameLength, `must be at most ${LIMITS.nameLength} characters`);

export const turnSchema = z
  .object({
    speaker: z.enum(SPEAKERS, { message: `must be one of ${SPEAKERS.join(', ')}` }),
    text: z
      .string({ message: 'must be a string' })
      .min(1, 'must be at least 1 character')
      .max(LIMITS.turnTextLength, `must be at most ${LIMITS.turnTextLength} characters`),
    start_ms: z.number().int().min(0).optional(),
    end_ms: z.number().int().min(0).optional(),
    asr_confidence: z.number().min(0).max(1).optional(),
  })
  .meta({ id: 'Turn' });

const nestsTooDeep = (value: unknown) => jsonDepthExceeds(value, MAX_JSON_DEPTH);

export const eventSchema = z
  .looseObject({
    type: z.string({ message: 'must be a string' }).min(1, 'must be at least 1 character'),
    name: z.string().optional(),
    status: z.string().optional(),
    target: z.string().optional(),
    at_ms: z.number().int().optional(),
  })
  .refine((event) => !nestsTooDeep(event), { message: depthMessage })
  .meta({ id: 'Event', description: 'What the agent did. Properties beyond those listed are kept as sent.' });

/** Why metadata cannot be stored as sent, or null when it can. */
function metadataProblem(metadata: Record<string, unknown>): string | null {
  if (nestsTooDeep(metadata)) return depthMessage;
  if (Buffer.byteLength(JSON.stringify(metadata)) > LIMITS.metadataBytes) {
    return `must be at most ${LIMITS.metadataBytes} bytes as JSON`;
  }
  return null;
}

const metadataSchema = z.record(z.string(), z.unknown()).superRefine((metadata, ctx) => {
  const problem = metadataProblem(metadata);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** `timeout` ends chats only: a voice call does not time out, the caller hangs up. */
const endedByFitsChannel = (conversation: { channel: string; ended_by?: string | undefined }) =>
  conversation.ended_by !== 'timeout' || conversation.channel === 'chat';

export const conversationRequestSchema = z
  .object({
    external_id: storedString('is required and must be a string')
      .min(1, 'must be at least 1 character')
      .max(LIMITS.externalIdLength, `must be at most ${LIMITS.externalIdLength} characters`),
    channel: z.enum(CHANNELS, { message: `must be one of ${CHANNELS.join(', ')}` }),
    started_at: dateTime.optional(),
    ended_at: dateTime.optional(),
    ended_by: z.enum(ENDED_BY, { message: `must be one of ${ENDED_BY.join(', ')}` }).optional(),
    agent: z
      .object({
        id: resourceId.optional(),
        name: displayName.optional(),
        version: storedString()
          .max(LIMITS.versionLength, `must be at most ${LIMITS.versionLength} characters`)
          .optional(),
      })
      .optional(),
    group: z.object({ id: resourceId, name: displayName.optional() }).optional(),
    transcript: z
      .array(turnSchema, { message: 'is required and must be an array of turns' })
      .min(1, 'must have at least 1 turn')
      .max(LIMITS.turns, `must have at most ${LIMITS.turns} turns`),
    events: z.array(eventSchema).max(LIMITS.events, `must have at most ${LIMITS.events} events`).optional(),
    metadata: metadataSchema.optional(),
  })
  .superRefine((conversation, ctx) => {
    if (!endedByFitsChannel(conversation)) {
      ctx.addIssue({ code: 'custom', path: ['ended_by'], message: 'timeout is valid for chat conversations only' });
    }
  })
  .meta({ id: 'ConversationRequest' });

export type ConversationRequest = z.infer<typeof conversationRequestSchema>;

/**
 * Every refinement above that JSON Schema cannot express, as one predicate over a body whose structure is
 * already valid: the fast path (fast-check.ts) accepts a body only when this holds too. Keep the two in step;
 * test/api/fast-check.test.ts compares the fast path with the schema on generated bodies.
 */
export function conversationRefinementsHold(body: ConversationRequest): boolean {
  return (
    storableText(body.external_id) &&
    storableText(body.agent?.name) &&
    storableText(body.agent?.version) &&
    storableText(body.group?.name) &&
    (body.events ?? []).every((event) => !nestsTooDeep(event)) &&
    (body.metadata === undefined || metadataProblem(body.metadata) === null) &&
    endedByFitsChannel(body)
  );
}

export const ingestResponseSchema = z
  .object({
    id: z.string(),
    status: z.enum(SCORING_STATUSES),
    duplicate: z.literal(true).optional(),
  })
  .meta({ id: 'IngestResponse' });

export const checkResultSchema = z
  .object({
    check_key: z.string(),
    check_name: z.string(),
    check_version: z.number().int(),
    check_status: z.enum(CHECK_STATUSES),
    score: z.number().min(0).max(1).nullable(),
    verdict: z.enum(VERDICTS),
    choice: z.string().nullable(),
    decided_by: z.enum(DECIDED_BY).nullable(),
    reason: z.string().nullable(),
    evidence_turns: z.array(z.number().int()).describe('Zero-based indexes into transcript.'),
    scorer_version: z.string(),
    latency_ms: z.number().int().nullable(),
  })
  .meta({ id: 'CheckResult' });

export const conversationResponseSchema = z
  .object({
    id: z.string(),
    external_id: z.string(),
    channel: z.enum(CHANNELS),
    status: z.enum(SCORING_STATUSES),
    outcome: z.enum(OUTCOMES).nullable(),
    dashboard_url: z.url(),
    started_at: z.string().nullable(),
    ended_at: z.string().nullable(),
    ended_by: z.enum(ENDED_BY).nullable(),
    agent: z.object({ id: z.string(), name: z.string(), version: z.string().nullable() }),
    group: z.object({ id: z.string(), name: z.string() }).nullable(),
    transcript: z.array(turnSchema),
    events: z.array(eventSchema),
    metadata: z.record(z.string(), z.unknown()),
    results: z.array(checkResultSchema),
  })
  .meta({ id: 'Conversation' });

export const feedbackRequestSchema = z
  .object({
    check_key: storedString('is required and must be a string').min(1, 'must be at least 1 character'),
    verdict: z.enum(['pass', 'fail'], { message: 'must be pass (no problem) or fail (the problem happened)' }),
    note: storedString()
      .max(LIMITS.feedbackNoteLength, `must be at most ${LIMITS.feedbackNoteLength} characters`)
      .optional(),
  })
  .meta({ id: 'FeedbackRequest' });

export const feedbackLabelSchema = z
  .object({
    id: z.string(),
    conversation_id: z.string(),
    check_key: z.string(),
    verdict: z.enum(['pass', 'fail']),
    note: z.string().nullable(),
    source: z.literal('api'),
    created_at: z.string(),
  })
  .meta({ id: 'FeedbackLabel' });

export const errorSchema = z
  .object({
    error: z.object({
      type: z.string().describe('Stable machine-readable type; branch on it and on the status.'),
      message: z.string(),
      fields: z.record(z.string(), z.array(z.string())).optional(),
      request_id: z.string().optional(),
    }),
  })
  .meta({ id: 'Error' });
