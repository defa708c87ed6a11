/** Checks: what is scored, and the shape of one scored result. Pure data, no I/O. */
import { CHANNELS, type Channel, type Speaker } from './conversation.js';
import type { JudgeDefinition } from './judge.js';

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
  /** Present for plain-language checks, which the LLM judge decides. */
  judge?: JudgeDefinition;
  /** Where the check applies; absent means every conversation. Outside it the check yields no result. */
  scope?: CheckScope;
}

/**
 * Where a check applies. Each dimension given narrows it (all must hold); within one, any listed value
 * matches. `groups` is the conversation's group (its agent's group when it was received); `metadata`
 * compares top-level keys for equality of their text (so `"7"` and `7` are equal).
 */
export interface CheckScope {
  channels?: Channel[];
  agents?: string[];
  groups?: string[];
  metadata?: Record<string, string | number | boolean>;
}

/** What of a conversation a scope looks at. */
export interface ScopeSubject {
  channel: Channel;
  agent_id?: string | undefined;
  group_id?: string | null | undefined;
  metadata: Record<string, unknown>;
}

const SCOPE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
const MAX_SCOPE_VALUES = 200;

/** The scope with empty dimensions dropped, or undefined when nothing narrows it (every conversation). */
export function normaliseScope(scope: CheckScope | null | undefined): CheckScope | undefined {
  if (!scope) return undefined;
  const out: CheckScope = {};
  if (scope.channels && scope.channels.length > 0) out.channels = [...new Set(scope.channels)];
  if (scope.agents && scope.agents.length > 0) out.agents = [...new Set(scope.agents)];
  if (scope.groups && scope.groups.length > 0) out.groups = [...new Set(scope.groups)];
  if (scope.metadata && Object.keys(scope.metadata).length > 0) out.metadata = { ...scope.metadata };
  return Object.keys(out).length > 0 ? out : undefined;
}

/** An error message for a scope that cannot be stored, or null. Scopes arrive from people (CLI, application). */
export function validateScope(scope: unknown): string | null {
  if (scope === null || scope === undefined) return null;
  if (typeof scope !== 'object' || Array.isArray(scope)) return 'scope must be an object';
  const known = new Set(['channels', 'agents', 'groups', 'metadata']);
  const unknownKey = Object.keys(scope).find((key) => !known.has(key));
  if (unknownKey) return `scope has no field ${unknownKey} (channels, agents, groups, metadata)`;
  const { channels, agents, groups, metadata } = scope as Record<string, unknown>;
  if (channels !== undefined) {
    if (!Array.isArray(channels) || channels.some((c) => !(CHANNELS as readonly unknown[]).includes(c)))
      return 'scope.channels must list voice and/or chat';
  }
  for (const [name, ids] of [
    ['agents', agents],
    ['groups', groups],
  ] as const) {
    if (ids === undefined) continue;
    if (!Array.isArray(ids) || ids.length > MAX_SCOPE_VALUES)
      return `scope.${name} must be a list of at most ${MAX_SCOPE_VALUES} ids`;
    if (ids.some((id) => typeof id !== 'string' || !SCOPE_ID.test(id)))
      return `scope.${name} holds an id that is not letters, digits, ".", "_", ":" or "-"`;
  }
  if (metadata !== undefined) {
    if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
      return 'scope.metadata must be an object of key: value';
    const entries = Object.entries(metadata);
    if (entries.length > 50) return 'scope.metadata may compare at most 50 keys';
    for (const [key, value] of entries) {
      if (key.length === 0 || key.length > 200) return 'scope.metadata keys must be 1 to 200 characters';
      if (!['string', 'number', 'boolean'].includes(typeof value) || String(value).length > 500)
        return `scope.metadata.${key} must be a string, number or boolean of at most 500 characters`;
    }
  }
  return null;
}

/** Whether a conversation is inside a check's scope (always, without one). */
export function scopeIncludes(scope: CheckScope | undefined, subject: ScopeSubject): boolean {
  if (!scope) return true;
  if (scope.channels && !scope.channels.includes(subject.channel)) return false;
  if (scope.agents && (subject.agent_id === undefined || !scope.agents.includes(subject.agent_id))) return false;
  if (scope.groups && (subject.group_id == null || !scope.groups.includes(subject.group_id))) return false;
  if (scope.metadata) {
    for (const [key, wanted] of Object.entries(scope.metadata)) {
      if (!Object.hasOwn(subject.metadata, key)) return false;
      const value = subject.metadata[key];
      if (!['string', 'number', 'boolean'].includes(typeof value) || String(value) !== String(wanted)) return false;
    }
  }
  return true;
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
