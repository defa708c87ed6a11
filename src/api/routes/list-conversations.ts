import { createConversationList } from '../../storage/conversation-list.js';
import { principalOf } from '../auth.js';
import type { AppDeps } from '../deps.js';
import { validationError } from '../errors.js';
import { decodeConversationCursor, encodeConversationCursor, INVALID_CURSOR_MESSAGE } from '../list-cursor.js';
import { conversationListFiltersOf, conversationListQuerySchema, conversationListSchema } from '../schemas/lists.js';
import { errorResponses } from './error-responses.js';
import { dashboardUrl } from './get-conversation.js';
import type { ZodApp } from './types.js';

export function registerListConversations(app: ZodApp, deps: AppDeps): void {
  const conversations = createConversationList(deps.store);
  app.get(
    '/v1/conversations',
    {
      config: { access: 'read' },
      schema: {
        summary: 'List conversations, newest first (cursor-paginated)',
        description:
          'Conversations of the key’s environment by `ended_at`, newest first (ties by id), without transcript, ' +
          'events and results. Filters combine with AND. Follow `next_cursor` with the same filters until it is null.',
        tags: ['Conversations'],
        querystring: conversationListQuerySchema,
        response: { 200: conversationListSchema, ...errorResponses(422) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const scope = { projectId: principal.projectId, environment: principal.environment };
      const { limit, cursor } = request.query;
      const filters = conversationListFiltersOf(request.query);
      const after = cursor === undefined ? null : decodeConversationCursor(cursor, scope, filters);
      if (cursor !== undefined && after === null) throw validationError({ cursor: [INVALID_CURSOR_MESSAGE] });

      const page = await conversations.list(scope, filters, { limit, after, includeMetadata: true });
      return {
        data: page.items.map((item) => ({
          id: item.id,
          external_id: item.external_id,
          channel: item.channel,
          status: item.status,
          outcome: item.outcome,
          dashboard_url: dashboardUrl(deps.config.publicUrl, principal.environment, item.id),
          started_at: item.started_at,
          ended_at: item.ended_at,
          ended_by: item.ended_by,
          agent: item.agent,
          group: item.group,
          metadata: item.metadata ?? {},
          duration_ms: item.duration_ms,
          failed_checks: item.failed_checks,
          frustration: item.frustration,
        })),
        next_cursor: page.next ? encodeConversationCursor(page.next, scope, filters) : null,
      };
    },
  );
}
