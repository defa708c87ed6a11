/** Shapes of the conversation endpoints of /app/api (docs/app-api.md). Everything in them is caller text. */
export type ConversationStatus = 'queued' | 'evaluating' | 'done' | 'failed';

export interface ConversationSummary {
  id: string;
  external_id: string;
  channel: string;
  status: ConversationStatus;
  outcome: string | null;
  started_at: string | null;
  ended_at: string | null;
  ended_by: string | null;
  duration_ms: number | null;
  agent: { id: string; name: string; version: string | null };
  group: { id: string; name: string } | null;
  failed_checks: string[];
  frustration: number | null;
  dashboard_url: string;
}

export interface Turn {
  speaker: string;
  text: string;
  start_ms?: number;
  end_ms?: number;
  asr_confidence?: number;
}

export interface ConversationEvent {
  type: string;
  name?: string;
  status?: string;
  target?: string;
  at_ms?: number;
  [extra: string]: unknown;
}

export interface CheckResult {
  check_key: string;
  check_name: string;
  check_version: number;
  check_status: 'draft' | 'shadow' | 'active';
  check_category?: string | null;
  check_severity?: string | null;
  /** The options of a multiple-choice check; absent for pass/fail checks. */
  check_choices?: string[] | null;
  score: number | null;
  verdict: string;
  choice: string | null;
  decided_by: string | null;
  reason: string | null;
  evidence_turns: number[];
  scorer_version: string;
  latency_ms: number | null;
}

export interface Label {
  id: string;
  check_key: string;
  verdict: 'pass' | 'fail' | null;
  choice: string | null;
  note: string | null;
  source: 'api' | 'app';
  user: { id: string; name: string } | null;
  created_at: string;
}

export interface ConversationDetail extends ConversationSummary {
  project_id: string;
  transcript: Turn[];
  events: ConversationEvent[];
  metadata: Record<string, unknown>;
  results: CheckResult[];
  labels: Label[];
  last_error: string | null;
  attempts: number;
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/** The specification's words for outcomes, the planned names included. */
export const OUTCOME_WORDS: Record<string, string> = {
  resolved: 'Resolved',
  unresolved: 'Unresolved',
  escalated: 'Handed to a person',
  handed_to_person: 'Handed to a person',
  not_real_inquiry: 'Not a customer call',
  not_customer_call: 'Not a customer call',
};

export const OUTCOME_CHOICES = ['resolved', 'unresolved', 'escalated', 'not_real_inquiry'] as const;

export const STATUS_WORDS: Record<ConversationStatus, string> = {
  queued: 'Queued',
  evaluating: 'Scoring',
  done: 'Done',
  failed: 'Failed',
};
