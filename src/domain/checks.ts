/** Checks: what is scored, and the shape of one scored result. Pure data, no I/O. */
import type { Speaker } from './conversation.js';

export const CHECK_KINDS = ['pass_fail', 'multiple_choice', 'gating', 'score'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

export const CHECK_CATEGORIES = ['outcome', 'escalation', 'experience', 'compliance', 'booking', 'custom'] as const;
export type CheckCategory = (typeof CHECK_CATEGORIES)[number];

export const SEVERITIES = ['low', 'medium', 'high'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const CHECK_STATUSES = ['draft', 'shadow', 'active'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

export const VERDICTS = ['pass', 'fail', 'uncertain', 'not_applicable', 'met', 'not_met'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const DECIDED_BY = ['rule', 'model', 'llm_judge', 'second_review', 'human'] as const;
export type DecidedBy = (typeof DECIDED_BY)[number];

export const BUILTIN_CHECK_KEYS = [
  'outcome',
  'real_inquiry',
  'person_request_honored',
  'frustration',
  'ai_disclosure',
  'booking_confirmation_accurate',
  'booking_failure_disclosed',
] as const;
export type BuiltinCheckKey = (typeof BUILTIN_CHECK_KEYS)[number];

/** A customer-defined check decided without a language model. */
export type CustomRule =
  | {
      type: 'phrase';
      speaker: Speaker | 'any';
      mode: 'must_say' | 'must_not_say';
      /** Case-insensitive phrases; any one of them matches. */
      phrases?: string[];
      /** A regular expression (JavaScript syntax, case-insensitive). */
      pattern?: string;
      /** Where the phrase must appear: the speaker's first turn, or anywhere. */
      within: 'first_turn' | 'any_turn';
    }
  | {
      type: 'event';
      /** The tool or event name, compared case-insensitively. */
      name: string;
      mode: 'must_call' | 'must_succeed' | 'must_not_call';
    };

/** One immutable version of a check, as the scoring pipeline sees it. */
export interface CheckDefinition {
  key: string;
  name: string;
  description: string;
  kind: CheckKind;
  category: CheckCategory;
  severity: Severity;
  status: CheckStatus;
  version: number;
  /** Options of a multiple-choice check. */
  options?: string[];
  builtin: boolean;
  /** Present for custom rule checks; absent for built-ins (and, later, natural-language checks). */
  rule?: CustomRule;
}

/** What scoring produces for one check on one conversation. */
export interface CheckResultDraft {
  check_key: string;
  score: number | null;
  verdict: Verdict;
  choice: string | null;
  decided_by: DecidedBy | null;
  reason: string | null;
  evidence_turns: number[];
  latency_ms: number | null;
}

/** A stored result: the draft plus what identifies how it was scored. */
export interface CheckResult extends CheckResultDraft {
  check_name: string;
  check_version: number;
  check_status: CheckStatus;
  scorer_version: string;
}
