/**
 * What the Checks routes share: the shapes of a rule and a scope as the form sends them, turning the
 * catalogue's refusals into field errors the form shows inline, and how a check and its versions are shown.
 */
import { z } from 'zod';
import { ApiError } from '../../../api/errors.js';
import type { CatalogueEntry, CheckVersionRecord } from '../../../checks/catalogue.js';
import { CHECK_CATEGORIES, type CheckDefinition, SEVERITIES } from '../../../domain/checks.js';
import { CHANNELS, SPEAKERS } from '../../../domain/conversation.js';
import { JUDGE_ANSWER_KINDS } from '../../../domain/judge.js';
import type { CheckActivity } from '../../../storage/checks-page.js';
import { iso } from '../../scope.js';

const id = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/, 'an id: letters, digits, ".", "_", ":" or "-"');

export const ruleSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('phrase'),
      speaker: z.enum([...SPEAKERS, 'any']),
      mode: z.enum(['must_say', 'must_not_say']),
      phrases: z.array(z.string().max(500)).max(50).optional(),
      pattern: z.string().max(2000).optional(),
      within: z.enum(['first_turn', 'any_turn']),
    })
    .strict(),
  z
    .object({
      type: z.literal('event'),
      name: z.string().min(1).max(200),
      mode: z.enum(['must_call', 'must_succeed', 'must_not_call']),
    })
    .strict(),
]);

export const scopeSchema = z
  .object({
    channels: z.array(z.enum(CHANNELS)).max(2).optional(),
    agents: z.array(id).max(200).optional(),
    groups: z.array(id).max(200).optional(),
    metadata: z.record(z.string().min(1).max(200), z.union([z.string().max(500), z.number(), z.boolean()])).optional(),
  })
  .strict();

/** A check written in plain language: the judge answers the question (see domain/judge.ts for the limits). */
export const judgeSchema = z
  .object({
    question: z.string().trim().min(1).max(2000),
    answer: z.enum(JUDGE_ANSWER_KINDS),
    choices: z.array(z.string().min(1).max(64)).max(20).optional(),
  })
  .strict();

export const checkKeyParam = z.string().min(1).max(64);
export const categorySchema = z.enum(CHECK_CATEGORIES);
export const severitySchema = z.enum(SEVERITIES);

const RULE_FIELDS = ['pattern', 'phrases', 'name', 'mode', 'speaker', 'within', 'type'];

/**
 * The field a rule's problem is about, so the form can show it beside that input: validateCustomRule's messages
 * start with the field they name ("pattern must…", "each phrase…", "give phrases or a pattern").
 */
export function ruleFieldError(problem: string): ApiError {
  const first = problem.split(/\s+/)[0] ?? '';
  const named = RULE_FIELDS.find((field) => first === field);
  const field = named ?? (/phrase/.test(problem) ? 'phrases' : undefined);
  return new ApiError('validation_error', `The rule cannot be used: ${problem}.`, {
    [field ? `rule.${field}` : 'rule']: [problem],
  });
}

export function scopeFieldError(problem: string): ApiError {
  const match = /^scope\.(\w+)/.exec(problem);
  return new ApiError('validation_error', `The scope cannot be used: ${problem}.`, {
    [match ? `scope.${match[1]}` : 'scope']: [problem],
  });
}

export function definitionView(check: CheckDefinition) {
  return {
    name: check.name,
    description: check.description,
    category: check.category,
    severity: check.severity,
    rule: check.rule ?? null,
    judge: check.judge ? { ...check.judge, choices: check.judge.choices ?? null } : null,
    scope: check.scope ?? null,
  };
}

export function checkSummaryView(entry: CatalogueEntry, activity: CheckActivity | undefined) {
  const { check, enabled } = entry;
  return {
    key: check.key,
    name: check.name,
    kind: check.kind,
    category: check.category,
    severity: check.severity,
    status: check.status,
    enabled,
    version: check.version,
    builtin: check.builtin,
    scope: check.scope ?? null,
    // Shadow checks score everything and never alert nor count in health.
    never_alerts: check.status === 'shadow',
    last_7_days: activity ?? { scored: 0, failed: 0, failure_rate: null },
  };
}

/** "app:<user id>" names the user; "cli:<login>" the shell; older versions say nothing. */
export function changedBy(createdBy: string | null, names: ReadonlyMap<string, string>) {
  if (createdBy === null) return null;
  if (createdBy.startsWith('app:')) {
    const userId = createdBy.slice(4);
    return { kind: 'user' as const, id: userId, name: names.get(userId) ?? 'A former member' };
  }
  if (createdBy.startsWith('cli:')) return { kind: 'cli' as const, id: null, name: createdBy.slice(4) || 'cli' };
  return { kind: 'other' as const, id: null, name: createdBy };
}

/** Versions newest first, each beside the one before it. */
export function versionsView(versions: readonly CheckVersionRecord[], names: ReadonlyMap<string, string>) {
  return versions.map((version, i) => {
    const previous = versions[i + 1];
    return {
      version: version.version,
      // A built-in's first version is the code's: it was never written by anyone.
      created_at: version.created_at > 0 ? iso(version.created_at) : null,
      changed_by: changedBy(version.created_by, names),
      definition: definitionView(version.definition),
      previous: previous ? definitionView(previous.definition) : null,
    };
  });
}

export function actorOf(userId: string): string {
  return `app:${userId}`;
}
