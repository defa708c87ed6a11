/** Conversations: the durable ingest unit, lookups by either id, results and labels. */
import type { Kysely } from 'kysely';
import type { CheckResult } from '../domain/checks.js';
import type {
  Channel,
  ConversationEvent,
  EndedBy,
  Environment,
  Outcome,
  ScorableConversation,
  ScoringStatus,
  Turn,
} from '../domain/conversation.js';
import { newId } from '../domain/ids.js';
import type { Database } from './schema.js';
import type { Store } from './store.js';

export const SCORE_CONVERSATION_JOB = 'score_conversation';

export interface Scope {
  projectId: string;
  environment: Environment;
}

export interface NewConversation {
  external_id: string;
  channel: Channel;
  started_at: string | null;
  ended_at: string;
  ended_at_ms: number;
  ended_by: EndedBy | null;
  agent: { id: string; name: string | null; version: string | null };
  group: { id: string; name: string | null } | null;
  transcript: Turn[];
  events: ConversationEvent[];
  metadata: Record<string, unknown>;
}

export interface IdempotencyClaim {
  key: string;
  requestHash: string;
  ttlMs: number;
}

export interface StoredResponse {
  status: 200 | 202;
  body: { id: string; status: ScoringStatus; duplicate?: true };
}

export type IngestOutcome =
  | { kind: 'created' | 'duplicate'; response: StoredResponse }
  | { kind: 'replayed'; response: StoredResponse }
  | { kind: 'idempotency_conflict' };

export interface ConversationRecord {
  id: string;
  external_id: string;
  channel: Channel;
  status: ScoringStatus;
  outcome: Outcome | null;
  started_at: string | null;
  ended_at: string;
  ended_by: EndedBy | null;
  agent: { id: string; name: string; version: string | null };
  group: { id: string; name: string } | null;
  transcript: Turn[];
  events: ConversationEvent[];
  metadata: Record<string, unknown>;
  results: CheckResult[];
}

export interface FeedbackLabel {
  id: string;
  conversation_id: string;
  check_key: string;
  verdict: 'pass' | 'fail';
  note: string | null;
  source: 'api';
  created_at: number;
}

/**
 * Replaces all results of a conversation and marks it done, inside the caller's transaction, so a re-score
 * is never seen half-written.
 */
export async function writeResults(
  tx: Kysely<Database>,
  scope: Scope,
  conversationId: string,
  outcome: string | null,
  results: CheckResult[],
  now: number,
): Promise<void> {
  const owned = await tx
    .selectFrom('conversations')
    .select('id')
    .where('id', '=', conversationId)
    .where('project_id', '=', scope.projectId)
    .where('environment', '=', scope.environment)
    .executeTakeFirst();
  if (!owned) throw new Error(`conversation ${conversationId} is not in this project and environment`);
  await tx
    .deleteFrom('check_results')
    .where('conversation_id', '=', conversationId)
    .where('project_id', '=', scope.projectId)
    .where('environment', '=', scope.environment)
    .execute();
  if (results.length > 0) {
    await tx
      .insertInto('check_results')
      .values(
        results.map((r, position) => ({
          ...r,
          evidence_turns: JSON.stringify(r.evidence_turns),
          conversation_id: conversationId,
          project_id: scope.projectId,
          environment: scope.environment,
          position,
          created_at: now,
        })),
      )
      .execute();
  }
  await tx
    .updateTable('conversations')
    .set({ status: 'done', outcome, updated_at: now })
    .where('id', '=', conversationId)
    .where('project_id', '=', scope.projectId)
    .where('environment', '=', scope.environment)
    .execute();
}

/** What scoring reads of a stored conversation. */
export async function loadScorable(
  ex: Kysely<Database>,
  scope: Scope,
  conversationId: string,
): Promise<ScorableConversation | null> {
  const row = await ex
    .selectFrom('conversations')
    .select(['channel', 'ended_by', 'transcript', 'events', 'metadata'])
    .where('id', '=', conversationId)
    .where('project_id', '=', scope.projectId)
    .where('environment', '=', scope.environment)
    .executeTakeFirst();
  if (!row) return null;
  return {
    channel: row.channel as Channel,
    ended_by: row.ended_by as EndedBy | null,
    transcript: JSON.parse(row.transcript),
    events: JSON.parse(row.events),
    metadata: JSON.parse(row.metadata),
  };
}

export function createConversationRepo(store: Store, clock: () => number = Date.now) {
  const { db } = store;

  /**
   * Takes the idempotency key, with the response this request will give, before the conversation is written:
   * on PostgreSQL a concurrent request with the same key waits on this insert until the first commits, then
   * reads the stored response. Returns the earlier outcome when the key was already taken.
   */
  async function claimIdempotencyKey(
    tx: Kysely<Database>,
    scope: Scope,
    claim: IdempotencyClaim,
    response: StoredResponse,
    now: number,
  ): Promise<IngestOutcome | null> {
    for (;;) {
      const inserted = await tx
        .insertInto('idempotency_keys')
        .values({
          project_id: scope.projectId,
          environment: scope.environment,
          key: claim.key,
          request_hash: claim.requestHash,
          response_status: response.status,
          response_body: JSON.stringify(response.body),
          created_at: now,
          expires_at: now + claim.ttlMs,
        })
        .onConflict((oc) => oc.columns(['project_id', 'environment', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (inserted) return null;
      const existing = await tx
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'response_status', 'response_body', 'expires_at'])
        .where('project_id', '=', scope.projectId)
        .where('environment', '=', scope.environment)
        .where('key', '=', claim.key)
        .executeTakeFirst();
      if (!existing) continue;
      if (existing.expires_at <= now) {
        await tx
          .deleteFrom('idempotency_keys')
          .where('project_id', '=', scope.projectId)
          .where('environment', '=', scope.environment)
          .where('key', '=', claim.key)
          .execute();
        continue;
      }
      if (existing.request_hash !== claim.requestHash) return { kind: 'idempotency_conflict' };
      return {
        kind: 'replayed',
        response: { status: existing.response_status as 200 | 202, body: JSON.parse(existing.response_body) },
      };
    }
  }

  /**
   * Files a first-seen agent (into the conversation's group when one is named), or files an agent that has
   * no group yet; never moves an agent already in a group, and never one a person placed.
   * Returns the group the conversation counts toward.
   */
  async function fileAgent(
    tx: Kysely<Database>,
    scope: Scope,
    conversationId: string,
    input: NewConversation,
    now: number,
  ) {
    const agent = await tx
      .selectFrom('agents')
      .select(['group_id', 'placed_by_kind'])
      .where('project_id', '=', scope.projectId)
      .where('environment', '=', scope.environment)
      .where('id', '=', input.agent.id)
      .executeTakeFirst();
    if (agent && (agent.group_id !== null || agent.placed_by_kind === 'person' || input.group === null)) {
      return agent.group_id;
    }
    const placement = input.group
      ? { group_id: input.group.id, placed_by_kind: 'conversation', placed_by: conversationId, placed_at: now }
      : { group_id: null, placed_by_kind: null, placed_by: null, placed_at: null };
    if (!agent) {
      await tx
        .insertInto('agents')
        .values({
          project_id: scope.projectId,
          environment: scope.environment,
          id: input.agent.id,
          name: input.agent.name ?? (input.agent.id === 'default' ? 'Default agent' : input.agent.id),
          archived_at: null,
          created_at: now,
          ...placement,
        })
        .onConflict((oc) => oc.columns(['project_id', 'environment', 'id']).doNothing())
        .execute();
    } else {
      await tx
        .updateTable('agents')
        .set(placement)
        .where('project_id', '=', scope.projectId)
        .where('environment', '=', scope.environment)
        .where('id', '=', input.agent.id)
        .where('group_id', 'is', null)
        .where((eb) => eb.or([eb('placed_by_kind', 'is', null), eb('placed_by_kind', '!=', 'person')]))
        .execute();
    }
    // Read back: under concurrency another request may have filed the agent first.
    const filed = await tx
      .selectFrom('agents')
      .select('group_id')
      .where('project_id', '=', scope.projectId)
      .where('environment', '=', scope.environment)
      .where('id', '=', input.agent.id)
      .executeTakeFirst();
    const groupId = filed?.group_id ?? null;
    // The group is created only when this conversation filed the agent into it.
    if (input.group && groupId === input.group.id) {
      await tx
        .insertInto('groups')
        .values({
          project_id: scope.projectId,
          environment: scope.environment,
          id: input.group.id,
          name: input.group.name ?? input.group.id,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['project_id', 'environment', 'id']).doNothing())
        .execute();
    }
    return groupId;
  }

  async function findDuplicate(tx: Kysely<Database>, scope: Scope, externalId: string): Promise<StoredResponse | null> {
    const row = await tx
      .selectFrom('conversations')
      .select(['id', 'status'])
      .where('project_id', '=', scope.projectId)
      .where('environment', '=', scope.environment)
      .where('external_id', '=', externalId)
      .executeTakeFirst();
    return row ? { status: 200, body: { id: row.id, status: row.status as ScoringStatus, duplicate: true } } : null;
  }

  /** Writes the conversation, its agent filing and its scoring job; a concurrent twin turns it into a duplicate. */
  async function insertConversation(
    tx: Kysely<Database>,
    scope: Scope,
    input: NewConversation,
    id: string,
    now: number,
  ): Promise<IngestOutcome> {
    const groupId = await fileAgent(tx, scope, id, input, now);
    const inserted = await tx
      .insertInto('conversations')
      .values({
        id,
        project_id: scope.projectId,
        environment: scope.environment,
        external_id: input.external_id,
        channel: input.channel,
        status: 'queued',
        outcome: null,
        started_at: input.started_at,
        ended_at: input.ended_at,
        ended_at_ms: input.ended_at_ms,
        ended_by: input.ended_by,
        agent_id: input.agent.id,
        agent_version: input.agent.version,
        group_id: groupId,
        transcript: JSON.stringify(input.transcript),
        events: JSON.stringify(input.events),
        metadata: JSON.stringify(input.metadata),
        received_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['project_id', 'environment', 'external_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      // A concurrent request stored the same external_id between our check and our insert.
      const winner = await findDuplicate(tx, scope, input.external_id);
      if (winner) return { kind: 'duplicate', response: winner };
      throw new Error('conversation insert conflicted but no conversation was found');
    }
    await tx
      .insertInto('jobs')
      .values({
        id: newId('job', now),
        kind: SCORE_CONVERSATION_JOB,
        project_id: scope.projectId,
        environment: scope.environment,
        subject_id: id,
        status: 'queued',
        run_at: now,
        lease_until: null,
        locked_by: null,
        last_error: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { kind: 'created', response: { status: 202, body: { id, status: 'queued' } } };
  }

  /** Finds a conversation by the service's id or the client's external_id, within the scope only. */
  async function findConversationRow(ex: Kysely<Database>, scope: Scope, idOrExternalId: string) {
    // No stored id contains NUL, and PostgreSQL refuses it in a query parameter.
    if (idOrExternalId.includes('\u0000')) return undefined;
    const rows = await ex
      .selectFrom('conversations')
      .selectAll()
      .where('project_id', '=', scope.projectId)
      .where('environment', '=', scope.environment)
      .where((eb) => eb.or([eb('id', '=', idOrExternalId), eb('external_id', '=', idOrExternalId)]))
      .limit(2)
      .execute();
    // The service id wins when one conversation's id is another's external_id.
    return rows.find((row) => row.id === idOrExternalId) ?? rows[0];
  }

  return {
    /**
     * Stores a conversation with its scoring job and idempotency record in one unit: all or nothing.
     */
    ingest(scope: Scope, input: NewConversation, idempotency: IdempotencyClaim | null): Promise<IngestOutcome> {
      return store.write(async (tx) => {
        const now = clock();
        const duplicate = await findDuplicate(tx, scope, input.external_id);
        const id = duplicate?.body.id ?? newId('conv', now);
        const planned: IngestOutcome = duplicate
          ? { kind: 'duplicate', response: duplicate }
          : { kind: 'created', response: { status: 202, body: { id, status: 'queued' } } };
        if (idempotency) {
          const earlier = await claimIdempotencyKey(tx, scope, idempotency, planned.response, now);
          if (earlier) return earlier;
        }
        if (duplicate) return planned;
        const outcome = await insertConversation(tx, scope, input, id, now);
        if (idempotency && outcome.kind === 'duplicate') {
          // Rare: another request stored the same external_id after our first look; remember what we answer.
          await tx
            .updateTable('idempotency_keys')
            .set({ response_status: outcome.response.status, response_body: JSON.stringify(outcome.response.body) })
            .where('project_id', '=', scope.projectId)
            .where('environment', '=', scope.environment)
            .where('key', '=', idempotency.key)
            .execute();
        }
        return outcome;
      });
    },

    async find(scope: Scope, idOrExternalId: string): Promise<ConversationRecord | null> {
      const row = await findConversationRow(db, scope, idOrExternalId);
      if (!row) return null;
      const [agent, group, results] = await Promise.all([
        db
          .selectFrom('agents')
          .select('name')
          .where('project_id', '=', scope.projectId)
          .where('environment', '=', scope.environment)
          .where('id', '=', row.agent_id)
          .executeTakeFirst(),
        row.group_id === null
          ? undefined
          : db
              .selectFrom('groups')
              .select('name')
              .where('project_id', '=', scope.projectId)
              .where('environment', '=', scope.environment)
              .where('id', '=', row.group_id)
              .executeTakeFirst(),
        db
          .selectFrom('check_results')
          .selectAll()
          .where('conversation_id', '=', row.id)
          .where('project_id', '=', scope.projectId)
          .where('environment', '=', scope.environment)
          .orderBy('position')
          .execute(),
      ]);
      return {
        id: row.id,
        external_id: row.external_id,
        channel: row.channel as Channel,
        status: row.status as ScoringStatus,
        outcome: row.outcome as Outcome | null,
        started_at: row.started_at,
        ended_at: row.ended_at,
        ended_by: row.ended_by as EndedBy | null,
        agent: { id: row.agent_id, name: agent?.name ?? row.agent_id, version: row.agent_version },
        group: row.group_id === null ? null : { id: row.group_id, name: group?.name ?? row.group_id },
        transcript: JSON.parse(row.transcript),
        events: JSON.parse(row.events),
        metadata: JSON.parse(row.metadata),
        // Results appear once scoring is done; a re-score in progress keeps showing nothing half-written.
        results:
          row.status === 'done'
            ? results.map((r) => ({
                check_key: r.check_key,
                check_name: r.check_name,
                check_version: r.check_version,
                check_status: r.check_status as CheckResult['check_status'],
                score: r.score,
                verdict: r.verdict as CheckResult['verdict'],
                choice: r.choice,
                decided_by: r.decided_by as CheckResult['decided_by'],
                reason: r.reason,
                evidence_turns: JSON.parse(r.evidence_turns),
                scorer_version: r.scorer_version,
                latency_ms: r.latency_ms,
              }))
            : [],
      };
    },

    /**
     * Adds a label to one result. Several labels per result are kept; the result itself never changes.
     * Returns which part was missing when there is nothing to label.
     */
    addFeedback(
      scope: Scope,
      idOrExternalId: string,
      input: { check_key: string; verdict: 'pass' | 'fail'; note: string | null },
    ): Promise<FeedbackLabel | 'conversation_not_found' | 'result_not_found'> {
      return store.write(async (tx) => {
        const conversation = await findConversationRow(tx, scope, idOrExternalId);
        if (!conversation) return 'conversation_not_found';
        const result = await tx
          .selectFrom('check_results')
          .select('check_key')
          .where('conversation_id', '=', conversation.id)
          .where('project_id', '=', scope.projectId)
          .where('environment', '=', scope.environment)
          .where('check_key', '=', input.check_key)
          .executeTakeFirst();
        if (!result) return 'result_not_found';
        const now = clock();
        const label: FeedbackLabel = {
          id: newId('lbl', now),
          conversation_id: conversation.id,
          check_key: input.check_key,
          verdict: input.verdict,
          note: input.note,
          source: 'api',
          created_at: now,
        };
        await tx
          .insertInto('feedback_labels')
          .values({ ...label, project_id: scope.projectId, environment: scope.environment })
          .execute();
        return label;
      });
    },

    /** Replaces all results of a conversation at once and marks it done. */
    replaceResults(
      scope: Scope,
      conversationId: string,
      outcome: string | null,
      results: CheckResult[],
    ): Promise<void> {
      return store.write((tx) => writeResults(tx, scope, conversationId, outcome, results, clock()));
    },
  };
}

export type ConversationRepo = ReturnType<typeof createConversationRepo>;
