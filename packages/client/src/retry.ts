/**
 * The specification's retry rules (Errors, rule 4), in one place: retry network errors, 408, 429 and 5xx,
 * at most 3 times, with exponential backoff plus jitter (0.5 s, 1 s, 2 s, each plus up to half again), or
 * exactly `Retry-After` when the answer carries it; and only safe requests: GETs, and
 * `POST /v1/conversations` with an `Idempotency-Key`. Never feedback, never any other 4xx.
 */

/** The specification's client retry budget. */
export const MAX_RETRIES = 3;
export const BASE_DELAY_MS = 500;
/** A `Retry-After` longer than this is not waited for: the error is thrown and the caller decides. */
export const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Whether a request may be sent again without risk of doing twice what was meant once. */
export function isSafeToRetry(method: string, path: string, idempotencyKey: string | undefined): boolean {
  const upper = method.toUpperCase();
  if (upper === 'GET' || upper === 'HEAD') return true;
  return upper === 'POST' && path === '/v1/conversations' && idempotencyKey !== undefined && idempotencyKey !== '';
}

/** The wait before retry number `retry` (1, 2, 3): 0.5, 1, 2 s, plus a random share of up to half of that. */
export function backoffMs(retry: number, random: () => number, baseMs = BASE_DELAY_MS): number {
  const exponential = baseMs * 2 ** (retry - 1);
  return Math.round(exponential + exponential * 0.5 * random());
}
