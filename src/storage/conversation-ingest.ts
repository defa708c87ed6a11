/**
 * The durable ingest unit: a conversation, its scoring job and its idempotency record, all or nothing.
 * This is the hottest path of the service, so its common case is a few prepared statements: check the key,
 * claim the idempotency key, read the agent, insert the conversation, its document and its job. On SQLite they
 * run one by one (no round trips there); on PostgreSQL, where each is a round trip, as one statement
 * (postgres-ingest-statement.ts). Everything else (a new agent, filing an agent into a group, a duplicate, a
 * key already used) takes a slower, rarer path.
 */
import { hash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ScoringStatus } from '../domain/conversation.js';
import { newId } from '../domain/ids.js';
import { documentOf } from './conversation-document.js';
import { type OneStatementIngest, prepareOneStatementIngest } from './postgres-ingest-statement.js';
import { prepareQuery } from './prepared.js';
import type { Database } from './schema.js';
import type { Store } from './store.js';
import type {
  ConversationParams,
  IdempotencyClaim,
  IngestOutcome,
  NewConversation,
  Scope,
  StoredResponse,
} from './types.js';

export const SCORE_CONVERSATION_JOB = 'score_conversation';

/** The answer to a conversation stored now; its id is chosen before the unit writes anything. */
type Created = { kind: 'created'; response: StoredResponse };

/** A conversation's scoring job has an id made from the conversation's, so it is found by key, not by index. */
export function scoringJobIdFor(conversationId: string): string {
  return `job_${conversationId.replace(/^conv_/, '')}`;
}

const sameAgent = ['project_id', 'environment', 'id'] as const;

/** A claim with the SHA-256 of the body it was made with, which a retry under the same key must match. */
type HashedClaim = IdempotencyClaim & { requestHash: string };

/**
 * Hashed here rather than in the API: on the embedded store this runs on the ingest thread, which has time to
 * spare, while the API thread is the one every request waits for. The document is the body as received.
 */
function hashedClaim(claim: IdempotencyClaim | null, input: NewConversation): HashedClaim | null {
  if (!claim) return null;
  return { key: claim.key, ttlMs: claim.ttlMs, requestHash: hash('sha256', documentOf(input), 'hex') };
}

/*
 * On the embedded store, each statement's parameters are one object literal, not objects spread together: V8
 * builds an object with properties after a spread one property at a time, with shapes of its own. The five of
 * each conversation took a tenth of the ingest thread's time and made most of its garbage. (On PostgreSQL the
 * one statement's parameters are still spread together; there a round trip costs far more.)
 */
function conversationParams(
  scope: Scope,
  input: NewConversation,
  id: string,
  groupId: string | null,
  now: number,
): ConversationParams {
  return {
    project_id: scope.projectId,
    environment: scope.environment,
    id,
    external_id: input.external_id,
    channel: input.channel,
    started_at: input.started_at,
    ended_at: input.ended_at,
    ended_at_ms: input.ended_at_ms,
    ended_by: input.ended_by,
    agent_id: input.agent.id,
    agent_version: input.agent.version,
    group_id: groupId,
    now,
  };
}

/**
 * Stores a conversation with its scoring job and idempotency record: all or nothing, durable once resolved.
 * With `keyId`, the unit first confirms that API key is still valid, in the same transaction as the writes,
 * and writes nothing when it was revoked (the API may then have trusted a key it saw valid a moment ago).
 */
export type ConversationIngest = (
  scope: Scope,
  input: NewConversation,
  claim: IdempotencyClaim | null,
  keyId?: string,
) => Promise<IngestOutcome>;

export function createIngest(store: Store, clock: () => number): ConversationIngest {
  const { db } = store;

  const claimKey = prepareQuery(store, (p) =>
    db
      .insertInto('idempotency_keys')
      .values({
        project_id: p('project_id'),
        environment: p('environment'),
        key: p('key'),
        request_hash: p('request_hash'),
        response_status: p('response_status'),
        response_body: p('response_body'),
        created_at: p('now'),
        expires_at: p('expires_at'),
      })
      .onConflict((oc) => oc.columns(['project_id', 'environment', 'key']).doNothing())
      .returning('key'),
  );

  const readKey = prepareQuery(store, (p) =>
    db
      .selectFrom('api_keys')
      .select('revoked_at')
      .where('id', '=', p('key_id'))
      .where('project_id', '=', p('project_id'))
      .where('environment', '=', p('environment')),
  );

  const readAgent = prepareQuery(store, (p) =>
    db
      .selectFrom('agents')
      .select(['group_id', 'placed_by_kind'])
      .where('project_id', '=', p('project_id'))
      .where('environment', '=', p('environment'))
      .where('id', '=', p('agent_id')),
  );

  const insertConversation = prepareQuery(store, (p) =>
    db
      .insertInto('conversations')
      .values({
        id: p('id'),
        project_id: p('project_id'),
        environment: p('environment'),
        external_id: p('external_id'),
        channel: p('channel'),
        status: 'queued',
        outcome: null,
        started_at: p('started_at'),
        ended_at: p('ended_at'),
        ended_at_ms: p('ended_at_ms'),
        ended_by: p('ended_by'),
        agent_id: p('agent_id'),
        agent_version: p('agent_version'),
        group_id: p('group_id'),
        received_at: p('now'),
        updated_at: p('now'),
      })
      .onConflict((oc) => oc.columns(['project_id', 'environment', 'external_id']).doNothing())
      .returning('id'),
  );

  /** PostgreSQL only: there each statement is a round trip (postgres-ingest-statement.ts). */
  const oneStatement = store.dialect === 'postgres' ? prepareOneStatementIngest(store, SCORE_CONVERSATION_JOB) : null;

  const insertDocument = prepareQuery(store, (p) =>
    db.insertInto('conversation_documents').values({ conversation_id: p('conversation_id'), document: p('document') }),
  );

  const insertJob = prepareQuery(store, (p) =>
    db.insertInto('jobs').values({
      id: p('id'),
      kind: SCORE_CONVERSATION_JOB,
      project_id: p('project_id'),
      environment: p('environment'),
      subject_id: p('subject_id'),
      status: 'queued',
      run_at: p('now'),
      lease_until: null,
      locked_by: null,
      last_error: null,
      created_at: p('now'),
      updated_at: p('now'),
    }),
  );

  function scopeParams(scope: Scope) {
    return { project_id: scope.projectId, environment: scope.environment };
  }

  /**
   * Takes the idempotency key, with the response this request plans to give, before the conversation is
   * written: on PostgreSQL a concurrent request with the same key waits on this insert until the first
   * commits, then reads the stored response. Returns the earlier outcome when the key was already taken.
   */
  async function claimIdempotencyKey(
    tx: Kysely<Database>,
    scope: Scope,
    claim: HashedClaim,
    response: StoredResponse,
    now: number,
  ): Promise<IngestOutcome | null> {
    for (;;) {
      const claimed = await claimKey.execute(tx, {
        project_id: scope.projectId,
        environment: scope.environment,
        key: claim.key,
        request_hash: claim.requestHash,
        response_status: response.status,
        response_body: JSON.stringify(response.body),
        now,
        expires_at: now + claim.ttlMs,
      });
      if (claimed.length > 0) return null;
      // Rare: the key was used before (a retry) or is being used right now (a concurrent twin).
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
   * Files a first-seen agent (into the conversation's group when one is named), or an agent that has no
   * group yet; never moves an agent already in a group, and never one a person placed. Returns the group
   * the agent is in afterwards: under concurrency another request may have filed it first.
   */
  async function fileAgent(
    tx: Kysely<Database>,
    scope: Scope,
    conversationId: string,
    input: NewConversation,
    now: number,
  ) {
    const placement = input.group
      ? { group_id: input.group.id, placed_by_kind: 'conversation', placed_by: conversationId, placed_at: now }
      : { group_id: null, placed_by_kind: null, placed_by: null, placed_at: null };
    await tx
      .insertInto('agents')
      .values({
        ...scopeParams(scope),
        id: input.agent.id,
        name: input.agent.name ?? (input.agent.id === 'default' ? 'Default agent' : input.agent.id),
        archived_at: null,
        created_at: now,
        ...placement,
      })
      .onConflict((oc) => oc.columns([...sameAgent]).doNothing())
      .execute();
    if (input.group) {
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
          ...scopeParams(scope),
          id: input.group.id,
          name: input.group.name ?? input.group.id,
          created_at: now,
        })
        .onConflict((oc) => oc.columns([...sameAgent]).doNothing())
        .execute();
    }
    return groupId;
  }

  async function existingConversation(tx: Kysely<Database>, scope: Scope, externalId: string): Promise<StoredResponse> {
    const row = await tx
      .selectFrom('conversations')
      .select(['id', 'status'])
      .where('project_id', '=', scope.projectId)
      .where('environment', '=', scope.environment)
      .where('external_id', '=', externalId)
      .executeTakeFirstOrThrow();
    return { status: 200, body: { id: row.id, status: row.status as ScoringStatus, duplicate: true } };
  }

  /** Answers a conversation whose external_id is already stored, and records that answer for the claim. */
  async function duplicateOf(
    tx: Kysely<Database>,
    scope: Scope,
    input: NewConversation,
    claim: HashedClaim | null,
  ): Promise<IngestOutcome> {
    const duplicate: IngestOutcome = {
      kind: 'duplicate',
      response: await existingConversation(tx, scope, input.external_id),
    };
    if (claim) {
      await tx
        .updateTable('idempotency_keys')
        .set({ response_status: 200, response_body: JSON.stringify(duplicate.response.body) })
        .where('project_id', '=', scope.projectId)
        .where('environment', '=', scope.environment)
        .where('key', '=', claim.key)
        .execute();
    }
    return duplicate;
  }

  /** Whether this conversation files its agent (new, or not yet in a group), and the group it plans for itself. */
  function placementOf(
    agent: { group_id: string | null; placed_by_kind: string | null } | undefined,
    input: NewConversation,
  ) {
    const needsFiling =
      agent === undefined || (agent.group_id === null && agent.placed_by_kind !== 'person' && input.group !== null);
    return { needsFiling, plannedGroup: needsFiling ? (input.group?.id ?? null) : (agent?.group_id ?? null) };
  }

  /** Files the agent after its conversation was inserted, and moves the conversation to the group it ended in. */
  async function fileAgentOf(
    tx: Kysely<Database>,
    scope: Scope,
    id: string,
    input: NewConversation,
    now: number,
    plannedGroup: string | null,
  ): Promise<void> {
    const groupId = await fileAgent(tx, scope, id, input, now);
    if (groupId !== plannedGroup) {
      await tx.updateTable('conversations').set({ group_id: groupId }).where('id', '=', id).execute();
    }
  }

  /** The unit statement by statement, from the idempotency claim on (the key was checked). */
  async function fromClaim(
    tx: Kysely<Database>,
    scope: Scope,
    input: NewConversation,
    claim: HashedClaim | null,
    created: Created,
    now: number,
  ): Promise<IngestOutcome> {
    const { id } = created.response.body;
    if (claim) {
      const earlier = await claimIdempotencyKey(tx, scope, claim, created.response, now);
      if (earlier) return earlier;
    }

    const [agent] = await readAgent.execute(tx, {
      project_id: scope.projectId,
      environment: scope.environment,
      agent_id: input.agent.id,
    });
    const { needsFiling, plannedGroup } = placementOf(agent, input);

    const inserted = await insertConversation.execute(tx, conversationParams(scope, input, id, plannedGroup, now));
    // The external_id is taken: answer with the stored conversation and create nothing.
    if (inserted.length === 0) return duplicateOf(tx, scope, input, claim);
    await insertDocument.execute(tx, { conversation_id: id, document: documentOf(input) });
    await insertJob.execute(tx, {
      project_id: scope.projectId,
      environment: scope.environment,
      id: scoringJobIdFor(id),
      subject_id: id,
      now,
    });

    if (needsFiling) await fileAgentOf(tx, scope, id, input, now, plannedGroup);
    return created;
  }

  /**
   * On PostgreSQL, the common case in one statement (see postgres-ingest-statement.ts); whatever it reports
   * as unusual continues statement by statement, in the same transaction.
   */
  async function inOneStatement(
    ingestInOneStatement: OneStatementIngest,
    tx: Kysely<Database>,
    scope: Scope,
    input: NewConversation,
    claim: HashedClaim | null,
    keyId: string | undefined,
    created: Created,
    now: number,
  ): Promise<IngestOutcome> {
    const { id } = created.response.body;
    const outcome = await ingestInOneStatement(tx, {
      ...conversationParams(scope, input, id, input.group?.id ?? null, now),
      key_id: keyId ?? null,
      key: claim?.key ?? null,
      request_hash: claim?.requestHash ?? null,
      response_body: claim ? JSON.stringify(created.response.body) : null,
      expires_at: claim ? now + claim.ttlMs : null,
      document: documentOf(input),
      job_id: scoringJobIdFor(id),
    });
    if (!outcome.keyValid) return { kind: 'key_revoked' };
    // The idempotency key was taken (a retry, a concurrent twin or an expired record): nothing else was written.
    if (claim && !outcome.claimed) return fromClaim(tx, scope, input, claim, created, now);
    if (outcome.conversationId === null) return duplicateOf(tx, scope, input, claim);
    const { needsFiling, plannedGroup } = placementOf(outcome.agent, input);
    if (needsFiling) await fileAgentOf(tx, scope, id, input, now, plannedGroup);
    return created;
  }

  return function ingest(scope, input, unhashedClaim, keyId) {
    const claim = hashedClaim(unhashedClaim, input);
    return store.write(async (tx): Promise<IngestOutcome> => {
      const now = clock();
      const id = newId('conv', now);
      const created: Created = { kind: 'created', response: { status: 202, body: { id, status: 'queued' } } };
      if (oneStatement) return inOneStatement(oneStatement, tx, scope, input, claim, keyId, created, now);
      if (keyId !== undefined) {
        const [key] = await readKey.execute(tx, {
          project_id: scope.projectId,
          environment: scope.environment,
          key_id: keyId,
        });
        if (!key || key.revoked_at !== null) return { kind: 'key_revoked' };
      }
      return fromClaim(tx, scope, input, claim, created, now);
    });
  };
}
