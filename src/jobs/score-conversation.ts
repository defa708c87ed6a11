/** The scoring job: read the conversation and its checks, score outside any transaction, write atomically. */

import type { Kysely } from 'kysely';
import type { CheckCatalogue } from '../checks/catalogue.js';
import type { CheckDefinition, CheckResultDraft } from '../domain/checks.js';
import type { Environment, Outcome, ScorableConversation } from '../domain/conversation.js';
import { SCORE_CONVERSATION_JOB } from '../storage/conversation-ingest.js';
import { createScorableReader } from '../storage/conversation-repo.js';
import { prepareQuery } from '../storage/prepared.js';
import { createResultsWriter } from '../storage/results-writer.js';
import type { Database } from '../storage/schema.js';
import type { Store } from '../storage/store.js';
import type { StoredResult } from '../storage/types.js';
import { createScoringOutbox } from '../storage/webhooks/outbox.js';
import { type JobHandler, LeaseLostError } from './job-handler.js';
import { type Job, prepareJobCompletion } from './queue.js';
import { createScoringBatchWriter } from './scoring-batch.js';
import type { SecondReviewRouting } from './second-review.js';

export interface Scorer {
  score(
    conversation: ScorableConversation,
    checks: CheckDefinition[],
  ): { outcome: Outcome | null; results: CheckResultDraft[] };
  scorerVersion(check: CheckDefinition): string;
}

type StatusUpdate = (tx: Kysely<Database>, job: Job, now: number) => Promise<void>;

/** The conversation's visible status follows its job: claimed, handed back, failed. */
function prepareStatusUpdate(store: Store) {
  const update = prepareQuery(store, (p) =>
    store.db
      .updateTable('conversations')
      .set({ status: p('status'), updated_at: p('now') })
      .where('id', '=', p('id'))
      .where('project_id', '=', p('project_id'))
      .where('environment', '=', p('environment')),
  );
  return (status: 'queued' | 'evaluating' | 'failed'): StatusUpdate =>
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

/**
 * A claim's conversations become `evaluating`. On PostgreSQL, in one statement per project and environment
 * (a claim takes up to a batch of jobs, and one statement each was a round trip each). On SQLite, one
 * statement per conversation, by its key: statements cost no round trip there, and for an `id in (...)` list
 * SQLite's planner, without statistics, chose the (project, environment) index and read every conversation
 * of the project on each claim.
 */
function markEvaluating(store: Store, setEvaluating: StatusUpdate): JobHandler['onClaimed'] {
  if (store.dialect === 'sqlite') {
    return async (tx, jobs, now) => {
      for (const job of jobs) await setEvaluating(tx, job, now);
    };
  }
  return async (tx, jobs, now) => {
    const byScope = new Map<string, Job[]>();
    for (const job of jobs) {
      const key = `${job.project_id}\u0000${job.environment}`;
      const list = byScope.get(key);
      if (list) list.push(job);
      else byScope.set(key, [job]);
    }
    for (const scoped of byScope.values()) {
      const [first] = scoped as [Job];
      await tx
        .updateTable('conversations')
        .set({ status: 'evaluating', updated_at: now })
        .where('project_id', '=', first.project_id)
        .where('environment', '=', first.environment)
        .where(
          'id',
          'in',
          scoped.map((job) => job.subject_id),
        )
        .execute();
    }
  };
}

/** See ScoringBatchDeps.maxBatch: CQM_WORKER_CONCURRENCY's jobs go in several transactions of four. */
const POSTGRES_JOBS_PER_TRANSACTION = 4;

export function scoreConversationHandler(deps: {
  store: Store;
  catalogue: CheckCatalogue;
  scorer: Scorer;
  clock?: () => number;
  /** The LLM judge's second review and plain-language checks; absent, results are written as the model left them. */
  secondReview?: SecondReviewRouting;
}): JobHandler {
  const clock = deps.clock ?? Date.now;
  const loadScorable = createScorableReader(deps.store);
  const completeJob = prepareJobCompletion(deps.store);
  const batchWriter = createScoringBatchWriter({
    store: deps.store,
    catalogue: deps.catalogue,
    resultsWriter: createResultsWriter(deps.store),
    outbox: createScoringOutbox(deps.store),
    completeJob,
    clock,
    ...(deps.store.dialect === 'postgres' ? { maxBatch: POSTGRES_JOBS_PER_TRANSACTION } : {}),
  });
  const setStatus = prepareStatusUpdate(deps.store);
  return {
    kind: SCORE_CONVERSATION_JOB,
    onClaimed: markEvaluating(deps.store, setStatus('evaluating')),
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
      // A conversation that waits for the judge is written by its second-review job instead.
      const routed = deps.secondReview
        ? await deps.secondReview.route(job, {
            projectId: scope.projectId,
            conversationId: job.subject_id,
            conversation,
            checks,
            outcome,
            results: stored,
            switchesBookingOn,
          })
        : stored;
      if (routed === 'queued') return;
      // Written with the other jobs scored in this turn; the lease is still checked per job.
      await batchWriter.submit({
        job,
        scope,
        conversationId: job.subject_id,
        outcome,
        results: routed,
        switchesBookingOn,
      });
    },
  };
}
