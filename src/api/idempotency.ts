import type { FastifyRequest } from 'fastify';
import type { IdempotencyClaim } from '../storage/types.js';
import { validationError } from './errors.js';
import { LIMITS } from './schemas/limits.js';

/** Records live a day: long enough for any client's retries, short enough not to pin keys forever. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * The claim a request makes with its Idempotency-Key header, or null without one. A retry must send the
 * same bytes: the ingest unit compares bodies by their SHA-256, so the same key with another body answers 409.
 */
export function idempotencyClaim(request: FastifyRequest): IdempotencyClaim | null {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (key === undefined) return null;
  const value = Array.isArray(key) ? key.join(', ') : key;
  if (value.length === 0 || value.length > LIMITS.idempotencyKeyLength) {
    throw validationError({
      'headers.Idempotency-Key': [`must be 1 to ${LIMITS.idempotencyKeyLength} characters`],
    });
  }
  return { key: value, ttlMs: IDEMPOTENCY_TTL_MS };
}
