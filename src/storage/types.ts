/**
 * The storage layer's shared types: what the conversation repository, the ingest unit, its PostgreSQL
 * statement, the results writer, health and the webhook outbox all speak. A leaf: it imports only the domain
 * and the schema, so every storage file can import it and no import loop runs through it.
 */
import type { CheckCategory, CheckResult, Severity } from '../domain/checks.js';
import type {
  Channel,
  ConversationEvent,
  EndedBy,
  Environment,
  Outcome,
  ScoringStatus,
  Turn,
} from '../domain/conversation.js';
import type { ConversationsTable } from './schema.js';

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
  /**
   * The request body exactly as received, stored as the conversation's document so that transcript, events
   * and metadata come back as sent without being serialised again. Made from the fields when absent.
   */
  document?: string;
}

/**
 * The claim a request makes with its Idempotency-Key. A retry must send the same bytes: the ingest unit compares
 * requests by the SHA-256 of the conversation's document, which is the body as received.
 */
export interface IdempotencyClaim {
  key: string;
  ttlMs: number;
}

export interface StoredResponse {
  status: 200 | 202;
  body: { id: string; status: ScoringStatus; duplicate?: true };
}

export type IngestOutcome =
  | { kind: 'created' | 'duplicate'; response: StoredResponse }
  | { kind: 'replayed'; response: StoredResponse }
  | { kind: 'idempotency_conflict' }
  /** The API key the request came with was revoked before the unit ran; nothing was written. */
  | { kind: 'key_revoked' };

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
 * A result to store, with the category and severity its check had when scored: health counts compliance
 * failures from them. Results stored without them never count as compliance failures.
 */
export type StoredResult = CheckResult & { check_category?: CheckCategory | null; check_severity?: Severity | null };

/** A new conversation's values, as both ways of inserting it take them. */
export type ConversationParams = Pick<
  ConversationsTable,
  | 'project_id'
  | 'environment'
  | 'id'
  | 'external_id'
  | 'channel'
  | 'started_at'
  | 'ended_at'
  | 'ended_at_ms'
  | 'ended_by'
  | 'agent_id'
  | 'agent_version'
  | 'group_id'
> & { now: number };
