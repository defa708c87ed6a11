/**
 * The worker loop: claims ready jobs in batches, runs up to `concurrency` at once, renews leases of long
 * jobs, and on stop finishes what is running and hands back what it had claimed but not started.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { handlerRegistry, type JobHandler, LeaseLostError } from './job-handler.js';
import type { Job, Queue } from './queue.js';

export interface WorkerOptions {
  concurrency: number;
  /** Jobs claimed per round trip; a few more than run at once keeps the worker busy between claims. */
  batchSize: number;
  /** How long to wait when the queue is empty (a nudge ends the wait early). */
  pollMs: number;
  heartbeatMs: number;
  /** An attempt that takes longer fails and is retried; its late writes are refused by the lease check. */
  attemptTimeoutMs: number;
  workerId?: string;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  concurrency: 4,
  batchSize: 16,
  pollMs: 200,
  heartbeatMs: 10_000,
  attemptTimeoutMs: 60_000,
};

export interface Worker {
  readonly id: string;
  start(): void;
  /** Wakes an idle worker: a job was just enqueued. */
  nudge(): void;
  stop(): Promise<void>;
}

class AttemptTimeout extends Error {}

export function createWorker(
  queue: Queue,
  handlers: readonly JobHandler[],
  logger: FastifyBaseLogger,
  options: WorkerOptions = DEFAULT_WORKER_OPTIONS,
): Worker {
  const id = options.workerId ?? `worker_${randomUUID().slice(0, 8)}`;
  const handlerFor = handlerRegistry(handlers);
  // Only jobs this worker can run: another worker (of another kind) in the same store runs the rest.
  const kinds = handlers.map((handler) => handler.kind);
  const running = new Set<Promise<void>>();
  let claimed: Job[] = [];
  let stopping = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  async function attempt(job: Job): Promise<void> {
    const heartbeat = setInterval(() => {
      queue.heartbeat(job).catch((error) => logger.warn({ err: error, job: job.id }, 'heartbeat failed'));
    }, options.heartbeatMs);
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        handlerFor(job.kind).run(job),
        new Promise<never>((_, reject) => {
          timeout = setTimeout(
            () => reject(new AttemptTimeout(`attempt timed out after ${options.attemptTimeoutMs} ms`)),
            options.attemptTimeoutMs,
          );
        }),
      ]);
    } catch (error) {
      if (error instanceof LeaseLostError) {
        logger.warn({ job: job.id }, 'lease lost; another worker owns the job');
        return;
      }
      const result = await queue.fail(job, error).catch((failError) => {
        logger.error({ err: failError, job: job.id }, 'could not record a failed attempt; the lease will expire');
        return 'lost' as const;
      });
      logger.warn({ err: error, job: job.id, attempts: job.attempts, result }, 'job attempt failed');
    } finally {
      clearInterval(heartbeat);
      clearTimeout(timeout);
    }
  }

  function launch(job: Job): void {
    const task = attempt(job).finally(() => {
      running.delete(task);
      wake?.();
    });
    running.add(task);
  }

  async function run(): Promise<void> {
    while (!stopping) {
      if (claimed.length === 0 && running.size < options.concurrency) {
        try {
          claimed = await queue.claim(id, options.batchSize, kinds);
        } catch (error) {
          logger.error({ err: error }, 'could not claim jobs; retrying');
          await pause(options.pollMs * 5);
          continue;
        }
      }
      while (claimed.length > 0 && running.size < options.concurrency && !stopping) {
        launch(claimed.shift() as Job);
      }
      if (stopping) break;
      // Idle, or at capacity: wait for a nudge, a finished job, or the poll interval.
      if (claimed.length === 0 || running.size >= options.concurrency) await pause(options.pollMs);
    }
  }

  return {
    id,
    start() {
      if (!loop) loop = run();
    },
    nudge() {
      wake?.();
    },
    async stop() {
      stopping = true;
      wake?.();
      await loop;
      await Promise.allSettled([...running]);
      const unstarted = claimed;
      claimed = [];
      await Promise.allSettled(unstarted.map((job) => queue.release(job)));
    },
  };
}
