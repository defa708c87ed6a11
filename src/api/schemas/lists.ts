/** Shapes of the list endpoints `GET /v1/conversations` and `GET /v1/checks`: their queries and pages. */
import { z } from 'zod';
import { CHECK_CATEGORIES, CHECK_KINDS, CHECK_STATUSES, SEVERITIES } from '../../domain/checks.js';
import { CHANNELS, ENDED_BY, OUTCOMES, SCORING_STATUSES } from '../../domain/conversation.js';
import type { ConversationListFilters } from '../../storage/conversation-list.js';
import { MAX_CURSOR_LENGTH } from '../list-cursor.js';
import { RESOURCE_ID_PATTERN } from './limits.js';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;

/** A check key as the catalogue makes them (checks/catalogue.ts). */
const CHECK_KEY = /^[a-z][a-z0-9_]{1,63}$/;

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

/** Query parameters the lists share. A parameter a list does not know is refused rather than ignored. */
const paging = {
  limit: z.coerce
    .number({ message: `must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int(`must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .min(1, `must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE)
    .describe(`Items per page, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`),
  cursor: z
    .string({ message: 'must be given once' })
    .min(1, 'must not be empty')
    .max(MAX_CURSOR_LENGTH, 'is not a cursor of this list')
    .optional()
    .describe('`next_cursor` of the previous page, as received; the same filters must be sent with it.'),
};

/** Refuses a parameter the list does not know (a typo would otherwise list everything), naming it. */
function refuseUnknown(known: readonly string[]) {
  const names = new Set(known);
  return (query: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const name of Object.keys(query)) {
      if (!names.has(name)) {
        ctx.addIssue({ code: 'custom', path: [name], message: `is not a parameter of this list: ${known.join(', ')}` });
      }
    }
  };
}

const conversationListParameters = {
  ...paging,
  agent_id: resourceId.optional().describe('Only this agent’s conversations.'),
  group_id: resourceId.optional().describe('Only conversations filed under this group when received.'),
  status: z
    .enum(SCORING_STATUSES, { message: `must be one of ${SCORING_STATUSES.join(', ')}` })
    .optional()
    .describe('Scoring status.'),
  outcome: z
    .enum(OUTCOMES, { message: `must be one of ${OUTCOMES.join(', ')}` })
    .optional()
    .describe('Either spelling of a planned rename finds the same conversations.'),
  failed_check: z
    .string()
    .regex(CHECK_KEY, 'must be a check key: 2 to 64 lower-case letters, digits or "_", starting with a letter')
    .optional()
    .describe('A check key: conversations whose current results have this check failing.'),
  ended_after: dateTime.optional().describe('Conversations that ended at or after this instant.'),
  ended_before: dateTime.optional().describe('Conversations that ended before this instant.'),
};

export const conversationListQuerySchema = z
  .looseObject(conversationListParameters)
  .superRefine(refuseUnknown(Object.keys(conversationListParameters)))
  .superRefine((query, ctx) => {
    if (query.ended_after && query.ended_before && Date.parse(query.ended_before) <= Date.parse(query.ended_after)) {
      ctx.addIssue({ code: 'custom', path: ['ended_before'], message: 'must be later than ended_after' });
    }
  });

export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

/** The storage filters a validated query asks for (the same object binds its cursors). */
export function conversationListFiltersOf(query: ConversationListQuery): ConversationListFilters {
  const filters: ConversationListFilters = {};
  if (query.agent_id !== undefined) filters.agentId = query.agent_id;
  if (query.group_id !== undefined) filters.groupId = query.group_id;
  if (query.status !== undefined) filters.status = query.status;
  if (query.outcome !== undefined) filters.outcome = query.outcome;
  if (query.failed_check !== undefined) filters.failedCheck = query.failed_check;
  if (query.ended_after !== undefined) filters.endedAfterMs = Date.parse(query.ended_after);
  if (query.ended_before !== undefined) filters.endedBeforeMs = Date.parse(query.ended_before);
  return filters;
}

export const conversationListItemSchema = z
  .object({
    id: z.string(),
    external_id: z.string(),
    channel: z.enum(CHANNELS),
    status: z.enum(SCORING_STATUSES),
    outcome: z.enum(OUTCOMES).nullable(),
    dashboard_url: z.url(),
    started_at: z.string().nullable(),
    ended_at: z.string(),
    ended_by: z.enum(ENDED_BY).nullable(),
    agent: z.object({ id: z.string(), name: z.string(), version: z.string().nullable() }),
    group: z.object({ id: z.string(), name: z.string() }).nullable(),
    metadata: z.record(z.string(), z.unknown()),
    duration_ms: z
      .number()
      .int()
      .nullable()
      .describe('started_at to ended_at, else the latest turn end_ms; null when neither was sent.'),
    failed_checks: z.array(z.string()).describe('Keys of the checks whose current result is fail; empty until done.'),
    frustration: z.number().min(0).max(1).nullable().describe('The frustration check’s score; null until scored.'),
  })
  .meta({
    id: 'ConversationListItem',
    description: 'A conversation without transcript, events and results: read one for those.',
  });

export const conversationListSchema = z
  .object({
    data: z.array(conversationListItemSchema),
    next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page.'),
  })
  .meta({ id: 'ConversationList' });

export const checkListQuerySchema = z.looseObject(paging).superRefine(refuseUnknown(Object.keys(paging)));

export const checkSchema = z
  .object({
    key: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.enum(CHECK_CATEGORIES),
    severity: z.enum(SEVERITIES),
    status: z.enum(CHECK_STATUSES),
    enabled: z.boolean(),
    version: z.number().int(),
    built_in: z.boolean(),
    kind: z.enum(CHECK_KINDS),
    options: z.array(z.string()).nullable().describe('The choices of a multiple_choice check; null otherwise.'),
    scope: z
      .object({
        channels: z.array(z.enum(CHANNELS)).optional(),
        agents: z.array(z.string()).optional(),
        groups: z.array(z.string()).optional(),
        metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
      })
      .nullable()
      .describe(
        'Where the check applies: each field given narrows it (channels, agent ids, group ids, top-level metadata ' +
          'values compared as text); outside it the check yields no result. null: every conversation.',
      )
      .meta({ id: 'CheckScope' }),
    judge: z
      .object({
        question: z.string(),
        answer: z.enum(['pass_fail', 'score', 'choice']),
        choices: z.array(z.string()).nullable(),
      })
      .optional()
      .describe('Present on a check written in plain language, which the LLM judge decides.'),
    judge_unavailable_reason: z
      .string()
      .optional()
      .describe(
        'Present when a plain-language check yields no result now: no judge connected, or the daily cap reached.',
      ),
    agreement_dropped_at: z
      .string()
      .optional()
      .describe('Present on an active check whose agreement over its last 50 labels fell below the bar, since when.'),
  })
  .meta({ id: 'Check' });

export const checkListSchema = z
  .object({
    data: z.array(checkSchema),
    next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page.'),
  })
  .meta({ id: 'CheckList' });
