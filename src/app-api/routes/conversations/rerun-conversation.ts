import type { ZodApp } from '../../../api/routes/types.js';
import { ROLE_FOR } from '../../../domain/roles.js';
import { rerunConversation } from '../../../jobs/rerun.js';
import type { ConversationReviewRepo } from '../../../storage/conversation-review-repo.js';
import type { AppApiDeps } from '../../deps.js';
import { conversationParams, locateConversation } from './shared.js';

/** Scores a conversation again (any status); the application follows it until `done`. */
export function registerRerunConversation(app: ZodApp, deps: AppApiDeps & { review: ConversationReviewRepo }): void {
  app.post(
    '/:environment/conversations/:id/rerun',
    { config: { appRole: ROLE_FOR.review }, schema: { params: conversationParams } },
    async (request, reply) => {
      await locateConversation(deps, request, request.params);
      await rerunConversation(deps.store, request.params.id, deps.clock);
      deps.onConversationStored?.();
      return reply.code(200).send({ id: request.params.id, status: 'queued' });
    },
  );
}
