/** Table shapes as kysely sees them. Instants are epoch milliseconds; JSON documents are text kept as sent. */
import type { Generated } from 'kysely';

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
  transcript: string;
  events: string;
  metadata: string;
  received_at: number;
  updated_at: number;
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
  created_at: number;
}

export interface Database {
  workspaces: WorkspacesTable;
  projects: ProjectsTable;
  api_keys: ApiKeysTable;
  groups: GroupsTable;
  agents: AgentsTable;
  conversations: ConversationsTable;
  check_results: CheckResultsTable;
  feedback_labels: FeedbackLabelsTable;
  idempotency_keys: IdempotencyKeysTable;
  jobs: JobsTable;
  checks: ChecksTable;
  check_versions: CheckVersionsTable;
}
