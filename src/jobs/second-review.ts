/**
 * Second review as a job kind of its own. The scoring job scores with the model; when something should go to
 * the judge, it stores the model's results as pending and queues a `second_review` job in the same
 * transaction, and the conversation stays `evaluating`. The review job, run by a worker of its own (its slots
 * wait on the network, never on the scoring worker's), asks the judge and writes the final results exactly as
 * scoring does: results, `done`, health and webhooks in one transaction, so webhooks report the judged results
 * once. If the review job itself fails every attempt, the model's results are written anyway: the judge never
 * fails a conversation.
 */
import type { Kysely } from 'kysely';
import type { CheckCatalogue } from '../checks/catalogue.js';
import type { Environment } from '../domain/conversation.js';
import type { PendingReview, Reviewer, ReviewOutcome, RouteInput, StoredResult } from '../judge/reviewer.js';
import { createScorableReader } from '../storage/conversation-repo.js';
import type { JudgeUsageRepo } from '../storage/judge-usage-repo.js';
import { createResultsWriter } from '../storage/results-writer.js';
import type { Database } from '../storage/schema.js';
import type { Store } from '../storage/store.js';
import { createScoringOutbox } from '../storage/webhooks/outbox.js';
import { type JobHandler, LeaseLostError } from './job-handler.js';
import { type Job, prepareJobCompletion } from './queue.js';
import { createScoringBatchWriter } from './scoring-batch.js';

export const SECOND_REVIEW_JOB = 'second_review';

export function reviewJobIdFor(conversationId: string): string {
  return `rev_${conversationId.replace(/^conv_/, '')}`;
}

async function readPending(ex: Kysely<Database>, job: Job): Promise<PendingReview | null> {
  const row = await ex
    .selectFrom('second_reviews')
    .select('payload')
    .where('conversation_id', '=', job.subject_id)
    .where('project_id', '=', job.project_id)
    .where('environment', '=', job.environment)
    .executeTakeFirst();
  return row ? (JSON.parse(row.payload) as PendingReview) : null;
}

async function deletePending(tx: Kysely<Database>, job: Job): Promise<void> {
  await tx
    .deleteFrom('second_reviews')
    .where('conversation_id', '=', job.subject_id)
    .where('project_id', '=', job.project_id)
    .execute();
}

/** What the scoring job asks: write now (these results), or leave it to the review job (already queued). */
export interface SecondReviewRouting {
  route(job: Job, input: RouteInput): Promise<'queued' | StoredResult[]>;
}

export function createSecondReviewRouting(deps: {
  store: Store;
  reviewer: Pick<Reviewer, 'route'>;
  clock?: () => number;
  /** A review job was queued: a worker in this process can start on it at once. */
  onQueued?: () => void;
}): SecondReviewRouting {
  const clock = deps.clock ?? Date.now;
  const completeJob = prepareJobCompletion(deps.store);
  return {
    async route(job, input) {
      const routed = await deps.reviewer.route(input);
      if (routed.kind === 'now') return routed.results;
      await deps.store.write(async (tx) => {
        const now = clock();
        if (!(await completeJob(tx, job, now))) throw new LeaseLostError(job);
        await deletePending(tx, job);
        await tx
          .insertInto('second_reviews')
          .values({
            conversation_id: job.subject_id,
            project_id: job.project_id,
            environment: job.environment,
            payload: JSON.stringify(routed.pending),
            created_at: now,
          })
          .execute();
        const id = reviewJobIdFor(job.subject_id);
        const fresh = {
          status: 'queued',
          attempts: 0,
          run_at: now,
          lease_until: null,
          locked_by: null,
          last_error: null,
          updated_at: now,
        };
        const requeued = await tx.updateTable('jobs').set(fresh).where('id', '=', id).executeTakeFirst();
        if (requeued.numUpdatedRows === 0n) {
          await tx
            .insertInto('jobs')
            .values({
              id,
              kind: SECOND_REVIEW_JOB,
              project_id: job.project_id,
              environment: job.environment,
              subject_id: job.subject_id,
              created_at: now,
              ...fresh,
            })
            .execute();
        }
      });
      deps.onQueued?.();
      return 'queued';
    },
  };
}

export function secondReviewHandler(deps: {
  store: Store;
  catalogue: Pick<CheckCatalogue, 'recordBookingSwitch'>;
  reviewer: Pick<Reviewer, 'review' | 'recorded'>;
  usage: Pick<JudgeUsageRepo, 'recordCalls' | 'rememberIn'>;
  clock?: () => number;
}): JobHandler {
  const clock = deps.clock ?? Date.now;
  const loadScorable = createScorableReader(deps.store);
  const complete = prepareJobCompletion(deps.store);
  const resultsWriter = createResultsWriter(deps.store);
  const outbox = createScoringOutbox(deps.store);
  // What each review cost, written with its results: one write per conversation, not one per judge call.
  const costs = new Map<string, ReviewOutcome['usage']>();
  // The pending row goes with the job's completion, in the transaction that writes the results.
  const completeJob = async (tx: Kysely<Database>, job: Job, now: number) => {
    if (!(await complete(tx, job, now))) return false;
    await deletePending(tx, job);
    const cost = costs.get(job.id);
    if (cost) {
      await deps.usage.recordCalls(tx, job.project_id, cost.calls, now);
      for (const { cacheKey, answer } of cost.remember)
        await deps.usage.rememberIn(tx, job.project_id, cacheKey, answer, now);
    }
    return true;
  };
  const batchWriter = createScoringBatchWriter({
    store: deps.store,
    catalogue: deps.catalogue,
    resultsWriter,
    outbox,
    completeJob,
    clock,
    ...(deps.store.dialect === 'postgres' ? { maxBatch: 4 } : {}),
  });
  const scopeOf = (job: Job) => ({ projectId: job.project_id, environment: job.environment as Environment });

  return {
    kind: SECOND_REVIEW_JOB,
    // The conversation is `evaluating` from its scoring job until the review writes it `done`.
    onClaimed: async () => {},
    onRequeued: async () => {},
    /** Every attempt failed (the store, not the judge): the model's results are written as they were. */
    async onFailed(tx, job, now) {
      const pending = await readPending(tx, job);
      if (!pending) return;
      const results = pending.results.map((result, position) =>
        pending.review.some((item) => item.position === position)
          ? { ...result, reason: `${result.reason ?? ''} (Second review did not happen: it failed.)`.trim() }
          : result,
      );
      const item = { scope: scopeOf(job), conversationId: job.subject_id, outcome: pending.outcome, results };
      await resultsWriter.writeMany(tx, [item], now);
      await outbox.enqueueScoringEventsOfBatch(tx, [item], now);
      await deletePending(tx, job);
    },

    async run(job) {
      const scope = scopeOf(job);
      const [pending, conversation] = await Promise.all([
        readPending(deps.store.db, job),
        loadScorable(deps.store.db, scope, job.subject_id),
      ]);
      if (!pending || !conversation) {
        // Already written (a duplicate job), or the conversation is gone: nothing left to review.
        await deps.store.write(async (tx) => {
          if (!(await completeJob(tx, job, clock()))) throw new LeaseLostError(job);
        });
        return;
      }
      const { outcome, results, usage } = await deps.reviewer.review(job.project_id, conversation, pending);
      costs.set(job.id, usage);
      try {
        await batchWriter.submit({
          job,
          scope,
          conversationId: job.subject_id,
          outcome,
          results,
          switchesBookingOn: pending.switchesBookingOn,
        });
      } finally {
        costs.delete(job.id);
        deps.reviewer.recorded(job.project_id, usage.calls);
      }
    },
  };
}
