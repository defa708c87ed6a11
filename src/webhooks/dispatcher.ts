/**
 * The delivery loop beside the scoring worker: claim due outbox messages with a lease, deliver each once,
 * record the attempt, and schedule the next one (Standard Webhooks schedule with jitter, honouring
 * Retry-After). 410 disables the endpoint; so do five days of failures. The hourly digest ticks here too.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../storage/store.js';
import { type AttemptRecord, type Claimed, createDeliveriesRepo } from '../storage/webhooks/deliveries.js';
import { signingSecrets } from '../storage/webhooks/endpoints.js';
import { runDigests } from '../storage/webhooks/outbox.js';
import { DEFAULT_TIMEOUT_MS, type DeliveryResult, deliver } from './delivery.js';
import type { Resolver, UrlPolicy } from './url-policy.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Delay before attempt n+1 (index n-1 → after attempt n); the first attempt is immediate. Ten attempts in all. */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  0,
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
];
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length;
/** An endpoint whose attempts have all failed for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * HOUR;
/** The longest Retry-After honoured. */
const MAX_RETRY_AFTER_MS = 24 * HOUR;

export interface DispatcherOptions {
  policy: UrlPolicy;
  timeoutMs?: number;
  /** Messages delivered at once by one process. */
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  /** Delay before the attempt after attempt n (1-based) failed; null when there is none. */
  retryDelayMs?: (attempts: number) => number | null;
  digestIntervalMs?: number;
  clock?: () => number;
  resolve?: Resolver;
}

/** ±10% jitter so a burst of failures does not retry in lockstep. */
export function standardRetryDelay(attempts: number, random: () => number = Math.random): number | null {
  const base = RETRY_SCHEDULE_MS[attempts];
  if (base === undefined) return null;
  return Math.round(base * (0.9 + 0.2 * random()));
}

/** What one attempt's result means for the message and its endpoint. */
export function decide(
  result: DeliveryResult,
  attempts: number,
  failingSince: number | null,
  now: number,
  retryDelayMs: (attempts: number) => number | null,
): AttemptRecord {
  const base = {
    statusCode: result.statusCode,
    error: result.error,
    latencyMs: result.latencyMs,
    excerpt: result.excerpt,
    attempted: true,
  };
  const status = result.statusCode;
  if (status !== null && status >= 200 && status < 300) return { ...base, outcome: 'delivered' };
  if (status === 410) return { ...base, outcome: 'failed', disableEndpoint: 'gone' };
  const failingFor = failingSince === null ? 0 : now - failingSince;
  if (failingFor >= DISABLE_AFTER_FAILING_MS) return { ...base, outcome: 'failed', disableEndpoint: 'failing' };
  const delay = retryDelayMs(attempts);
  if (delay === null) return { ...base, outcome: 'failed' };
  const retryAfter = result.retryAfterMs === null ? 0 : Math.min(result.retryAfterMs, MAX_RETRY_AFTER_MS);
  return { ...base, outcome: 'retry', nextAttemptAt: now + Math.max(delay, retryAfter) };
}

export interface Dispatcher {
  readonly id: string;
  start(): void;
  /** Something was enqueued: look now rather than at the next poll. */
  nudge(): void;
  /** Claims and delivers one batch; how many messages it handled. For tests and benchmarks. */
  runOnce(): Promise<number>;
  /** Resolves once the attempts under way have been recorded. */
  idle(): Promise<void>;
  /** One digest tick now. */
  runDigests(): Promise<number>;
  stop(): Promise<void>;
}

export function createDispatcher(store: Store, logger: FastifyBaseLogger, options: DispatcherOptions): Dispatcher {
  const clock = options.clock ?? Date.now;
  const id = `whd_${randomUUID()}`;
  const repo = createDeliveriesRepo(store, clock);
  const concurrency = options.concurrency ?? 16;
  const pollMs = options.pollMs ?? 100;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Long enough to outlast a timed-out attempt plus the write that records it.
  const leaseMs = options.leaseMs ?? timeoutMs * 2 + 30 * SECOND;
  const retryDelayMs = options.retryDelayMs ?? ((attempts: number) => standardRetryDelay(attempts));
  const digestIntervalMs = options.digestIntervalMs ?? MINUTE;

  let stopped = false;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let digestTimer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  let loop: Promise<void> = Promise.resolve();
  let digestRun: Promise<unknown> = Promise.resolve();
  const inFlight = new Set<Promise<void>>();

  async function attempt({ message, endpoint }: Claimed): Promise<void> {
    const now = clock();
    let record: AttemptRecord;
    if (!endpoint || Number(endpoint.enabled) !== 1) {
      record = {
        statusCode: null,
        error: endpoint ? `endpoint disabled (${endpoint.disabled_reason ?? 'manual'})` : 'endpoint deleted',
        latencyMs: 0,
        excerpt: null,
        outcome: 'cancelled',
        attempted: false,
      };
    } else {
      const result = await deliver(
        {
          url: endpoint.url,
          messageId: message.id,
          eventType: message.event_type,
          body: message.payload,
          secrets: signingSecrets(endpoint, now),
          timestamp: Math.floor(clock() / 1000),
        },
        { policy: options.policy, timeoutMs, ...(options.resolve ? { resolve: options.resolve } : {}), now: clock },
      );
      const failingSince = endpoint.failing_since === null ? null : Number(endpoint.failing_since);
      record = decide(result, message.attempts, failingSince, clock(), retryDelayMs);
    }
    const kept = await repo.finish(message, id, record);
    if (!kept) logger.warn({ message: message.id }, 'webhook message lease was taken over; attempt not recorded');
    else if (record.disableEndpoint) {
      logger.warn({ endpoint: message.endpoint_id, reason: record.disableEndpoint }, 'webhook endpoint disabled');
    }
  }

  function track(work: Promise<void>): void {
    const tracked = work
      .catch((error) => logger.error({ err: error }, 'webhook delivery failed to record; the lease will return it'))
      .finally(() => {
        inFlight.delete(tracked);
        wake?.();
      });
    inFlight.add(tracked);
  }

  async function runOnce(): Promise<number> {
    const room = concurrency - inFlight.size;
    if (room <= 0 || !(await repo.anyDue())) return 0;
    const claimed = await repo.claim(id, room, leaseMs);
    for (const item of claimed) track(attempt(item));
    return claimed.length;
  }

  async function run(): Promise<void> {
    while (!stopped) {
      let claimed = 0;
      try {
        claimed = await runOnce();
      } catch (error) {
        logger.error({ err: error }, 'webhook claim failed; retrying');
      }
      if (stopped) break;
      if (claimed > 0 && inFlight.size < concurrency) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, pollMs);
      });
      clearTimeout(timer);
      wake = undefined;
    }
  }

  function digestTick(): void {
    digestRun = runDigests(store, clock())
      .then((sent) => {
        if (sent > 0) {
          logger.info({ sent }, 'hourly check digests written');
          wake?.();
        }
      })
      .catch((error) => logger.error({ err: error }, 'webhook digest failed; the next tick retries'))
      .finally(() => {
        if (!stopped) digestTimer = setTimeout(digestTick, digestIntervalMs);
      });
  }

  return {
    id,
    start() {
      if (started || stopped) return;
      started = true;
      loop = run();
      digestTimer = setTimeout(digestTick, 0);
    },
    nudge() {
      wake?.();
    },
    runOnce,
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    runDigests: () => runDigests(store, clock()),
    async stop() {
      stopped = true;
      clearTimeout(digestTimer);
      wake?.();
      await loop;
      await digestRun;
      // Attempts under way finish (at most the timeout); their results are recorded.
      await Promise.all([...inFlight]);
    },
  };
}
