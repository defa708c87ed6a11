/** The scoring job: read the conversation and its checks, score outside any transaction, write atomically. */
import type { CheckCatalogue } from '../checks/catalogue.js';
import type { CheckDefinition, CheckResultDraft } from '../domain/checks.js';
import type { Environment, Outcome, ScorableConversation } from '../domain/conversation.js';
import { SCORE_CONVERSATION_JOB } from '../storage/conversation-ingest.js';
import { createScorableReader, type StoredResult } from '../storage/conversation-repo.js';
import { prepareQuery } from '../storage/prepared.js';
import { createResultsWriter } from '../storage/results-writer.js';
import type { Store } from '../storage/store.js';
import { createScoringOutbox } from '../storage/webhooks/outbox.js';
import { type JobHandler, LeaseLostError } from './job-handler.js';
import { prepareJobCompletion } from './queue.js';

export interface Scorer {
  score(
    conversation: ScorableConversation,
    checks: CheckDefinition[],
  ): { outcome: Outcome | null; results: CheckResultDraft[] };
  scorerVersion(check: CheckDefinition): string;
}

/** The conversation's visible status follows its job; compiled once per store, as every claim runs it. */
function prepareStatusUpdate(store: Store) {
  const update = prepareQuery(store, (p) =>
    store.db
      .updateTable('conversations')
      .set({ status: p('status'), updated_at: p('now') })
      .where('id', '=', p('id'))
      .where('project_id', '=', p('project_id'))
      .where('environment', '=', p('environment')),
  );
  return (status: 'queued' | 'evaluating' | 'failed'): JobHandler['onClaimed'] =>
    async (tx, job, now) => {
      await update.execute(tx, {
        status,
        now,
        id: job.subject_id,
        project_id: job.project_id,
        environment: job.environment,
      });
    };
}

export function scoreConversationHandler(deps: {
  store: Store;
  catalogue: CheckCatalogue;
  scorer: Scorer;
  clock?: () => number;
}): JobHandler {
  const clock = deps.clock ?? Date.now;
  const loadScorable = createScorableReader(deps.store);
  const completeJob = prepareJobCompletion(deps.store);
  const resultsWriter = createResultsWriter(deps.store);
  const outbox = createScoringOutbox(deps.store);
  const setStatus = prepareStatusUpdate(deps.store);
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
        await resultsWriter.writeResults(tx, scope, job.subject_id, outcome, stored, now);
        // Webhook events commit with the results they report (the outbox).
        await outbox.enqueueScoringEvents(tx, scope, job.subject_id, outcome, stored, now);
      });
    },
  };
}
