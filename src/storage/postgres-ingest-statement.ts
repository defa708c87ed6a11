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
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Scope } from './conversation-repo.js';
import type { Database } from './schema.js';
import { namedStatement } from './statement-names.js';

export interface OneStatementIngest {
  scope: Scope;
  /** The API key to confirm as not revoked, when the request's key must be checked in the transaction. */
  keyId: string | undefined;
  claim: { key: string; requestHash: string; responseBody: string; expiresAt: number } | undefined;
  conversation: {
    id: string;
    externalId: string;
    channel: string;
    startedAt: string | null;
    endedAt: string;
    endedAtMs: number;
    endedBy: string | null;
    agentId: string;
    agentVersion: string | null;
    /** The group the conversation names, filed into when the agent is new or has no group yet. */
    groupId: string | null;
    document: string;
  };
  jobId: string;
  jobKind: string;
  now: number;
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

/** The statement's text is the same at every run (only the values change): name it once. */
let lastNamed: { sql: string; named: string } | undefined;
function named(sql: string): string {
  if (lastNamed?.sql !== sql) lastNamed = { sql, named: namedStatement(sql) };
  return lastNamed.named;
}

export async function ingestInOneStatement(
  tx: Kysely<Database>,
  input: OneStatementIngest,
): Promise<OneStatementOutcome> {
  const { scope, claim, conversation: c, now } = input;
  const project = scope.projectId;
  const environment = scope.environment;
  const claimKey = claim?.key ?? null;
  const query = sql<Row>`
    with valid_key as (
      select 1 as valid
      where ${input.keyId ?? null}::text is null
         or exists (
           select 1 from api_keys
           where id = ${input.keyId ?? null}::text and project_id = ${project} and environment = ${environment}
             and revoked_at is null)
    ),
    claim as (
      insert into idempotency_keys
        (project_id, environment, key, request_hash, response_status, response_body, created_at, expires_at)
      select ${project}, ${environment}, ${claimKey}::text, ${claim?.requestHash ?? null}::text, 202,
             ${claim?.responseBody ?? null}::text, ${now}::bigint, ${claim?.expiresAt ?? null}::bigint
      from valid_key
      where ${claimKey}::text is not null
      on conflict (project_id, environment, key) do nothing
      returning 1 as claimed
    ),
    agent as (
      select group_id, placed_by_kind from agents
      where project_id = ${project} and environment = ${environment} and id = ${c.agentId}
    ),
    conversation as (
      insert into conversations
        (id, project_id, environment, external_id, channel, status, outcome, started_at, ended_at, ended_at_ms,
         ended_by, agent_id, agent_version, group_id, received_at, updated_at)
      select ${c.id}, ${project}, ${environment}, ${c.externalId}, ${c.channel}, 'queued', null,
             ${c.startedAt}::text, ${c.endedAt}, ${c.endedAtMs}::bigint, ${c.endedBy}::text, ${c.agentId},
             ${c.agentVersion}::text,
             case
               when not exists (select 1 from agent) then ${c.groupId}::text
               when (select group_id from agent) is null
                    and (select placed_by_kind from agent) is distinct from 'person' then ${c.groupId}::text
               else (select group_id from agent)
             end,
             ${now}::bigint, ${now}::bigint
      from valid_key
      where ${claimKey}::text is null or exists (select 1 from claim)
      on conflict (project_id, environment, external_id) do nothing
      returning id
    ),
    document as (
      insert into conversation_documents (conversation_id, document)
      select id, ${c.document} from conversation
    ),
    job as (
      insert into jobs
        (id, kind, project_id, environment, subject_id, status, run_at, lease_until, locked_by, last_error,
         created_at, updated_at)
      select ${input.jobId}, ${input.jobKind}, ${project}, ${environment}, id, 'queued', ${now}::bigint, null, null,
             null, ${now}::bigint, ${now}::bigint
      from conversation
    )
    select
      exists (select 1 from valid_key) as key_valid,
      exists (select 1 from claim) as claimed,
      exists (select 1 from agent) as agent_found,
      (select group_id from agent) as agent_group_id,
      (select placed_by_kind from agent) as agent_placed_by_kind,
      (select id from conversation) as conversation_id
  `.compile(tx);
  const result = await tx.executeQuery<Row>(CompiledQuery.raw(named(query.sql), [...query.parameters]));
  const row = result.rows[0];
  if (!row) throw new Error('the ingest statement returned no row');
  return {
    keyValid: row.key_valid,
    claimed: row.claimed,
    agent: row.agent_found ? { group_id: row.agent_group_id, placed_by_kind: row.agent_placed_by_kind } : undefined,
    conversationId: row.conversation_id,
  };
}
