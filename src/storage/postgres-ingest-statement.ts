/**
 * The common case of ingest on PostgreSQL in one statement. There, each statement is a round trip to the
 * server, and the round trips rather than the work were most of the cost: ten per conversation (BEGIN, the
 * key check, the idempotency claim, the agent, the conversation, its document, its job, COMMIT), with the
 * socket writes alone a third of the API process's CPU. One data-modifying WITH statement does the key
 * check, the claim, the agent read and the three inserts, so the transaction takes three.
 *
 * Each write is conditioned on the ones before it: nothing is claimed for a revoked key, and the conversation
 * is inserted only when the key is valid and the idempotency key was claimed (or none was sent). So when the
 * row reports anything unusual (a revoked key, an idempotency key already taken, an external id already
 * stored), the statement has written no more than the step-by-step path would have at that point, and that
 * path takes over in the same transaction.
 *
 * The inserts of the document and the job see the conversation through RETURNING, not through the table
 * (all parts of one statement read the same snapshot); the document's foreign key is checked at the end of
 * the statement, when the conversation is there.
 */
import { type Kysely, sql } from 'kysely';
import { prepareQuery } from './prepared.js';
import type { Database } from './schema.js';
import type { Store } from './store.js';
import type { ConversationParams } from './types.js';

/**
 * The statement's values; the conversation's are those of the step-by-step insert, but `group_id` is the group
 * the conversation names, which the statement's filing rule applies (see placementOf).
 */
export interface OneStatementParams extends ConversationParams {
  /** The API key to confirm as not revoked, or null when the request's key need not be checked here. */
  key_id: string | null;
  /** The idempotency claim, all null when the request sent no Idempotency-Key. */
  key: string | null;
  request_hash: string | null;
  response_body: string | null;
  expires_at: number | null;
  document: string;
  job_id: string;
}

export interface OneStatementOutcome {
  keyValid: boolean;
  /** True when the idempotency key was claimed by this statement; false when none was sent or it was taken. */
  claimed: boolean;
  agent: { group_id: string | null; placed_by_kind: string | null } | undefined;
  /** Null when nothing was inserted: the key was revoked, the idempotency key taken, or the external id stored. */
  conversationId: string | null;
}

interface Row {
  key_valid: boolean;
  claimed: boolean;
  agent_found: boolean;
  agent_group_id: string | null;
  agent_placed_by_kind: string | null;
  conversation_id: string | null;
}

export type OneStatementIngest = (tx: Kysely<Database>, params: OneStatementParams) => Promise<OneStatementOutcome>;

/** Built once per store, and prepared once per connection like every `prepareQuery` statement. */
export function prepareOneStatementIngest(store: Store, jobKind: string): OneStatementIngest {
  const statement = prepareQuery<Row>(store, (p) => ({
    compile: () =>
      sql<Row>`
    with valid_key as (
      select 1 as valid
      where ${p('key_id')}::text is null
         or exists (
           select 1 from api_keys
           where id = ${p('key_id')}::text and project_id = ${p('project_id')} and environment = ${p('environment')}
             and revoked_at is null)
    ),
    claim as (
      insert into idempotency_keys
        (project_id, environment, key, request_hash, response_status, response_body, created_at, expires_at)
      select ${p('project_id')}, ${p('environment')}, ${p('key')}::text, ${p('request_hash')}::text, 202,
             ${p('response_body')}::text, ${p('now')}::bigint, ${p('expires_at')}::bigint
      from valid_key
      where ${p('key')}::text is not null
      on conflict (project_id, environment, key) do nothing
      returning 1 as claimed
    ),
    agent as (
      select group_id, placed_by_kind from agents
      where project_id = ${p('project_id')} and environment = ${p('environment')} and id = ${p('agent_id')}
    ),
    conversation as (
      insert into conversations
        (id, project_id, environment, external_id, channel, status, outcome, started_at, ended_at, ended_at_ms,
         ended_by, agent_id, agent_version, group_id, received_at, updated_at)
      select ${p('id')}, ${p('project_id')}, ${p('environment')}, ${p('external_id')}, ${p('channel')}, 'queued', null,
             ${p('started_at')}::text, ${p('ended_at')}, ${p('ended_at_ms')}::bigint, ${p('ended_by')}::text, ${p('agent_id')},
             ${p('agent_version')}::text,
             -- the same rule as placementOf in conversation-ingest.ts: a new agent, or one in no group that no
             -- person placed, is filed into the group this conversation names
             case
               when not exists (select 1 from agent) then ${p('group_id')}::text
               when (select group_id from agent) is null
                    and (select placed_by_kind from agent) is distinct from 'person' then ${p('group_id')}::text
               else (select group_id from agent)
             end,
             ${p('now')}::bigint, ${p('now')}::bigint
      from valid_key
      where ${p('key')}::text is null or exists (select 1 from claim)
      on conflict (project_id, environment, external_id) do nothing
      returning id
    ),
    document as (
      insert into conversation_documents (conversation_id, document)
      select id, ${p('document')} from conversation
    ),
    job as (
      insert into jobs
        (id, kind, project_id, environment, subject_id, status, run_at, lease_until, locked_by, last_error,
         created_at, updated_at)
      select ${p('job_id')}, ${jobKind}, ${p('project_id')}, ${p('environment')}, id, 'queued', ${p('now')}::bigint, null, null,
             null, ${p('now')}::bigint, ${p('now')}::bigint
      from conversation
    )
    select
      exists (select 1 from valid_key) as key_valid,
      exists (select 1 from claim) as claimed,
      exists (select 1 from agent) as agent_found,
      (select group_id from agent) as agent_group_id,
      (select placed_by_kind from agent) as agent_placed_by_kind,
      (select id from conversation) as conversation_id
  `.compile(store.db),
  }));

  return async function ingestInOneStatement(
    tx: Kysely<Database>,
    params: OneStatementParams,
  ): Promise<OneStatementOutcome> {
    const [row] = await statement.execute(tx, { ...params });
    if (!row) throw new Error('the ingest statement returned no row');
    return {
      keyValid: row.key_valid,
      claimed: row.claimed,
      agent: row.agent_found ? { group_id: row.agent_group_id, placed_by_kind: row.agent_placed_by_kind } : undefined,
      conversationId: row.conversation_id,
    };
  };
}
