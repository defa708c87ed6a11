import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { plainJobError } from '../../../domain/job-errors.js';
import type { ConversationReviewRepo } from '../../../storage/conversation-review-repo.js';
import type { AppApiDeps } from '../../deps.js';
import { iso } from '../../scope.js';
import { conversationParams, conversationUrl, locateConversation } from './shared.js';

/** As the list reckons it: started_at to ended_at, else the latest turn's end_ms, else unknown. */
function durationMs(
  startedAt: string | null,
  endedAt: string,
  transcript: readonly { end_ms?: number }[],
): number | null {
  if (startedAt !== null) {
    const ms = Date.parse(endedAt) - Date.parse(startedAt);
    if (Number.isFinite(ms) && ms >= 0) return ms;
  }
  const ends = transcript.map((turn) => turn.end_ms).filter((end): end is number => typeof end === 'number');
  return ends.length > 0 ? Math.max(...ends) : null;
}

/** The conversation view's data: the conversation, its results with their checks' category, labels and job state. */
export function registerGetConversation(app: ZodApp, deps: AppApiDeps & { review: ConversationReviewRepo }): void {
  app.get('/:environment/conversations/:id', { schema: { params: conversationParams } }, async (request) => {
    const scope = await locateConversation(deps, request, request.params);
    const id = request.params.id;
    const [conversation, categories, labels, job, checks] = await Promise.all([
      deps.conversations.find(scope, id),
      deps.review.resultCategories(scope, id),
      deps.review.labels(scope, id),
      deps.review.job(id),
      deps.catalogue.list(scope.projectId),
    ]);
    // A multiple-choice check's options, so a label can name any of them (not only the scored choice).
    const choices = new Map(
      checks
        .filter(({ check }) => check.kind === 'multiple_choice')
        .map(({ check }) => [check.key, check.options ?? null]),
    );
    if (!conversation || conversation.id !== id) {
      throw new ApiError('not_found', `No conversation ${id} in the ${scope.environment} environment.`);
    }
    const { transcript, events, metadata, results, ...summary } = conversation;
    const failedChecks = results.filter((r) => r.verdict === 'fail').map((r) => r.check_key);
    const frustration = results.find((r) => r.check_key === 'frustration')?.score ?? null;
    return {
      project_id: scope.projectId,
      ...summary,
      duration_ms: durationMs(conversation.started_at, conversation.ended_at, transcript),
      failed_checks: failedChecks,
      frustration,
      dashboard_url: conversationUrl(deps.config.publicUrl, scope.environment, id),
      transcript,
      events,
      metadata,
      results: results.map((r) => ({
        ...r,
        check_category: categories.get(r.check_key)?.category ?? null,
        check_severity: categories.get(r.check_key)?.severity ?? null,
        check_choices: choices.get(r.check_key) ?? null,
      })),
      labels: labels.map((label) => ({ ...label, created_at: iso(label.created_at) })),
      last_error: conversation.status === 'failed' ? plainJobError(job?.last_error ?? null, job?.attempts ?? 0) : null,
      attempts: job?.attempts ?? 0,
    };
  });
}
