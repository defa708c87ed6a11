/** Which storage failures mean "the store is unreachable for now" (503) rather than a fault of ours (500). */

const UNAVAILABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
]);
/** PostgreSQL SQLSTATEs: connection exceptions, insufficient resources, operator intervention. */
const UNAVAILABLE_SQLSTATE_PREFIXES = ['08', '53', '57P'];
const UNAVAILABLE_SQLITE_CODES = ['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_IOERR', 'SQLITE_FULL', 'SQLITE_CANTOPEN'];
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'The database connection is not open',
  'driver has already been destroyed',
  'Cannot use a pool after calling end',
];

/** Raised by our own storage code when the store cannot be reached for now (e.g. its thread is restarting). */
export class StoreUnavailableError extends Error {}

export function isStoreUnavailable(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_NETWORK_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE_PREFIXES.some((p) => code.startsWith(p))) return true;
    if (UNAVAILABLE_SQLITE_CODES.some((p) => code.startsWith(p))) return true;
  }
  if (error instanceof AggregateError && error.errors.some(isStoreUnavailable)) return true;
  return UNAVAILABLE_MESSAGES.some((m) => error.message.includes(m));
}

/** A concurrent transaction got in the way; the unit can simply run again. */
export function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01';
}
