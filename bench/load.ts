/** Drives load with autocannon's programmatic API and boils a run down to the numbers the report needs. */
import { randomBytes } from 'node:crypto';
import autocannon, { type RequestParams } from 'autocannon';
import type { Target } from './targets.js';

export interface Measurement {
  target: string;
  connections: number;
  /** Mean of autocannon's per-second request counts. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Responses with status 202, i.e. conversations the server says it stored. */
  accepted: number;
}

/** Distinguishes this run's ids from any earlier run's, should a store ever be reused. */
const runTag = randomBytes(4).toString('hex');
/** Shared by every run so no two requests of this process ever carry the same id or Idempotency-Key. */
let sequence = 0;

/**
 * Each request gets a fresh external_id (otherwise all but the first would be stored as duplicates) and a
 * fresh Idempotency-Key (so every request takes the idempotency path: claim, hash, record).
 */
function uniqueRequest(bodyFor: (externalId: string) => string) {
  return (request: RequestParams): RequestParams => {
    const id = `bench-${runTag}-${++sequence}`;
    request.headers['idempotency-key'] = id;
    request.body = bodyFor(`call-${id}`);
    return request;
  };
}

export async function runLoad(
  target: Target,
  connections: number,
  seconds: number,
  bodyFor: (externalId: string) => string,
): Promise<Measurement> {
  const instance = autocannon({
    url: target.url,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: '/v1/conversations',
        headers: { authorization: `Bearer ${target.apiKey}`, 'content-type': 'application/json' },
        setupRequest: uniqueRequest(bodyFor),
      },
    ],
  });
  // autocannon's latency histogram keeps whole milliseconds; sub-millisecond answers would all read 0 or 1,
  // so the exact response times are kept here for the percentiles.
  const latencies: number[] = [];
  instance.on('response', (_client, _status, _bytes, responseTimeMs) => latencies.push(responseTimeMs));
  const result = await instance;

  return {
    target: target.name,
    connections,
    requestsPerSecond: result.requests.mean,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    non2xx: result.non2xx,
    errors: result.errors,
    accepted: result.statusCodeStats['202']?.count ?? 0,
  };
}

/** Nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}
