/**
 * The scoring writes of every job that finishes scoring in the same event-loop turn, in one transaction:
 * each job's lease is checked (its `done` commits with its results, as before), then all results are
 * written, each agent's health is re-evaluated once and each group once, and the webhook endpoints of a
 * scope are read once. Per conversation that saves the agent's and group's re-evaluation and, on
 * PostgreSQL, a transaction's round trips.
 *
 * One job must not fail the others: when the shared transaction fails (a lost lease, a bad row), it is
 * rolled back and each job is written again alone, so only the failing one fails.
 */
import type { Kysely } from 'kysely';
import type { CheckCatalogue } from '../checks/catalogue.js';
import type { ResultsWriter } from '../storage/results-writer.js';
import type { Database } from '../storage/schema.js';
import type { Store } from '../storage/store.js';
import type { Scope, StoredResult } from '../storage/types.js';
import type { ScoringOutbox } from '../storage/webhooks/outbox.js';
import { LeaseLostError } from './job-handler.js';
import type { Job } from './queue.js';

/** One job's scored conversation, ready to be written. */
export interface ScoredJob {
  job: Job;
  scope: Scope;
  conversationId: string;
  outcome: string | null;
  results: readonly StoredResult[];
  switchesBookingOn: boolean;
}

export interface ScoringBatchDeps {
  store: Store;
  catalogue: Pick<CheckCatalogue, 'recordBookingSwitch'>;
  resultsWriter: Pick<ResultsWriter, 'writeMany'>;
  outbox: Pick<ScoringOutbox, 'enqueueScoringEventsOfBatch'>;
  /** Marks the job done inside `tx`; false when its lease was taken over. */
  completeJob: (tx: Kysely<Database>, job: Job, now: number) => Promise<boolean>;
  clock: () => number;
  /**
   * Jobs per transaction; the rest of a turn's jobs go in further transactions at the same time. PostgreSQL
   * runs a transaction's statements one round trip after another on one connection, so several smaller
   * transactions on several connections finish sooner; SQLite has one writer, so one transaction is best.
   */
  maxBatch?: number;
}

interface Pending {
  item: ScoredJob;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export function createScoringBatchWriter(deps: ScoringBatchDeps) {
  let queue: Pending[] = [];
  let scheduled = false;

  function write(items: readonly ScoredJob[]): Promise<void> {
    return deps.store.write(async (tx) => {
      for (const item of items) {
        if (!(await deps.completeJob(tx, item.job, deps.clock()))) throw new LeaseLostError(item.job);
      }
      const bookingProjects = new Set(items.filter((i) => i.switchesBookingOn).map((i) => i.scope.projectId));
      for (const projectId of bookingProjects) await deps.catalogue.recordBookingSwitch(tx, projectId);
      const now = deps.clock();
      await deps.resultsWriter.writeMany(tx, items, now);
      // Webhook events commit with the results they report (the outbox).
      await deps.outbox.enqueueScoringEventsOfBatch(tx, items, now);
    });
  }

  async function flush(): Promise<void> {
    const all = queue;
    queue = [];
    scheduled = false;
    const size = deps.maxBatch ?? all.length;
    const batches: Pending[][] = [];
    for (let i = 0; i < all.length; i += size) batches.push(all.slice(i, i + size));
    await Promise.all(batches.map(writeBatch));
  }

  async function writeBatch(batch: Pending[]): Promise<void> {
    try {
      await write(batch.map((pending) => pending.item));
      for (const pending of batch) pending.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      await Promise.all(batch.map((pending) => write([pending.item]).then(pending.resolve, pending.reject)));
    }
  }

  return {
    /** Resolves once the job's results have committed; rejects with LeaseLostError when its lease was lost. */
    submit(item: ScoredJob): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => void flush());
        }
      });
    },
  };
}
