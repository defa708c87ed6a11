import { z } from 'zod';
import { validationError } from '../../../api/errors.js';
import {
  decodeConversationCursor,
  encodeConversationCursor,
  INVALID_CURSOR_MESSAGE,
} from '../../../api/list-cursor.js';
import { dashboardUrl } from '../../../api/routes/get-conversation.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { conversationListFiltersOf, conversationListQuerySchema } from '../../../api/schemas/lists.js';
import { fieldErrors } from '../../../api/validation.js';
import { createConversationList } from '../../../storage/conversation-list.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { projectEnvParams, projectScope } from '../../scope.js';

/** The application's list has the filters of GET /v1/conversations, and lookup by the caller's external_id. */
const query = z.looseObject({ external_id: z.string().min(1).max(500).optional() });

/** The application's cursors are its own: a /v1 cursor is not good here, nor the other way round. */
const LIST = 'app-conversations';

/** Conversations of a project environment, newest first (by ended_at, ties by id), a page at a time. */
export function registerListConversations(app: ZodApp, deps: AppApiDeps): void {
  const conversations = createConversationList(deps.store);
  app.get(
    '/projects/:project_id/:environment/conversations',
    { schema: { params: projectEnvParams, querystring: query } },
    async (request) => {
      const scope = await projectScope(deps, sessionOf(request).session.workspace.id, request.params);
      const { external_id, ...rest } = request.query;
      const parsed = conversationListQuerySchema.safeParse(rest);
      if (!parsed.success) throw validationError(fieldErrors(parsed.error.issues));
      const filters = conversationListFiltersOf(parsed.data);
      if (external_id !== undefined) filters.externalId = external_id;
      const { limit, cursor } = parsed.data;
      const after = cursor === undefined ? null : decodeConversationCursor(cursor, scope, filters, LIST);
      if (cursor !== undefined && after === null) throw validationError({ cursor: [INVALID_CURSOR_MESSAGE] });

      const page = await conversations.list(scope, filters, { limit, after });
      return {
        data: page.items.map((item) => ({
          id: item.id,
          external_id: item.external_id,
          channel: item.channel,
          status: item.status,
          outcome: item.outcome,
          started_at: item.started_at,
          ended_at: item.ended_at,
          ended_by: item.ended_by,
          duration_ms: item.duration_ms,
          agent: item.agent,
          group: item.group,
          failed_checks: item.failed_checks,
          frustration: item.frustration,
          dashboard_url: dashboardUrl(deps.config.publicUrl, scope.environment, item.id),
        })),
        next_cursor: page.next ? encodeConversationCursor(page.next, scope, filters, LIST) : null,
      };
    },
  );
}
