/**
 * Housekeeping beside the scoring worker: idempotency records are answered only for 24 hours, and a session
 * ends when revoked, idle or too old; after that both are dead weight, so they are deleted every few minutes.
 * Several processes doing it at once is harmless: the deletes are idempotent.
 */
import type { FastifyBaseLogger } from 'fastify';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../domain/session-tokens.js';
import type { Store } from '../storage/store.js';

export const HOUSEKEEPING_INTERVAL_MS = 5 * 60_000;

export async function purgeExpiredIdempotencyKeys(store: Store, now: number): Promise<number> {
  const result = await store.db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sessions no token can use any more: revoked, idle past the limit, or past their absolute lifetime. */
export async function purgeEndedSessions(store: Store, now: number): Promise<number> {
  const result = await store.db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('revoked_at', 'is not', null),
        eb('last_seen_at', '<=', now - SESSION_IDLE_MS),
        eb('created_at', '<=', now - SESSION_ABSOLUTE_MS),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

async function tidy(store: Store, now: number, logger: FastifyBaseLogger): Promise<void> {
  const keys = await purgeExpiredIdempotencyKeys(store, now);
  if (keys > 0) logger.info({ deleted: keys }, 'expired idempotency records deleted');
  const sessions = await purgeEndedSessions(store, now);
  if (sessions > 0) logger.info({ deleted: sessions }, 'ended sessions deleted');
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
    running = tidy(deps.store, clock(), deps.logger).catch((error) =>
      deps.logger.warn({ err: error }, 'housekeeping failed; the next run retries'),
    );
  }, deps.intervalMs ?? HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
