/** Table shapes as kysely sees them. Instants are epoch milliseconds; JSON documents are text kept as sent. */
import type { Generated } from 'kysely';
import type { HealthTotals } from '../domain/health/contribution.js';

export interface WorkspacesTable {
  id: string;
  name: string;
  timezone: string;
  created_at: number;
}

export interface ProjectsTable {
  id: string;
  workspace_id: string;
  name: string;
  created_at: number;
  /** When the first booking-like tool call arrived; the built-in booking checks apply from then on. */
  booking_checks_on_at: number | null;
}

export interface ApiKeysTable {
  id: string;
  project_id: string;
  environment: string;
  role: string;
  name: string;
  key_hash: string;
  /** Enough of the key to recognise it in a list, never enough to use it. */
  key_hint: string;
  created_at: number;
  revoked_at: number | null;
  /** When the key last authenticated a request, written at most once a minute per key (migration 007). */
  last_used_at: number | null;
}

export interface GroupsTable {
  project_id: string;
  environment: string;
  id: string;
  name: string;
  created_at: number;
}

export interface AgentsTable {
  project_id: string;
  environment: string;
  id: string;
  name: string;
  group_id: string | null;
  /** 'conversation' when filed by a conversation's `group`, 'person' when placed from the application or CLI. */
  placed_by_kind: string | null;
  /** The conversation id or the person (actor) that placed the agent. */
  placed_by: string | null;
  placed_at: number | null;
  archived_at: number | null;
  created_at: number;
}

export interface ConversationsTable {
  id: string;
  project_id: string;
  environment: string;
  external_id: string;
  channel: string;
  status: string;
  outcome: string | null;
  started_at: string | null;
  ended_at: string;
  ended_at_ms: number;
  ended_by: string | null;
  agent_id: string;
  agent_version: string | null;
  group_id: string | null;
  received_at: number;
  updated_at: number;
}

/** Apart from `conversations`, whose rows scoring updates: written once, never updated. */
export interface ConversationDocumentsTable {
  conversation_id: string;
  /** The request body as received (JSON): transcript, events and metadata are read from it. */
  document: string;
}

export interface CheckResultsTable {
  conversation_id: string;
  check_key: string;
  project_id: string;
  environment: string;
  check_name: string;
  check_version: number;
  check_status: string;
  score: number | null;
  verdict: string;
  choice: string | null;
  decided_by: string | null;
  reason: string | null;
  evidence_turns: string;
  scorer_version: string;
  latency_ms: number | null;
  position: number;
  created_at: number;
  /** The check's category and severity when the result was scored (null for results stored without them). */
  check_category: string | null;
  check_severity: string | null;
  /** The conversation's ended_at_ms on failing results, for the list's failed_check filter (migration 008). */
  ended_at_ms: number | null;
}

export interface FeedbackLabelsTable {
  id: string;
  project_id: string;
  environment: string;
  conversation_id: string;
  check_key: string;
  verdict: string;
  note: string | null;
  source: string;
  created_at: number;
  /** The person who gave a label in the application (source `app`); null for the API's (migration 007). */
  user_id: string | null;
  /** For a multiple-choice result: the choice the person named as right (migration 007). */
  choice: string | null;
}

export interface IdempotencyKeysTable {
  project_id: string;
  environment: string;
  key: string;
  request_hash: string;
  response_status: number;
  response_body: string;
  created_at: number;
  expires_at: number;
}

export interface JobsTable {
  id: string;
  kind: string;
  project_id: string;
  environment: string;
  subject_id: string;
  status: string;
  attempts: Generated<number>;
  run_at: number;
  lease_until: number | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface ChecksTable {
  project_id: string;
  key: string;
  /** 1 for a built-in check (its definition lives in code), 0 for a project's own. */
  builtin: number;
  enabled: number;
  status: string;
  current_version: number;
  created_at: number;
  updated_at: number;
}

/** Every edit of a check writes a new version; results name the version they were scored with. */
export interface CheckVersionsTable {
  project_id: string;
  key: string;
  version: number;
  name: string;
  description: string;
  kind: string;
  category: string;
  severity: string;
  options: string | null;
  rule: string | null;
  /** JSON JudgeDefinition of a plain-language check; null otherwise (migration 009). */
  judge: string | null;
  /** JSON CheckScope: where the check applies; null for every conversation (migration 010). */
  scope: string | null;
  /** Who wrote this version ("app:<user id>", "cli:<login>"); null for versions made before migration 010. */
  created_by: string | null;
  created_at: number;
}

/** A project's judge: its own connection (else the instance's) and cost controls (migration 009). */
export interface JudgeSettingsTable {
  project_id: string;
  base_url: string | null;
  model: string | null;
  /** The API key sealed with the instance's secret key (AES-256-GCM); never stored or shown plain. */
  api_key_sealed: string | null;
  /** json_schema, json_object or tools: the structured-output form the endpoint answered with. */
  structured_output: string | null;
  /** Which connection (base URL and model) `structured_output` was found for. */
  structured_output_for: string | null;
  tested_at: number | null;
  /** JSON array of built-in check keys sent to second review; null for all of them. */
  review_checks: string | null;
  sample_rate: number;
  daily_cap: number | null;
  concurrency: number;
  score_band_low: number | null;
  score_band_high: number | null;
  timeout_ms: number;
  created_at: number;
  updated_at: number;
}

/** Judge calls per project and UTC day, for the daily cap. */
export interface JudgeUsageTable {
  project_id: string;
  day: string;
  calls: number;
  /** When a call was first refused for the cap that day. */
  capped_at: number | null;
}

/** A judge's parsed answer, by a hash of what it was asked (conversation, check version, model, prompt version). */
export interface JudgeCacheTable {
  project_id: string;
  cache_key: string;
  answer: string;
  created_at: number;
}

/** A conversation scored by the model and waiting for its second review: the model's results as JSON. */
export interface SecondReviewsTable {
  conversation_id: string;
  project_id: string;
  environment: string;
  payload: string;
  created_at: number;
}

/** Every change of a check's status, with the agreement it was made on or the owner's written override. */
export interface CheckStatusChangesTable {
  id: string;
  project_id: string;
  key: string;
  version: number;
  from_status: string;
  to_status: string;
  override_reason: string | null;
  /** JSON: the agreement figures when the change was made. */
  agreement: string | null;
  created_at: number;
}

/** The last agreement verdict of an active check per environment: `dropped_at` is set while below the bar. */
export interface CheckAgreementFlagsTable {
  project_id: string;
  environment: string;
  key: string;
  dropped_at: number | null;
  kappa: number | null;
  labels: number;
  evaluated_at: number;
}

/** The counters of a health rollup or of one conversation's contribution: the domain's totals, as columns. */
export type HealthCounters = HealthTotals;

/** What one scored conversation added to its agent's day, so a re-score can take exactly that out again. */
export interface HealthContributionsTable extends HealthCounters {
  conversation_id: string;
  project_id: string;
  environment: string;
  agent_id: string;
  /** Local date (YYYY-MM-DD) in the workspace time zone, by ended_at. */
  day: string;
  /** JSON array of {key, name, high}: the compliance checks that failed. */
  failed_checks: string;
}

/** Daily rollup per agent and local day: health reads these, never conversations. */
export interface HealthDailyTable extends HealthCounters {
  project_id: string;
  environment: string;
  agent_id: string;
  day: string;
}

/** Compliance failures per check, agent and day, so a reason can name the check. */
export interface HealthDailyChecksTable {
  project_id: string;
  environment: string;
  agent_id: string;
  day: string;
  check_key: string;
  check_name: string;
  failures: number;
  high_severity_failures: number;
}

/** Each `agent.version` with the local day it was first seen (by ended_at). */
export interface AgentReleasesTable {
  project_id: string;
  environment: string;
  agent_id: string;
  version: string;
  first_seen_day: string;
  first_seen_at: number;
}

/** The last status of every agent and group, per environment. */
export interface HealthStatesTable {
  project_id: string;
  environment: string;
  subject_kind: string;
  subject_id: string;
  status: string;
  reason: string;
  /** How many transitions were recorded; the next one gets this plus one as its `seq`. */
  transitions: number;
  updated_at: number;
}

/** Every change of a health status, recorded in the transaction that caused it; `event` is the webhook it fires. */
export interface HealthTransitionsTable {
  id: string;
  project_id: string;
  environment: string;
  subject_kind: string;
  subject_id: string;
  /** 1, 2, 3… per subject: the order of its transitions (ids made in one millisecond do not sort). */
  seq: number;
  /** For an agent: its group at the time (webhook payloads carry agent and group). */
  group_id: string | null;
  old_status: string;
  new_status: string;
  reason: string;
  event: string | null;
  created_at: number;
}

/** One row per workspace and local day once the midnight sweep ran: it runs once even with many processes. */
export interface HealthSweepsTable {
  workspace_id: string;
  day: string;
  swept_at: number;
}

/** A customer's webhook receiver, per project and environment. Secrets are kept usable: they sign. */
export interface WebhookEndpointsTable {
  id: string;
  project_id: string;
  environment: string;
  url: string;
  description: string | null;
  /** JSON array of event types, or null for every type. */
  events: string | null;
  secret: string;
  /** After a rotation the old secret also signs until previous_secret_expires_at. */
  previous_secret: string | null;
  previous_secret_expires_at: number | null;
  enabled: number;
  disabled_reason: string | null;
  /** When the current run of failed attempts began; null after a success. */
  failing_since: number | null;
  created_at: number;
  updated_at: number;
}

/** The outbox: one message per event and endpoint; its id is the delivery id of every attempt. */
export interface WebhookMessagesTable {
  id: string;
  endpoint_id: string;
  project_id: string;
  environment: string;
  event_id: string;
  event_type: string;
  payload: string;
  /** pending, delivering, delivered, failed, cancelled */
  status: string;
  attempts: number;
  next_attempt_at: number;
  lease_until: number | null;
  locked_by: string | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookAttemptsTable {
  id: string;
  message_id: string;
  endpoint_id: string;
  attempt: number;
  status_code: number | null;
  error: string | null;
  latency_ms: number;
  response_excerpt: string | null;
  created_at: number;
}

/** Failed active checks per project, environment and hour, for the hourly digest. */
export interface WebhookCheckFailuresTable {
  project_id: string;
  environment: string;
  hour_start: number;
  check_key: string;
  check_name: string;
  failures: number;
}

/** One row per endpoint and hour once that hour's digest was considered: it goes out once across processes. */
export interface WebhookDigestsTable {
  endpoint_id: string;
  hour_start: number;
  created_at: number;
}

/** A person in a workspace (migration 007). Removed members keep their row, so labels still name them. */
export interface UsersTable {
  id: string;
  workspace_id: string;
  /** Trimmed and lower-cased. */
  email: string;
  name: string;
  role: string;
  /** See domain/passwords.ts for the format. */
  password_hash: string;
  created_at: number;
  updated_at: number;
  removed_at: number | null;
}

/** A signed-in browser; the token itself is only ever in the browser's cookie. */
export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  workspace_id: string;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
}

/** A link that makes one user once: `setup` (the first owner) or `invite`. */
export interface InvitationsTable {
  id: string;
  token_hash: string;
  workspace_id: string;
  kind: string;
  role: string;
  email: string | null;
  created_by: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  used_by: string | null;
}

export interface Database {
  workspaces: WorkspacesTable;
  users: UsersTable;
  sessions: SessionsTable;
  invitations: InvitationsTable;
  projects: ProjectsTable;
  api_keys: ApiKeysTable;
  groups: GroupsTable;
  agents: AgentsTable;
  conversations: ConversationsTable;
  conversation_documents: ConversationDocumentsTable;
  check_results: CheckResultsTable;
  feedback_labels: FeedbackLabelsTable;
  idempotency_keys: IdempotencyKeysTable;
  jobs: JobsTable;
  checks: ChecksTable;
  check_versions: CheckVersionsTable;
  health_contributions: HealthContributionsTable;
  health_daily: HealthDailyTable;
  health_daily_checks: HealthDailyChecksTable;
  agent_releases: AgentReleasesTable;
  health_states: HealthStatesTable;
  health_transitions: HealthTransitionsTable;
  health_sweeps: HealthSweepsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_messages: WebhookMessagesTable;
  webhook_attempts: WebhookAttemptsTable;
  webhook_check_failures: WebhookCheckFailuresTable;
  webhook_digests: WebhookDigestsTable;
  judge_settings: JudgeSettingsTable;
  judge_usage: JudgeUsageTable;
  judge_cache: JudgeCacheTable;
  second_reviews: SecondReviewsTable;
  check_status_changes: CheckStatusChangesTable;
  check_agreement_flags: CheckAgreementFlagsTable;
}
