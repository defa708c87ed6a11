import { z } from 'zod';
import { createLabelsRepo } from '../../storage/labels-repo.js';
import { principalOf } from '../auth.js';
import type { AppDeps } from '../deps.js';
import { ApiError, validationError } from '../errors.js';
import { decodeListCursor, encodeListCursor, INVALID_CURSOR_MESSAGE, MAX_CURSOR_LENGTH } from '../list-cursor.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../schemas/lists.js';
import { errorResponses } from './error-responses.js';
import type { ZodApp } from './types.js';

const KNOWN = ['limit', 'cursor', 'conversation_id', 'check_key'];

const labelListQuerySchema = z
  .looseObject({
    limit: z.coerce
      .number({ message: `must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
      .int(`must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .min(1, `must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .max(MAX_PAGE_SIZE, `must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .default(DEFAULT_PAGE_SIZE),
    cursor: z.string().min(1, 'must not be empty').max(MAX_CURSOR_LENGTH, 'is not a cursor of this list').optional(),
    conversation_id: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("Only this conversation's labels (the service's id or your external_id)."),
    check_key: z
      .string()
      .regex(/^[a-z][a-z0-9_]{1,63}$/, 'is not a check key')
      .optional()
      .describe("Only this check's labels."),
  })
  .superRefine((query, ctx) => {
    for (const name of Object.keys(query)) {
      if (!KNOWN.includes(name))
        ctx.addIssue({ code: 'custom', path: [name], message: `is not a parameter of this list: ${KNOWN.join(', ')}` });
    }
  });

export const labelSchema = z
  .object({
    id: z.string(),
    conversation_id: z.string(),
    check_key: z.string(),
    verdict: z.string().describe('pass (no problem) or fail (the problem happened), as the person said.'),
    choice: z
      .string()
      .nullable()
      .describe('The option a person chose, for a multiple-choice check (application labels).'),
    note: z.string().nullable(),
    source: z.string().describe('`api` (POST /v1/conversations/{id}/feedback) or `app` (the application).'),
    created_at: z.string(),
  })
  .meta({ id: 'Label' });

const labelListSchema = z
  .object({ data: z.array(labelSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'LabelList' });

const isPosition = (value: unknown): value is { t: number; i: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { t?: unknown }).t === 'number' &&
  typeof (value as { i?: unknown }).i === 'string';

/** People's labels, newest first: all of them, one conversation's or one check's. */
export function registerListLabels(app: ZodApp, deps: AppDeps): void {
  const labels = createLabelsRepo(deps.store);
  app.get(
    '/v1/labels',
    {
      config: { access: 'read' },
      schema: {
        summary: "List people's labels on results (cursor-paginated)",
        description: 'Labels given by API (`source: api`) and in the application (`source: app`), newest first.',
        tags: ['Checks'],
        querystring: labelListQuerySchema,
        response: { 200: labelListSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const scope = { projectId: principal.projectId, environment: principal.environment };
      const { limit, cursor, conversation_id, check_key } = request.query;
      const binding = { ...scope, list: 'labels', filters: { conversation_id, check_key } };
      const after = cursor === undefined ? null : decodeListCursor(cursor, binding, isPosition);
      if (cursor !== undefined && after === null) throw validationError({ cursor: [INVALID_CURSOR_MESSAGE] });
      let conversationId: string | undefined;
      if (conversation_id !== undefined) {
        const conversation = await deps.conversations.find(scope, conversation_id);
        if (!conversation)
          throw new ApiError(
            'not_found',
            `No conversation ${conversation_id} in the ${principal.environment} environment.`,
          );
        conversationId = conversation.id;
      }
      const rows = await labels.list(scope, {
        limit,
        after: after ? { createdAt: after.t, id: after.i } : null,
        ...(conversationId ? { conversationId } : {}),
        ...(check_key ? { checkKey: check_key } : {}),
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        data: page.map(({ user_id: _user, ...label }) => ({
          ...label,
          created_at: new Date(label.created_at).toISOString(),
        })),
        next_cursor: rows.length > limit && last ? encodeListCursor({ t: last.created_at, i: last.id }, binding) : null,
      };
    },
  );
}
