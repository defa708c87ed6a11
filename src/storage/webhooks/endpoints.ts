/** Webhook endpoints per project and environment. Every query filters on both: another scope's endpoint is not found. */
import type { Kysely, Selectable } from 'kysely';
import { newId } from '../../domain/ids.js';
import type { EventType } from '../../domain/webhook-events.js';
import { newSecret } from '../../domain/webhook-secrets.js';
import type { Database, WebhookEndpointsTable } from '../schema.js';
import type { Store } from '../store.js';

export interface WebhookScope {
  projectId: string;
  environment: 'test' | 'live';
}

/** How long the old secret keeps signing after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

export type EndpointRow = Selectable<WebhookEndpointsTable>;

export interface EndpointView {
  id: string;
  url: string;
  description: string | null;
  /** null: every event type. */
  events: EventType[] | null;
  enabled: boolean;
  disabled_reason: string | null;
  environment: 'test' | 'live';
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export function eventsOf(row: Pick<EndpointRow, 'events'>): EventType[] | null {
  return row.events === null ? null : (JSON.parse(row.events) as EventType[]);
}

export function subscribes(row: Pick<EndpointRow, 'events'>, type: EventType): boolean {
  const events = eventsOf(row);
  return events === null || events.includes(type);
}

/** The secrets that sign at `now`: the current one, and the previous one during a rotation's overlap. */
export function signingSecrets(row: EndpointRow, now: number): string[] {
  const secrets = [row.secret];
  if (row.previous_secret && Number(row.previous_secret_expires_at ?? 0) > now) secrets.push(row.previous_secret);
  return secrets;
}

export function endpointView(row: EndpointRow): EndpointView {
  const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: eventsOf(row),
    enabled: Number(row.enabled) === 1,
    disabled_reason: row.disabled_reason,
    environment: row.environment as 'test' | 'live',
    previous_secret_expires_at:
      row.previous_secret && Number(row.previous_secret_expires_at) > 0 ? iso(row.previous_secret_expires_at) : null,
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
  };
}

function scoped(db: Kysely<Database>, scope: WebhookScope) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('project_id', '=', scope.projectId)
    .where('environment', '=', scope.environment);
}

export interface EndpointInput {
  url: string;
  events?: EventType[] | null | undefined;
  description?: string | null | undefined;
  enabled?: boolean | undefined;
}

function normaliseEvents(events: EventType[] | null | undefined): string | null {
  if (!events || events.length === 0) return null;
  return JSON.stringify([...new Set(events)].sort());
}

export function createEndpointsRepo(store: Store, clock: () => number = Date.now) {
  return {
    async create(scope: WebhookScope, input: EndpointInput): Promise<{ endpoint: EndpointView; secret: string }> {
      const now = clock();
      const row: EndpointRow = {
        id: newId('we', now),
        project_id: scope.projectId,
        environment: scope.environment,
        url: input.url,
        description: input.description ?? null,
        events: normaliseEvents(input.events),
        secret: newSecret(),
        previous_secret: null,
        previous_secret_expires_at: null,
        enabled: input.enabled === false ? 0 : 1,
        disabled_reason: input.enabled === false ? 'manual' : null,
        failing_since: null,
        created_at: now,
        updated_at: now,
      };
      await store.write((tx) => tx.insertInto('webhook_endpoints').values(row).execute());
      return { endpoint: endpointView(row), secret: row.secret };
    },

    async list(scope: WebhookScope, options: { limit: number; after?: string | undefined }): Promise<EndpointView[]> {
      const rows = await scoped(store.db, scope)
        .$if(options.after !== undefined, (qb) => qb.where('id', '>', options.after as string))
        .orderBy('id')
        .limit(options.limit)
        .execute();
      return rows.map(endpointView);
    },

    async findRow(scope: WebhookScope, id: string): Promise<EndpointRow | undefined> {
      return scoped(store.db, scope).where('id', '=', id).executeTakeFirst();
    },

    async get(scope: WebhookScope, id: string): Promise<EndpointView | undefined> {
      const row = await this.findRow(scope, id);
      return row ? endpointView(row) : undefined;
    },

    async update(scope: WebhookScope, id: string, changes: Partial<EndpointInput>): Promise<EndpointView | undefined> {
      return store.write(async (tx) => {
        const now = clock();
        const set: Partial<EndpointRow> = { updated_at: now };
        if (changes.url !== undefined) set.url = changes.url;
        if (changes.events !== undefined) set.events = normaliseEvents(changes.events);
        if (changes.description !== undefined) set.description = changes.description;
        if (changes.enabled === true) Object.assign(set, { enabled: 1, disabled_reason: null, failing_since: null });
        if (changes.enabled === false) Object.assign(set, { enabled: 0, disabled_reason: 'manual' });
        const updated = await tx
          .updateTable('webhook_endpoints')
          .set(set)
          .where('project_id', '=', scope.projectId)
          .where('environment', '=', scope.environment)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        return updated ? endpointView(updated) : undefined;
      });
    },

    /** Deletes the endpoint; its undelivered messages are cancelled, its log stays until purged with it. */
    async remove(scope: WebhookScope, id: string): Promise<boolean> {
      return store.write(async (tx) => {
        const deleted = await tx
          .deleteFrom('webhook_endpoints')
          .where('project_id', '=', scope.projectId)
          .where('environment', '=', scope.environment)
          .where('id', '=', id)
          .executeTakeFirst();
        if (deleted.numDeletedRows === 0n) return false;
        await tx
          .updateTable('webhook_messages')
          .set({ status: 'cancelled', last_error: 'endpoint deleted', updated_at: clock() })
          .where('endpoint_id', '=', id)
          .where('status', 'in', ['pending', 'delivering'])
          .execute();
        await tx.deleteFrom('webhook_digests').where('endpoint_id', '=', id).execute();
        return true;
      });
    },

    /** A new secret; the old one keeps signing (beside the new) for 24 hours. */
    async rotate(scope: WebhookScope, id: string): Promise<{ endpoint: EndpointView; secret: string } | undefined> {
      return store.write(async (tx) => {
        const now = clock();
        const row = await scoped(tx, scope).where('id', '=', id).executeTakeFirst();
        if (!row) return undefined;
        const secret = newSecret();
        const updated = await tx
          .updateTable('webhook_endpoints')
          .set({
            secret,
            previous_secret: row.secret,
            previous_secret_expires_at: now + ROTATION_OVERLAP_MS,
            updated_at: now,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { endpoint: endpointView(updated), secret };
      });
    },
  };
}

export type EndpointsRepo = ReturnType<typeof createEndpointsRepo>;
