/**
 * Housekeeping beside the scoring worker: idempotency records are answered only for 24 hours, after which
 * they are dead weight, so expired ones are deleted every few minutes (through the expiry index). Several
 * processes doing it at once is harmless: the delete is idempotent.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../storage/store.js';

export const HOUSEKEEPING_INTERVAL_MS = 5 * 60_000;

export async function purgeExpiredIdempotencyKeys(store: Store, now: number): Promise<number> {
  const result = await store.db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function startHousekeeping(deps: {
  store: Store;
  logger: FastifyBaseLogger;
  clock?: () => number;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  const clock = deps.clock ?? Date.now;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = purgeExpiredIdempotencyKeys(deps.store, clock())
      .then((deleted) => {
        if (deleted > 0) deps.logger.info({ deleted }, 'expired idempotency records deleted');
      })
      .catch((error) => deps.logger.warn({ err: error }, 'housekeeping failed; the next run retries'));
  }, deps.intervalMs ?? HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
