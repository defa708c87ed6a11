/** The Checks page's shapes, as /app/api answers them (docs/app-api.md, part 2). */

export type CheckStatus = 'draft' | 'shadow' | 'active';

export interface CheckScope {
  channels?: ('voice' | 'chat')[];
  agents?: string[];
  groups?: string[];
  metadata?: Record<string, string | number | boolean>;
}

export type CheckRule =
  | {
      type: 'phrase';
      speaker: 'agent' | 'user' | 'human_agent' | 'any';
      mode: 'must_say' | 'must_not_say';
      phrases?: string[];
      pattern?: string;
      within: 'first_turn' | 'any_turn';
    }
  | { type: 'event'; name: string; mode: 'must_call' | 'must_succeed' | 'must_not_call' };

/** A check written in plain language: the judge answers the question. */
export interface JudgeDefinition {
  question: string;
  answer: 'pass_fail' | 'score' | 'choice';
  choices?: string[] | null;
}

export interface CheckSummary {
  key: string;
  name: string;
  kind: string;
  category: string;
  severity: string;
  status: CheckStatus;
  enabled: boolean;
  version: number;
  builtin: boolean;
  scope: CheckScope | null;
  never_alerts: boolean;
  last_7_days: { scored: number; failed: number; failure_rate: number | null };
  /** Plain-language checks only. */
  judge?: JudgeDefinition;
  /** Why a plain-language check yields no result now (no judge connected, or today's cap reached). */
  judge_unavailable_reason?: string;
  /** An active check whose agreement with people's labels fell below the bar, since when. */
  agreement_dropped_at?: string;
}

export interface CheckDefinitionView {
  name: string;
  description: string;
  category: string;
  severity: string;
  rule: CheckRule | null;
  judge?: JudgeDefinition | null;
  scope: CheckScope | null;
}

export interface CheckVersion {
  version: number;
  created_at: string | null;
  changed_by: { kind: 'user' | 'cli' | 'other'; id: string | null; name: string } | null;
  definition: CheckDefinitionView;
  previous: CheckDefinitionView | null;
}

export interface CheckPage extends CheckSummary {
  description: string;
  rule: CheckRule | null;
  options: string[] | null;
  versions: CheckVersion[];
  distribution: { days: number; limit: number; scored: number; verdicts: Record<string, number>; scores: number[] };
  recent_failures: {
    id: string;
    external_id: string;
    ended_at: string;
    channel: string;
    agent: { id: string; name: string; version: string | null };
  }[];
}

export interface PreviewItem {
  id: string;
  external_id: string;
  ended_at: string;
  channel: string;
  agent_id: string | null;
  result: 'pass' | 'fail' | 'not_applicable';
  verdict: string | null;
  reason: string | null;
}

export interface PreviewAnswer {
  data: PreviewItem[];
  summary: { pass: number; fail: number; not_applicable: number };
}

export interface CheckInput {
  key?: string;
  name: string;
  description: string;
  category: string;
  severity: string;
  rule?: CheckRule;
  judge?: JudgeDefinition;
  scope: CheckScope | null;
}
