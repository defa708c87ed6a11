/** Guards for values that are stored as-is: what the database or JSON.stringify cannot take must be a 422, not a 500. */
import { z } from 'zod';

/** Nesting deeper than this is refused; JSON.stringify overflows the stack in the thousands. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a JSON value nests deeper than `limit`. The recursion stops at the limit, so hostile input cannot
 * overflow the stack however deep it goes; it runs on every event and metadata object, so it allocates nothing.
 */
export function jsonDepthExceeds(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (limit <= 0) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (jsonDepthExceeds(item, limit - 1)) return true;
    return false;
  }
  for (const key in value) {
    if (jsonDepthExceeds((value as Record<string, unknown>)[key], limit - 1)) return true;
  }
  return false;
}

export const depthMessage = `must not nest deeper than ${MAX_JSON_DEPTH} levels`;

/** PostgreSQL text cannot hold U+0000, so strings stored in their own column refuse it on both backends. */
export function storableText(text: string | undefined): boolean {
  return text === undefined || !text.includes('\u0000');
}

export function storedString(requiredMessage?: string) {
  return z
    .string(requiredMessage ? { message: requiredMessage } : undefined)
    .refine(storableText, { message: 'must not contain the NUL character (U+0000)' });
}
