/**
 * The delivery log of a webhook endpoint for the Developers area: its messages newest first, a page at a
 * time, each with every attempt (read in one query for the page, not one per message).
 */
import type { Environment } from '../domain/conversation.js';
import type { Store } from './store.js';

export interface DeliveryLogEntry {
  id: string;
  event_type: string;
  status: string;
  created_at: number;
  attempts: { at: number; status_code: number | null; duration_ms: number; error: string | null }[];
}

export async function deliveryLog(
  store: Store,
  scope: { projectId: string; environment: Environment },
  endpointId: string,
  options: { limit: number; before?: string | undefined },
): Promise<{ entries: DeliveryLogEntry[]; more: boolean }> {
  let query = store.db
    .selectFrom('webhook_messages')
    .select(['id', 'event_type', 'status', 'created_at'])
    .where('project_id', '=', scope.projectId)
    .where('environment', '=', scope.environment)
    .where('endpoint_id', '=', endpointId);
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  const messages = await query
    .orderBy('id', 'desc')
    .limit(options.limit + 1)
    .execute();
  const more = messages.length > options.limit;
  const page = messages.slice(0, options.limit);
  const attempts =
    page.length === 0
      ? []
      : await store.db
          .selectFrom('webhook_attempts')
          .select(['message_id', 'attempt', 'status_code', 'error', 'latency_ms', 'created_at'])
          .where('endpoint_id', '=', endpointId)
          .where(
            'message_id',
            'in',
            page.map((m) => m.id),
          )
          .orderBy('message_id')
          .orderBy('attempt')
          .execute();
  const byMessage = new Map<string, DeliveryLogEntry['attempts']>();
  for (const a of attempts) {
    const list = byMessage.get(a.message_id) ?? [];
    list.push({
      at: Number(a.created_at),
      status_code: a.status_code === null ? null : Number(a.status_code),
      duration_ms: Number(a.latency_ms),
      error: a.error,
    });
    byMessage.set(a.message_id, list);
  }
  return {
    entries: page.map((m) => ({
      id: m.id,
      event_type: m.event_type,
      status: m.status,
      created_at: Number(m.created_at),
      attempts: byMessage.get(m.id) ?? [],
    })),
    more,
  };
}
