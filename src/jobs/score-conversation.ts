/** The scoring job: read the conversation and its checks, score outside any transaction, write atomically. */
import type { CheckCatalogue } from '../checks/catalogue.js';
import type { CheckDefinition, CheckResultDraft } from '../domain/checks.js';
import type { Environment, Outcome, ScorableConversation } from '../domain/conversation.js';
import { SCORE_CONVERSATION_JOB } from '../storage/conversation-ingest.js';
import { loadScorable, type StoredResult, writeResults } from '../storage/conversation-repo.js';
import type { Store } from '../storage/store.js';
import { enqueueScoringEvents } from '../storage/webhooks/outbox.js';
import { type JobHandler, LeaseLostError } from './job-handler.js';
import { completeJob } from './queue.js';

export interface Scorer {
  score(
    conversation: ScorableConversation,
    checks: CheckDefinition[],
  ): { outcome: Outcome | null; results: CheckResultDraft[] };
  scorerVersion(check: CheckDefinition): string;
}

function setStatus(status: 'queued' | 'evaluating' | 'failed') {
  return async (
    tx: Parameters<JobHandler['onClaimed']>[0],
    job: Parameters<JobHandler['onClaimed']>[1],
    now: number,
  ) => {
    await tx
      .updateTable('conversations')
      .set({ status, updated_at: now })
      .where('id', '=', job.subject_id)
      .where('project_id', '=', job.project_id)
      .where('environment', '=', job.environment)
      .execute();
  };
}

export function scoreConversationHandler(deps: {
  store: Store;
  catalogue: CheckCatalogue;
  scorer: Scorer;
  clock?: () => number;
}): JobHandler {
  const clock = deps.clock ?? Date.now;
  return {
    kind: SCORE_CONVERSATION_JOB,
    onClaimed: setStatus('evaluating'),
    onRequeued: setStatus('queued'),
    onFailed: setStatus('failed'),

    async run(job) {
      const scope = { projectId: job.project_id, environment: job.environment as Environment };
      const conversation = await loadScorable(deps.store.db, scope, job.subject_id);
      if (!conversation) {
        // The conversation is gone (deleted with its project): nothing left to score.
        await deps.store.write(async (tx) => {
          if (!(await completeJob(tx, job, clock()))) throw new LeaseLostError(job);
        });
        return;
      }
      const { checks, switchesBookingOn } = await deps.catalogue.applicable(
        scope.projectId,
        scope.environment,
        conversation,
      );
      const { outcome, results } = deps.scorer.score(conversation, checks);
      const byKey = new Map(checks.map((check) => [check.key, check]));
      const stored: StoredResult[] = results.flatMap((draft) => {
        const check = byKey.get(draft.check_key);
        if (!check) return [];
        return [
          {
            ...draft,
            check_name: check.name,
            check_version: check.version,
            check_status: check.status,
            scorer_version: deps.scorer.scorerVersion(check),
            check_category: check.category,
            check_severity: check.severity,
          },
        ];
      });
      await deps.store.write(async (tx) => {
        if (!(await completeJob(tx, job, clock()))) throw new LeaseLostError(job);
        if (switchesBookingOn) await deps.catalogue.recordBookingSwitch(tx, scope.projectId);
        const now = clock();
        await writeResults(tx, scope, job.subject_id, outcome, stored, now);
        // Webhook events commit with the results they report (the outbox).
        await enqueueScoringEvents(tx, scope, job.subject_id, outcome, stored, now);
      });
    },
  };
}
