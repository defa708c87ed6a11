/**
 * Scores one conversation against the checks the caller chose. Pure: no I/O, the clock is injected.
 *
 * A built-in check goes through stages in order, and the first stage that decides wins:
 *   1. rule  — what the events decide outright (a transfer means the outcome is escalated);
 *   2. model — the offline model reading the whole conversation.
 * A second-review (llm_judge) stage belongs after these and is not part of this pure pipeline: it
 * takes the results for which `needsSecondReview` holds and re-decides them.
 * Custom checks with a `rule` are decided by rule; checks that are neither (natural-language
 * checks, later) produce no result here, and neither does a check whose scope leaves the conversation out.
 */
import {
  BUILTIN_CHECK_KEYS,
  type BuiltinCheckKey,
  type CheckDefinition,
  type CheckResultDraft,
  type DecidedBy,
  scopeIncludes,
} from '../domain/checks.js';
import type { Outcome, ScorableConversation } from '../domain/conversation.js';
import { scoreCustomRule } from './custom-rules.js';
import type { Finding } from './model/finding.js';
import { analyseConversation, type ConversationAnalysis, MODEL_FINDINGS } from './model/offline-model.js';
import type { TrainedModels } from './model/trained-models.js';
import { escalatedByRule } from './outcome-rule.js';

export { SCORING_ENGINE_VERSION, scorerVersion } from './scorer-version.js';

interface StageContext {
  conversation: ScorableConversation;
  analysis: ConversationAnalysis;
}

interface Stage {
  decidedBy: DecidedBy;
  /** A finding, or null to leave the check to the next stage. */
  decide(key: BuiltinCheckKey, context: StageContext): Finding | null;
}

const RULES: Partial<Record<BuiltinCheckKey, (conversation: ScorableConversation) => Finding | null>> = {
  outcome: escalatedByRule,
};

const BUILTIN_STAGES: readonly Stage[] = [
  { decidedBy: 'rule', decide: (key, { conversation }) => RULES[key]?.(conversation) ?? null },
  { decidedBy: 'model', decide: (key, { analysis }) => MODEL_FINDINGS[key](analysis) },
];

/** Results a second review (llm_judge) should look at again. */
export function needsSecondReview(result: Pick<CheckResultDraft, 'verdict'>): boolean {
  return result.verdict === 'uncertain';
}

function isBuiltinKey(key: string): key is BuiltinCheckKey {
  return (BUILTIN_CHECK_KEYS as readonly string[]).includes(key);
}

function scoreBuiltin(key: BuiltinCheckKey, context: StageContext): Omit<CheckResultDraft, 'latency_ms'> {
  for (const stage of BUILTIN_STAGES) {
    const finding = stage.decide(key, context);
    if (finding) {
      return {
        check_key: key,
        score: finding.score,
        verdict: finding.verdict,
        choice: finding.choice ?? null,
        decided_by: stage.decidedBy,
        reason: finding.reason,
        evidence_turns: finding.evidence_turns,
      };
    }
  }
  // The model stage answers every built-in key, so this is only reached if a key loses its scorer.
  throw new Error(`no stage decided built-in check ${key}`);
}

function scoreCheck(check: CheckDefinition, context: StageContext): Omit<CheckResultDraft, 'latency_ms'> | null {
  if (check.rule) return scoreCustomRule(check.key, check.rule, context.conversation);
  if (isBuiltinKey(check.key)) return scoreBuiltin(check.key, context);
  return null;
}

function defaultClock(): number {
  return performance.now();
}

/**
 * One result per check that this pipeline can decide, in the order given, and the outcome when the
 * `outcome` check is among them. `latency_ms` is the time a check took, including reading the
 * conversation when it was the first check to need it.
 */
export function scoreConversation(
  conversation: ScorableConversation,
  checks: CheckDefinition[],
  clock: () => number = defaultClock,
  models: TrainedModels | null = null,
): { outcome: Outcome | null; results: CheckResultDraft[] } {
  // `models`: the trained parts (models/*.json), loaded once at start by whoever runs scoring; without them
  // (unit tests of the written rules) the model reads by its rules alone.
  const context: StageContext = { conversation, analysis: analyseConversation(conversation, models) };
  const results: CheckResultDraft[] = [];
  for (const check of checks) {
    // Outside its scope a check yields no result at all (not `not_applicable`): it never counts anywhere.
    if (!scopeIncludes(check.scope, conversation)) continue;
    const started = clock();
    const result = scoreCheck(check, context);
    if (result) results.push({ ...result, latency_ms: Math.max(0, Math.round(clock() - started)) });
  }
  const outcomeChoice = results.find((result) => result.check_key === 'outcome')?.choice ?? null;
  return { outcome: outcomeChoice as Outcome | null, results };
}
