import type { Job, SubjectHooks } from './queue.js';

/** One kind of job: what it does, and how its subject's visible state follows the queue. */
export interface JobHandler extends SubjectHooks {
  kind: string;
  /** Does the work and completes the job in the same transaction as its writes. */
  run(job: Job): Promise<void>;
}

/** Thrown when the lease was taken over mid-job: the work is abandoned and its writes rolled back. */
export class LeaseLostError extends Error {
  constructor(job: Job) {
    super(`lease on job ${job.id} was lost`);
  }
}

/** Looks handlers up by job kind; a job of an unknown kind is a deployment mistake worth failing loudly. */
export function handlerRegistry(handlers: readonly JobHandler[]): (kind: string) => JobHandler {
  const byKind = new Map(handlers.map((handler) => [handler.kind, handler]));
  return (kind) => {
    const handler = byKind.get(kind);
    if (!handler) throw new Error(`no handler for job kind ${kind}`);
    return handler;
  };
}
