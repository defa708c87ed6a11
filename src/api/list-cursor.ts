/**
 * Opaque list cursors: a page's position, bound to the list that made it. A cursor is only good for the same
 * list, project, environment and filters; anything else (another environment's cursor, changed filters,
 * bytes that were never a cursor) decodes to null and the caller answers 422 on `cursor`.
 *
 * The format is base64url of JSON `{p: position, b: binding}`, where the binding is a digest of the list's
 * name, project, environment and filters. It is not a secret: a cursor grants nothing, as every query is
 * scoped by the caller's own project and environment; the binding only turns a misused cursor into an error
 * instead of a silently wrong page.
 *
 *   const binding = { list: 'conversations', projectId, environment, filters: { agent_id: 'front-desk' } };
 *   const cursor = encodeListCursor({ e: 1764000000000, i: 'conv_01…' }, binding);
 *   const position = decodeListCursor(cursor, binding, isPosition); // null when not this list's cursor
 */
import { createHash } from 'node:crypto';
import type { ConversationListFilters, ListPosition } from '../storage/conversation-list.js';

export interface ListCursorBinding {
  /** Which list: a cursor of one list is never good for another. */
  list: string;
  projectId: string;
  environment: string;
  /** The filters the first page was asked with; undefined values count as absent. */
  filters?: Record<string, string | number | boolean | null | undefined>;
}

/** Longest cursor accepted; ours are about a hundred characters. */
export const MAX_CURSOR_LENGTH = 1000;

export const INVALID_CURSOR_MESSAGE =
  'is not a cursor of this list: pass next_cursor exactly as received, with the same filters and key environment';

function bindingDigest(binding: ListCursorBinding): string {
  const filters = Object.entries(binding.filters ?? {})
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = JSON.stringify([binding.list, binding.projectId, binding.environment, filters]);
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 22);
}

export function encodeListCursor(position: unknown, binding: ListCursorBinding): string {
  return Buffer.from(JSON.stringify({ p: position, b: bindingDigest(binding) })).toString('base64url');
}

/** The position a cursor holds, or null when it is not a cursor of this list, scope and filters. */
export function decodeListCursor<T>(
  cursor: string,
  binding: ListCursorBinding,
  isPosition: (value: unknown) => value is T,
): T | null {
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof decoded !== 'object' || decoded === null) return null;
  const { p, b } = decoded as { p?: unknown; b?: unknown };
  if (b !== bindingDigest(binding) || !isPosition(p)) return null;
  return p;
}

/** The conversation list's position as a cursor holds it: `{e: ended_at_ms, i: id}`. */
export interface ConversationCursorPosition {
  e: number;
  i: string;
}

export function isConversationCursorPosition(value: unknown): value is ConversationCursorPosition {
  if (typeof value !== 'object' || value === null) return false;
  const { e, i } = value as { e?: unknown; i?: unknown };
  return Number.isSafeInteger(e) && typeof i === 'string' && i.length > 0 && i.length <= 200 && !i.includes('\u0000');
}

/**
 * The conversation list's cursor for a page's `next` position, bound to the scope and filters that made it.
 * `list` tells apart lists that page the same way but must not share cursors (`/v1` and the application's).
 */
export function encodeConversationCursor(
  next: ListPosition,
  scope: { projectId: string; environment: string },
  filters: ConversationListFilters,
  list = 'conversations',
): string {
  const position: ConversationCursorPosition = { e: next.endedAtMs, i: next.id };
  return encodeListCursor(position, conversationBinding(scope, filters, list));
}

/** The position a conversation list cursor holds, or null when it was made for another scope, filters or list. */
export function decodeConversationCursor(
  cursor: string,
  scope: { projectId: string; environment: string },
  filters: ConversationListFilters,
  list = 'conversations',
): ListPosition | null {
  const position = decodeListCursor(cursor, conversationBinding(scope, filters, list), isConversationCursorPosition);
  return position ? { endedAtMs: position.e, id: position.i } : null;
}

function conversationBinding(
  scope: { projectId: string; environment: string },
  filters: ConversationListFilters,
  list: string,
): ListCursorBinding {
  return { list, projectId: scope.projectId, environment: scope.environment, filters: { ...filters } };
}
