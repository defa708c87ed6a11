/** Claiming due outbox messages with a lease, recording each attempt, and the delivery log. */
import { newId } from '../../domain/ids.js';
import type { Store } from '../store.js';
import type { EndpointRow, WebhookScope } from './endpoints.js';
import type { MessageRow } from './outbox.js';

export interface Claimed {
  message: MessageRow;
  /** Undefined when the endpoint was deleted since the event was written. */
  endpoint: EndpointRow | undefined;
}

/** What one attempt came to, and what to do next. */
export interface AttemptRecord {
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
  excerpt: string | null;
  /** delivered; retry at `nextAttemptAt`; failed for good; or cancelled without an attempt. */
  outcome: 'delivered' | 'retry' | 'failed' | 'cancelled';
  nextAttemptAt?: number;
  /** Disable the endpoint, with this reason (410 Gone, or failing for too long). */
  disableEndpoint?: string;
  /** Whether an HTTP attempt was made (a cancelled message has none to log). */
  attempted: boolean;
}

export function createDeliveriesRepo(store: Store, clock: () => number = Date.now) {
  /** What a person sees of a message; the scope and endpoint filters every read of messages applies. */
  const messagesOf = (scope: WebhookScope, endpointId: string) =>
    store.db
      .selectFrom('webhook_messages')
      .select([
        'id',
        'event_id',
        'event_type',
        'status',
        'attempts',
        'next_attempt_at',
        'last_status_code',
        'last_error',
        'delivered_at',
        'created_at',
      ])
      .where('project_id', '=', scope.projectId)
      .where('environment', '=', scope.environment)
      .where('endpoint_id', '=', endpointId);

  return {
    /** Whether anything is due: a read, so an idle dispatcher never opens a write transaction. */
    async anyDue(): Promise<boolean> {
      const now = clock();
      const row = await store.db
        .selectFrom('webhook_messages')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
            eb.and([eb('status', '=', 'delivering'), eb('lease_until', '<', now)]),
          ]),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Claims up to `limit` due messages (pending ones whose time came, delivering ones whose lease ran out)
     * for `leaseMs`; on PostgreSQL concurrent claimers skip each other's rows.
     */
    claim(workerId: string, limit: number, leaseMs: number): Promise<Claimed[]> {
      return store.write(async (tx) => {
        const now = clock();
        const ready = tx
          .selectFrom('webhook_messages')
          .select('id')
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
              eb.and([eb('status', '=', 'delivering'), eb('lease_until', '<', now)]),
            ]),
          )
          .orderBy('next_attempt_at')
          .limit(limit)
          .$if(store.dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
        const messages = await tx
          .updateTable('webhook_messages')
          .set((eb) => ({
            status: 'delivering',
            locked_by: workerId,
            lease_until: now + leaseMs,
            attempts: eb('attempts', '+', 1),
            updated_at: now,
          }))
          .where('id', 'in', ready)
          .returningAll()
          .execute();
        if (messages.length === 0) return [];
        const endpoints = await tx
          .selectFrom('webhook_endpoints')
          .selectAll()
          .where('id', 'in', [...new Set(messages.map((m) => m.endpoint_id))])
          .execute();
        const byId = new Map(endpoints.map((e) => [e.id, e]));
        return messages
          .map((message) => ({ ...message, attempts: Number(message.attempts) }))
          .sort((a, b) => Number(a.next_attempt_at) - Number(b.next_attempt_at))
          .map((message) => ({ message, endpoint: byId.get(message.endpoint_id) }));
      });
    },

    /** Logs the attempt and moves the message, only while this worker still holds it. Returns false when it lost the lease. */
    finish(message: MessageRow, workerId: string, record: AttemptRecord): Promise<boolean> {
      return store.write(async (tx) => {
        const now = clock();
        const moved = await tx
          .updateTable('webhook_messages')
          .set({
            status: record.outcome === 'retry' ? 'pending' : record.outcome,
            next_attempt_at: record.nextAttemptAt ?? now,
            lease_until: null,
            locked_by: null,
            last_status_code: record.statusCode,
            last_error: record.error,
            delivered_at: record.outcome === 'delivered' ? now : null,
            updated_at: now,
          })
          .where('id', '=', message.id)
          .where('status', '=', 'delivering')
          .where('locked_by', '=', workerId)
          .executeTakeFirst();
        if (moved.numUpdatedRows === 0n) return false;
        if (record.attempted) {
          await tx
            .insertInto('webhook_attempts')
            .values({
              id: newId('watt', now),
              message_id: message.id,
              endpoint_id: message.endpoint_id,
              attempt: message.attempts,
              status_code: record.statusCode,
              error: record.error,
              latency_ms: Math.round(record.latencyMs),
              response_excerpt: record.excerpt,
              created_at: now,
            })
            .execute();
          if (record.outcome === 'delivered') {
            await tx
              .updateTable('webhook_endpoints')
              .set({ failing_since: null })
              .where('id', '=', message.endpoint_id)
              .where('failing_since', 'is not', null)
              .execute();
          } else {
            await tx
              .updateTable('webhook_endpoints')
              .set({ failing_since: now })
              .where('id', '=', message.endpoint_id)
              .where('failing_since', 'is', null)
              .execute();
          }
        }
        if (record.disableEndpoint) {
          await tx
            .updateTable('webhook_endpoints')
            .set({ enabled: 0, disabled_reason: record.disableEndpoint, updated_at: now })
            .where('id', '=', message.endpoint_id)
            .execute();
        }
        return true;
      });
    },

    /** Graceful shutdown: hand a claimed message back without counting the attempt. */
    release(message: MessageRow, workerId: string): Promise<void> {
      return store.write(async (tx) => {
        const now = clock();
        await tx
          .updateTable('webhook_messages')
          .set((eb) => ({
            status: 'pending',
            next_attempt_at: now,
            lease_until: null,
            locked_by: null,
            attempts: eb('attempts', '-', 1),
            updated_at: now,
          }))
          .where('id', '=', message.id)
          .where('status', '=', 'delivering')
          .where('locked_by', '=', workerId)
          .execute();
      });
    },

    /** Messages of an endpoint, newest first. */
    async messages(scope: WebhookScope, endpointId: string, limit = 50) {
      return messagesOf(scope, endpointId).orderBy('id', 'desc').limit(limit).execute();
    },

    /** One message of an endpoint, or undefined. */
    async message(scope: WebhookScope, endpointId: string, messageId: string) {
      return messagesOf(scope, endpointId).where('id', '=', messageId).executeTakeFirst();
    },

    /** Every attempt of a message, oldest first. */
    async attempts(scope: WebhookScope, messageId: string) {
      const owned = await store.db
        .selectFrom('webhook_messages')
        .select('id')
        .where('project_id', '=', scope.projectId)
        .where('environment', '=', scope.environment)
        .where('id', '=', messageId)
        .executeTakeFirst();
      if (!owned) return undefined;
      return store.db
        .selectFrom('webhook_attempts')
        .select(['id', 'attempt', 'status_code', 'error', 'latency_ms', 'response_excerpt', 'created_at'])
        .where('message_id', '=', messageId)
        .orderBy('created_at')
        .orderBy('attempt')
        .execute();
    },

    /** Sends a message again by hand, with the same delivery id and body; it joins the retry schedule if it fails. */
    async redeliver(scope: WebhookScope, messageId: string): Promise<boolean> {
      return store.write(async (tx) => {
        const now = clock();
        const updated = await tx
          .updateTable('webhook_messages')
          .set({ status: 'pending', next_attempt_at: now, lease_until: null, locked_by: null, updated_at: now })
          .where('project_id', '=', scope.projectId)
          .where('environment', '=', scope.environment)
          .where('id', '=', messageId)
          .where('status', '!=', 'delivering')
          .executeTakeFirst();
        return updated.numUpdatedRows > 0n;
      });
    },
  };
}

export type DeliveriesRepo = ReturnType<typeof createDeliveriesRepo>;
