/**
 * The durable job queue: rows in the same database as the work, claimed with a lease. A worker that dies
 * simply stops renewing its lease; once it runs out, another worker claims the job again.
 */
import type { Kysely, Updateable } from 'kysely';
import { prepareQuery } from '../storage/prepared.js';
import type { Database, JobsTable } from '../storage/schema.js';
import type { Store } from '../storage/store.js';

export const MAX_ATTEMPTS = 5;

export interface Job {
  id: string;
  kind: string;
  project_id: string;
  environment: string;
  subject_id: string;
  attempts: number;
  locked_by: string;
}

export interface QueueOptions {
  leaseMs: number;
  /** Delay before attempt n+1 after n failed attempts. */
  backoffMs: (attempts: number) => number;
}

/** 1 s, 4 s, 16 s, 64 s with ±20% jitter, so a burst of failures does not retry in lockstep. */
export function exponentialBackoff(attempts: number, random: () => number = Math.random): number {
  const base = 1000 * 4 ** Math.max(0, attempts - 1);
  return Math.round(base * (0.8 + 0.4 * random()));
}

export const DEFAULT_QUEUE_OPTIONS: QueueOptions = { leaseMs: 30_000, backoffMs: exponentialBackoff };

/** What a kind of job does to its subject's visible state when the queue moves the job. */
export interface SubjectHooks {
  /** All jobs of this kind one claim took, so that their subjects can move in one statement. */
  onClaimed(tx: Kysely<Database>, jobs: readonly Job[], now: number): Promise<void>;
  onRequeued(tx: Kysely<Database>, job: Job, now: number): Promise<void>;
  onFailed(tx: Kysely<Database>, job: Job, now: number): Promise<void>;
}

/** Only the worker holding the lease may move a running job; a worker whose lease was taken over gets false. */
async function moveOwnedJob(tx: Kysely<Database>, job: Job, set: Updateable<JobsTable>, now: number): Promise<boolean> {
  const result = await tx
    .updateTable('jobs')
    .set({ ...set, updated_at: now })
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .where('locked_by', '=', job.locked_by)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Finishes a job inside `tx` together with the work's own writes. The returned function answers false, and
 * the caller must roll back, when the lease was taken over: that is what keeps a conversation scored exactly
 * once. Compiled once per store: every job runs it.
 */
export function prepareJobCompletion(store: Store): (tx: Kysely<Database>, job: Job, now: number) => Promise<boolean> {
  const complete = prepareQuery(store, (p) =>
    store.db
      .updateTable('jobs')
      .set({ status: 'done', lease_until: null, last_error: null, updated_at: p('now') })
      .where('id', '=', p('id'))
      .where('status', '=', 'running')
      .where('locked_by', '=', p('locked_by'))
      .returning('id'),
  );
  return async (tx, job, now) => (await complete.execute(tx, { id: job.id, locked_by: job.locked_by, now })).length > 0;
}

function groupByKind(jobs: readonly Job[]): Map<string, Job[]> {
  const byKind = new Map<string, Job[]>();
  for (const job of jobs) {
    const list = byKind.get(job.kind);
    if (list) list.push(job);
    else byKind.set(job.kind, [job]);
  }
  return byKind;
}

export function createQueue(
  store: Store,
  hooksFor: (kind: string) => SubjectHooks,
  options: QueueOptions = DEFAULT_QUEUE_OPTIONS,
  clock: () => number = Date.now,
) {
  function toJob(
    row: Pick<JobsTable, 'id' | 'kind' | 'project_id' | 'environment' | 'subject_id' | 'locked_by'> & {
      attempts: number;
    },
  ): Job {
    return { ...row, locked_by: row.locked_by ?? '' };
  }

  const moveOwned = (tx: Kysely<Database>, job: Job, set: Updateable<JobsTable>) => moveOwnedJob(tx, job, set, clock());

  return {
    /**
     * Claims up to `limit` ready jobs: queued ones that are due, and running ones whose lease ran out.
     * On PostgreSQL concurrent claimers skip each other's rows (FOR UPDATE SKIP LOCKED); SQLite has one writer.
     * With `kinds`, only jobs of those kinds.
     */
    claim(workerId: string, limit: number, kinds?: readonly string[]): Promise<Job[]> {
      return store.write(async (tx) => {
        const now = clock();
        // Two queries, each an ordered range of the (status, run_at) index that stops after `limit` rows:
        // one query with "queued and due OR running and expired" read every due job of the backlog and
        // sorted them for each claim, so claiming slowed down as the backlog grew.
        const take = async (ready: ReturnType<typeof readyIds>): Promise<Job[]> => {
          const rows = await tx
            .updateTable('jobs')
            .set((eb) => ({
              status: 'running',
              locked_by: workerId,
              lease_until: now + options.leaseMs,
              attempts: eb('attempts', '+', 1),
              updated_at: now,
            }))
            .where('id', 'in', ready)
            .returning(['id', 'kind', 'project_id', 'environment', 'subject_id', 'attempts', 'locked_by'])
            .execute();
          return rows.map(toJob);
        };
        const readyIds = (status: 'queued' | 'running', max: number) =>
          tx
            .selectFrom('jobs')
            .select('id')
            .where('status', '=', status)
            .$if(status === 'queued', (qb) => qb.where('run_at', '<=', now))
            .$if(status === 'running', (qb) => qb.where('lease_until', '<', now))
            // A worker claims only the kinds it has handlers for (scoring and second review run apart).
            .$if(kinds !== undefined, (qb) => qb.where('kind', 'in', kinds as readonly string[]))
            .orderBy('run_at')
            .limit(max)
            .$if(store.dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
        // Jobs whose worker died first: they have waited longest.
        const jobs = await take(readyIds('running', limit));
        if (jobs.length < limit) jobs.push(...(await take(readyIds('queued', limit - jobs.length))));
        for (const [kind, ofKind] of groupByKind(jobs)) await hooksFor(kind).onClaimed(tx, ofKind, now);
        return jobs;
      });
    },

    /** Extends the lease of a long job; false when the lease was lost (the job must stop writing). */
    heartbeat(job: Job): Promise<boolean> {
      return store.write((tx) => moveOwned(tx, job, { lease_until: clock() + options.leaseMs }));
    },

    /** An attempt failed: retry with backoff, or after the last attempt mark the job and its subject failed. */
    fail(job: Job, error: unknown): Promise<'retrying' | 'failed' | 'lost'> {
      return store.write(async (tx) => {
        const now = clock();
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
        if (job.attempts >= MAX_ATTEMPTS) {
          if (!(await moveOwned(tx, job, { status: 'failed', lease_until: null, last_error: message }))) return 'lost';
          await hooksFor(job.kind).onFailed(tx, job, now);
          return 'failed';
        }
        const run_at = now + options.backoffMs(job.attempts);
        if (
          !(await moveOwned(tx, job, {
            status: 'queued',
            run_at,
            lease_until: null,
            locked_by: null,
            last_error: message,
          }))
        ) {
          return 'lost';
        }
        await hooksFor(job.kind).onRequeued(tx, job, now);
        return 'retrying';
      });
    },

    /** Graceful shutdown: hand an unfinished job back without counting the attempt. */
    release(job: Job): Promise<void> {
      return store.write(async (tx) => {
        const now = clock();
        const released = await tx
          .updateTable('jobs')
          .set((eb) => ({
            status: 'queued',
            run_at: now,
            lease_until: null,
            locked_by: null,
            attempts: eb('attempts', '-', 1),
            updated_at: now,
          }))
          .where('id', '=', job.id)
          .where('status', '=', 'running')
          .where('locked_by', '=', job.locked_by)
          .executeTakeFirst();
        if (released.numUpdatedRows > 0n) await hooksFor(job.kind).onRequeued(tx, job, now);
      });
    },
  };
}

export type Queue = ReturnType<typeof createQueue>;
