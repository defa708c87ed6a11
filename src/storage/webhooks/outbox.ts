/**
 * The webhook outbox. Events are written in the transaction that caused them, one message per subscribed
 * endpoint (the message id is the delivery id of all its attempts); workers claim due messages with a lease,
 * so a worker that dies mid-delivery loses nothing: the message is claimed again when the lease runs out.
 */
import type { Kysely, Selectable } from 'kysely';
import { newId } from '../../domain/ids.js';
import type {
  CheckFailedPayload,
  ConversationEvaluatedPayload,
  EventType,
  WebhookPayload,
} from '../../domain/webhook-events.js';
import { prepareQuery } from '../prepared.js';
import type { Database, WebhookMessagesTable } from '../schema.js';
import type { Store } from '../store.js';
import type { StoredResult } from '../types.js';
import { type EndpointRow, subscribes, type WebhookScope } from './endpoints.js';

export const HOUR_MS = 60 * 60 * 1000;

export type MessageRow = Selectable<WebhookMessagesTable>;

async function enabledEndpoints(tx: Kysely<Database>, scope: WebhookScope) {
  return tx
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('project_id', '=', scope.projectId)
    .where('environment', '=', scope.environment)
    .where('enabled', '=', 1)
    .execute();
}

/** Writes one message per endpoint for the payload. The payload is serialised once: every endpoint gets the same bytes. */
export async function enqueueEvent(
  tx: Kysely<Database>,
  scope: WebhookScope,
  endpointIds: readonly string[],
  payload: WebhookPayload,
  now: number,
): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const body = JSON.stringify(payload);
  const rows = endpointIds.map((endpointId) => ({
    id: newId('msg', now),
    endpoint_id: endpointId,
    project_id: scope.projectId,
    environment: scope.environment,
    event_id: payload.id,
    event_type: payload.type,
    payload: body,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    lease_until: null,
    locked_by: null,
    last_status_code: null,
    last_error: null,
    delivered_at: null,
    created_at: now,
    updated_at: now,
  }));
  await tx.insertInto('webhook_messages').values(rows).execute();
  return rows.map((r) => r.id);
}

async function subjectRefs(tx: Kysely<Database>, scope: WebhookScope, agentId: string | null, groupId: string | null) {
  const [agent, group] = await Promise.all([
    agentId === null
      ? undefined
      : tx
          .selectFrom('agents')
          .select(['id', 'name'])
          .where('project_id', '=', scope.projectId)
          .where('environment', '=', scope.environment)
          .where('id', '=', agentId)
          .executeTakeFirst(),
    groupId === null
      ? undefined
      : tx
          .selectFrom('groups')
          .select(['id', 'name'])
          .where('project_id', '=', scope.projectId)
          .where('environment', '=', scope.environment)
          .where('id', '=', groupId)
          .executeTakeFirst(),
  ]);
  return {
    agent: agentId === null ? null : { id: agentId, name: agent?.name ?? agentId },
    group: groupId === null ? null : { id: groupId, name: group?.name ?? groupId },
  };
}

const alerting = (r: StoredResult) => r.check_status !== 'shadow';

/**
 * The events of scored conversations, in the scoring transaction: per conversation `conversation.evaluated`,
 * one `check.failed` per failed active check, and the hour's failure counts for `checks.digest`. The enabled
 * endpoints of a project and environment are one indexed read per batch, compiled once per store; with none,
 * that read is all.
 */
export function createScoringOutbox(store: Store) {
  const endpointsOf = prepareQuery<Pick<EndpointRow, 'id' | 'events'>>(store, (p) =>
    store.db
      .selectFrom('webhook_endpoints')
      .select(['id', 'events'])
      .where('project_id', '=', p('project_id'))
      .where('environment', '=', p('environment'))
      .where('enabled', '=', 1),
  );
  return {
    /** The events of the conversations of one scoring batch, reading the endpoints once per scope. */
    async enqueueScoringEventsOfBatch(
      tx: Kysely<Database>,
      items: ReadonlyArray<{
        scope: WebhookScope;
        conversationId: string;
        outcome: string | null;
        results: readonly StoredResult[];
      }>,
      now: number,
    ): Promise<void> {
      const endpointsByScope = new Map<string, Pick<EndpointRow, 'id' | 'events'>[]>();
      for (const { scope, conversationId, outcome, results } of items) {
        const key = `${scope.projectId}\u0000${scope.environment}`;
        let endpoints = endpointsByScope.get(key);
        if (!endpoints) {
          endpoints = await endpointsOf.execute(tx, { project_id: scope.projectId, environment: scope.environment });
          endpointsByScope.set(key, endpoints);
        }
        if (endpoints.length > 0)
          await enqueueScoringEventsTo(tx, scope, endpoints, conversationId, outcome, results, now);
      }
    },
  };
}

export type ScoringOutbox = ReturnType<typeof createScoringOutbox>;

async function enqueueScoringEventsTo(
  tx: Kysely<Database>,
  scope: WebhookScope,
  endpoints: readonly Pick<EndpointRow, 'id' | 'events'>[],
  conversationId: string,
  outcome: string | null,
  results: readonly StoredResult[],
  now: number,
): Promise<void> {
  const to = (type: EventType) => endpoints.filter((e) => subscribes(e, type)).map((e) => e.id);
  const evaluatedTo = to('conversation.evaluated');
  const failedTo = to('check.failed');
  const digestTo = to('checks.digest');
  const failedActive = results.filter((r) => r.verdict === 'fail' && r.check_status === 'active');

  if (digestTo.length > 0 && failedActive.length > 0) {
    const hourStart = Math.floor(now / HOUR_MS) * HOUR_MS;
    for (const r of failedActive) {
      await tx
        .insertInto('webhook_check_failures')
        .values({
          project_id: scope.projectId,
          environment: scope.environment,
          hour_start: hourStart,
          check_key: r.check_key,
          check_name: r.check_name,
          failures: 1,
        })
        .onConflict((oc) =>
          oc.columns(['project_id', 'environment', 'hour_start', 'check_key']).doUpdateSet((eb) => ({
            failures: eb('webhook_check_failures.failures', '+', 1),
            check_name: eb.ref('excluded.check_name'),
          })),
        )
        .execute();
    }
  }
  if (evaluatedTo.length === 0 && (failedTo.length === 0 || failedActive.length === 0)) return;

  const conversation = await tx
    .selectFrom('conversations')
    .select(['id', 'external_id', 'channel', 'ended_at', 'agent_id', 'agent_version', 'group_id'])
    .where('id', '=', conversationId)
    .where('project_id', '=', scope.projectId)
    .where('environment', '=', scope.environment)
    .executeTakeFirst();
  if (!conversation) return;
  const refs = await subjectRefs(tx, scope, conversation.agent_id, conversation.group_id);
  const agent = {
    ...(refs.agent ?? { id: conversation.agent_id, name: conversation.agent_id }),
    version: conversation.agent_version,
  };
  const createdAt = new Date(now).toISOString();
  const failedCheck = (r: StoredResult) => ({
    check_key: r.check_key,
    check_name: r.check_name,
    check_version: r.check_version,
    check_status: r.check_status as 'draft' | 'active',
    reason: r.reason,
  });

  if (evaluatedTo.length > 0) {
    const counted = results.filter(alerting);
    const count = (verdict: string) => counted.filter((r) => r.verdict === verdict).length;
    const payload: ConversationEvaluatedPayload = {
      id: newId('evt', now),
      type: 'conversation.evaluated',
      created_at: createdAt,
      environment: scope.environment,
      agent,
      group: refs.group,
      data: {
        conversation: {
          id: conversation.id,
          external_id: conversation.external_id,
          channel: conversation.channel as 'voice' | 'chat',
          status: 'done',
          outcome,
          ended_at: conversation.ended_at,
        },
        results_summary: {
          total: counted.length,
          pass: count('pass'),
          fail: count('fail'),
          uncertain: count('uncertain'),
          not_applicable: count('not_applicable'),
          met: count('met'),
          not_met: count('not_met'),
        },
        failed_checks: counted.filter((r) => r.verdict === 'fail').map(failedCheck),
      },
    };
    await enqueueEvent(tx, scope, evaluatedTo, payload, now);
  }
  for (const r of failedTo.length > 0 ? failedActive : []) {
    const payload: CheckFailedPayload = {
      id: newId('evt', now),
      type: 'check.failed',
      created_at: createdAt,
      environment: scope.environment,
      agent,
      group: refs.group,
      data: {
        conversation: { id: conversation.id, external_id: conversation.external_id },
        check: {
          ...failedCheck(r),
          category: r.check_category ?? null,
          severity: r.check_severity ?? null,
          evidence_turns: [...r.evidence_turns] as number[],
        },
      },
    };
    await enqueueEvent(tx, scope, failedTo, payload, now);
  }
}

export interface HealthTransitionEvent {
  id: string;
  subject_kind: string;
  subject_id: string;
  group_id: string | null;
  old_status: string;
  new_status: string;
  reason: string;
  event: string;
}

/** `agent.health_changed` / `group.health_changed` for a recorded transition, in the same transaction. */
export async function enqueueHealthEvent(
  tx: Kysely<Database>,
  scope: WebhookScope,
  transition: HealthTransitionEvent,
  now: number,
): Promise<void> {
  const type = transition.event as EventType;
  if (type !== 'agent.health_changed' && type !== 'group.health_changed') return;
  const endpoints = (await enabledEndpoints(tx, scope)).filter((e) => subscribes(e, type)).map((e) => e.id);
  if (endpoints.length === 0) return;
  const data = {
    old_status: transition.old_status,
    new_status: transition.new_status,
    reason: transition.reason,
    transition_id: transition.id,
  } as never;
  const base = { id: newId('evt', now), created_at: new Date(now).toISOString(), environment: scope.environment };
  if (type === 'agent.health_changed') {
    const refs = await subjectRefs(tx, scope, transition.subject_id, transition.group_id);
    await enqueueEvent(
      tx,
      scope,
      endpoints,
      { ...base, type, agent: refs.agent as { id: string; name: string }, group: refs.group, data },
      now,
    );
  } else {
    const refs = await subjectRefs(tx, scope, null, transition.subject_id);
    await enqueueEvent(
      tx,
      scope,
      endpoints,
      { ...base, type, group: refs.group as { id: string; name: string }, data },
      now,
    );
  }
}

/**
 * The hourly digest: for each enabled endpoint subscribed to `checks.digest`, once per endpoint and hour
 * (a marker row, inserted ON CONFLICT DO NOTHING, decides which process sends it), the active checks that
 * failed in the hour that just ended. Nothing is sent for an hour without failures.
 */
export async function runDigests(store: Store, now: number): Promise<number> {
  const hourStart = Math.floor(now / HOUR_MS) * HOUR_MS - HOUR_MS;
  const [endpoints, done] = await Promise.all([
    store.db
      .selectFrom('webhook_endpoints')
      .select(['id', 'project_id', 'environment', 'events', 'created_at'])
      .where('enabled', '=', 1)
      .where('created_at', '<', hourStart + HOUR_MS)
      .execute(),
    store.db.selectFrom('webhook_digests').select('endpoint_id').where('hour_start', '=', hourStart).execute(),
  ]);
  const seen = new Set(done.map((d) => d.endpoint_id));
  let sent = 0;
  for (const endpoint of endpoints) {
    if (seen.has(endpoint.id) || !subscribes(endpoint, 'checks.digest')) continue;
    sent += await store.write(async (tx) => {
      const marked = await tx
        .insertInto('webhook_digests')
        .values({ endpoint_id: endpoint.id, hour_start: hourStart, created_at: now })
        .onConflict((oc) => oc.columns(['endpoint_id', 'hour_start']).doNothing())
        .returning('endpoint_id')
        .executeTakeFirst();
      if (!marked) return 0;
      const scope = { projectId: endpoint.project_id, environment: endpoint.environment as 'test' | 'live' };
      const failures = await tx
        .selectFrom('webhook_check_failures')
        .select(['check_key', 'check_name', 'failures'])
        .where('project_id', '=', scope.projectId)
        .where('environment', '=', scope.environment)
        .where('hour_start', '=', hourStart)
        .orderBy('check_key')
        .execute();
      if (failures.length === 0) return 0;
      const failed = failures.map((f) => ({ ...f, failures: Number(f.failures) }));
      await enqueueEvent(
        tx,
        scope,
        [endpoint.id],
        {
          id: newId('evt', now),
          type: 'checks.digest',
          created_at: new Date(now).toISOString(),
          environment: scope.environment,
          data: {
            period_start: new Date(hourStart).toISOString(),
            period_end: new Date(hourStart + HOUR_MS).toISOString(),
            total_failures: failed.reduce((sum, f) => sum + f.failures, 0),
            failed_checks: failed,
          },
        },
        now,
      );
      return 1;
    });
  }
  return sent;
}

/** A `ping` to one endpoint, on request. */
export async function enqueuePing(store: Store, scope: WebhookScope, endpoint: EndpointRow, now: number) {
  return store.write(async (tx) => {
    const eventId = newId('evt', now);
    const [messageId] = await enqueueEvent(
      tx,
      scope,
      [endpoint.id],
      {
        id: eventId,
        type: 'ping',
        created_at: new Date(now).toISOString(),
        environment: scope.environment,
        data: { endpoint_id: endpoint.id, message: 'This is a test event from the Conversation Quality Monitor.' },
      },
      now,
    );
    return { message_id: messageId as string, event_id: eventId };
  });
}
