import { z } from 'zod';
import { ApiError, validationError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { CatalogueError } from '../../../checks/catalogue.js';
import { ROLE_FOR } from '../../../domain/roles.js';
import type { ConversationReviewRepo } from '../../../storage/conversation-review-repo.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { iso } from '../../scope.js';
import { conversationParams, locateConversation } from './shared.js';

const body = z.object({
  check_key: z.string().min(1).max(64),
  verdict: z.enum(['pass', 'fail']).optional(),
  choice: z.string().min(1).max(100).optional(),
  note: z.string().max(2000).nullable().optional(),
});

/** The choices a multiple-choice result may be labelled with: its check's options, or at least its own choice. */
async function choicesOf(deps: AppApiDeps, projectId: string, checkKey: string, scored: string): Promise<string[]> {
  try {
    const entry = await deps.catalogue.get(projectId, checkKey);
    return entry.check.options ?? [scored];
  } catch (error) {
    if (error instanceof CatalogueError) return [scored];
    throw error;
  }
}

/**
 * A person's label on one result: Pass/Fail for a pass/fail result; for a multiple-choice result (such as
 * `outcome`) the right choice, stored with the verdict it implies for the model's answer (pass when the same).
 */
export function registerCreateLabel(app: ZodApp, deps: AppApiDeps & { review: ConversationReviewRepo }): void {
  app.post(
    '/:environment/conversations/:id/labels',
    { config: { appRole: ROLE_FOR.review }, schema: { params: conversationParams, body } },
    async (request, reply) => {
      const { session } = sessionOf(request);
      const scope = await locateConversation(deps, request, request.params);
      const { check_key, verdict, choice } = request.body;
      const results = await deps.review.resultCategories(scope, request.params.id);
      const result = results.get(check_key);
      if (!result) throw new ApiError('not_found', `This conversation has no result for check ${check_key}.`);

      let labelVerdict: 'pass' | 'fail';
      let labelChoice: string | null = null;
      if (result.choice !== null) {
        if (choice === undefined) throw validationError({ choice: ['is required for a multiple-choice result'] });
        const choices = await choicesOf(deps, scope.projectId, check_key, result.choice);
        if (!choices.includes(choice)) throw validationError({ choice: [`must be one of ${choices.join(', ')}`] });
        labelChoice = choice;
        labelVerdict = choice === result.choice ? 'pass' : 'fail';
      } else {
        if (verdict === undefined) throw validationError({ verdict: ['is required: pass or fail'] });
        if (choice !== undefined) throw validationError({ choice: ['only a multiple-choice result takes a choice'] });
        labelVerdict = verdict;
      }
      const label = await deps.review.addAppLabel(scope, request.params.id, {
        checkKey: check_key,
        verdict: labelVerdict,
        choice: labelChoice,
        note: request.body.note ?? null,
        user: { id: session.user.id, name: session.user.name },
      });
      return reply.code(201).send({ ...label, created_at: iso(label.created_at) });
    },
  );
}
