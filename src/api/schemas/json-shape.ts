/** Guards for values that are stored as-is: what the database or JSON.stringify cannot take must be a 422, not a 500. */
import { z } from 'zod';

/** Nesting deeper than this is refused; JSON.stringify overflows the stack in the thousands. */
export const MAX_JSON_DEPTH = 64;

/** How deep a JSON value nests, counted without recursion so that hostile input cannot overflow the stack. */
export function jsonDepthExceeds(value: unknown, limit: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

export const depthMessage = `must not nest deeper than ${MAX_JSON_DEPTH} levels`;

/** PostgreSQL text cannot hold U+0000, so strings stored in their own column refuse it on both backends. */
export function storedString(requiredMessage?: string) {
  return z
    .string(requiredMessage ? { message: requiredMessage } : undefined)
    .refine((text) => !text.includes('\u0000'), { message: 'must not contain the NUL character (U+0000)' });
}
