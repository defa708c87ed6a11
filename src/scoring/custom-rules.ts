/**
 * Customer checks decided without a language model: phrases or a pattern said (or never said) by a
 * speaker, and tool calls made, succeeded or avoided. Scoring never throws: a rule that cannot run
 * (an invalid pattern stored before validation existed, say) yields an `uncertain` result that
 * names the problem.
 */
import type { CheckResultDraft, CustomRule, Verdict } from '../domain/checks.js';
import {
  eventOutcome,
  MISHEARD_BELOW,
  type ScorableConversation,
  SPEAKERS,
  type Turn,
} from '../domain/conversation.js';

export const MAX_PATTERN_LENGTH = 500;
const MAX_PHRASES = 50;
const MAX_PHRASE_LENGTH = 500;
/** Patterns only see this much of each turn, which bounds the cost of a slow pattern. */
const MAX_SCANNED_CHARS = 2_000;
/**
 * Shapes that backtrack exponentially on a near miss: a repeated group that itself repeats
 * (`(a+)+`, `(\w*)*`) or holds alternatives (`(a|aa)*`). Rejecting them is stricter than needed,
 * but phrase patterns rarely need either.
 */
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[*+}](?:[^()\\]|\\.)*\)\s*(?:[*+]|\{\d+,\d*\})/;
const REPEATED_ALTERNATION = /\((?:[^()\\]|\\.)*\|(?:[^()\\]|\\.)*\)\s*(?:[*+]|\{\d+,\d*\})/;

type Decision = Pick<CheckResultDraft, 'verdict' | 'score' | 'reason' | 'evidence_turns'>;

function patternError(pattern: string): string | null {
  if (pattern.length === 0) return 'pattern must not be empty';
  if (pattern.length > MAX_PATTERN_LENGTH) return `pattern must be at most ${MAX_PATTERN_LENGTH} characters`;
  if (NESTED_QUANTIFIER.test(pattern) || REPEATED_ALTERNATION.test(pattern)) {
    return 'pattern repeats a group that repeats or has alternatives (like (a+)+ or (a|aa)*), which can take exponential time';
  }
  try {
    new RegExp(pattern, 'i');
    return null;
  } catch (error) {
    return `pattern is not a valid regular expression: ${(error as Error).message}`;
  }
}

/** An error message for a rule that cannot run, or null for a good one. */
export function validateCustomRule(rule: CustomRule): string | null {
  if (typeof rule !== 'object' || rule === null) return 'rule must be an object';
  if (rule.type === 'event') {
    if (typeof rule.name !== 'string' || rule.name.trim().length === 0) return 'name must be a non-empty string';
    if (!['must_call', 'must_succeed', 'must_not_call'].includes(rule.mode))
      return 'mode must be must_call, must_succeed or must_not_call';
    return null;
  }
  if (rule.type !== 'phrase') return 'type must be phrase or event';
  if (rule.speaker !== 'any' && !(SPEAKERS as readonly string[]).includes(rule.speaker))
    return 'speaker must be agent, user, human_agent or any';
  if (!['must_say', 'must_not_say'].includes(rule.mode)) return 'mode must be must_say or must_not_say';
  if (!['first_turn', 'any_turn'].includes(rule.within)) return 'within must be first_turn or any_turn';
  const phrases = rule.phrases ?? [];
  if (!Array.isArray(phrases) || phrases.length > MAX_PHRASES)
    return `phrases must be a list of at most ${MAX_PHRASES}`;
  if (
    phrases.some(
      (phrase) => typeof phrase !== 'string' || phrase.trim().length === 0 || phrase.length > MAX_PHRASE_LENGTH,
    )
  ) {
    return `each phrase must be a non-empty string of at most ${MAX_PHRASE_LENGTH} characters`;
  }
  if (rule.pattern === undefined) return phrases.length > 0 ? null : 'give phrases or a pattern';
  if (typeof rule.pattern !== 'string') return 'pattern must be a string';
  return patternError(rule.pattern);
}

function normalise(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

function isMisheard(turn: Turn): boolean {
  return turn.asr_confidence !== undefined && turn.asr_confidence < MISHEARD_BELOW;
}

function turnsList(indexes: readonly number[]): string {
  return indexes.map((index) => index + 1).join(', ');
}

function scorePhraseRule(rule: Extract<CustomRule, { type: 'phrase' }>, conversation: ScorableConversation): Decision {
  const error = validateCustomRule(rule);
  if (error) return { verdict: 'uncertain', score: null, reason: `The rule cannot run: ${error}.`, evidence_turns: [] };
  const pattern = rule.pattern === undefined ? null : new RegExp(rule.pattern, 'i');
  const phrases = (rule.phrases ?? []).map(normalise);
  const saysIt = (turn: Turn) => {
    const text = normalise(turn.text);
    return (
      phrases.some((phrase) => text.includes(phrase)) || (pattern?.test(turn.text.slice(0, MAX_SCANNED_CHARS)) ?? false)
    );
  };

  const bySpeaker = conversation.transcript
    .map((turn, index) => ({ turn, index }))
    .filter(({ turn }) => rule.speaker === 'any' || turn.speaker === rule.speaker);
  const scanned = rule.within === 'first_turn' ? bySpeaker.slice(0, 1) : bySpeaker;
  const who = rule.speaker === 'any' ? 'anyone' : `the ${rule.speaker.replace('_', ' ')}`;
  const where =
    rule.within === 'first_turn' ? ` in ${rule.speaker === 'any' ? 'the first turn' : 'their first turn'}` : '';
  if (scanned.length === 0) {
    return {
      verdict: 'not_applicable',
      score: null,
      reason: `There is no turn by ${who} to check.`,
      evidence_turns: [],
    };
  }
  const matching = scanned.filter(({ turn }) => saysIt(turn));
  const mustSay = rule.mode === 'must_say';
  const found = matching.length > 0;
  const verdict: Verdict = found === mustSay ? 'pass' : 'fail';
  // What the verdict rests on: the matching turns, or for a missing phrase every turn searched.
  const basis = found ? matching : scanned;
  const evidence = verdict === 'fail' || found ? basis.map(({ index }) => index) : [];
  const reason = found
    ? `${who.charAt(0).toUpperCase()}${who.slice(1)} said it in turn ${turnsList(matching.map(({ index }) => index))}.`
    : `${who.charAt(0).toUpperCase()}${who.slice(1)} did not say it${where}.`;
  if (basis.every(({ turn }) => isMisheard(turn))) {
    return {
      verdict: 'uncertain',
      score: 0.5,
      reason: `${reason} The turns may have been misheard.`,
      evidence_turns: evidence,
    };
  }
  return { verdict, score: verdict === 'fail' ? 1 : 0, reason, evidence_turns: evidence };
}

function scoreEventRule(rule: Extract<CustomRule, { type: 'event' }>, conversation: ScorableConversation): Decision {
  const error = validateCustomRule(rule);
  if (error) return { verdict: 'uncertain', score: null, reason: `The rule cannot run: ${error}.`, evidence_turns: [] };
  const wanted = rule.name.trim().toLowerCase();
  const calls = conversation.events.filter((event) => (event.name ?? event.type).trim().toLowerCase() === wanted);
  const decide = (pass: boolean, reason: string): Decision => ({
    verdict: pass ? 'pass' : 'fail',
    score: pass ? 0 : 1,
    reason,
    evidence_turns: [],
  });
  if (rule.mode === 'must_not_call') {
    return decide(
      calls.length === 0,
      calls.length === 0 ? `${rule.name} was not called.` : `${rule.name} was called ${calls.length} time(s).`,
    );
  }
  if (calls.length === 0) return decide(false, `${rule.name} was never called.`);
  if (rule.mode === 'must_call') return decide(true, `${rule.name} was called.`);
  const succeeded = calls.some((call) => eventOutcome(call) === 'success');
  const statuses = calls.map((call) => call.status ?? 'no status').join(', ');
  return decide(succeeded, succeeded ? `${rule.name} succeeded.` : `${rule.name} never succeeded (${statuses}).`);
}

/** Scores one custom rule; never throws. */
export function scoreCustomRule(
  checkKey: string,
  rule: CustomRule,
  conversation: ScorableConversation,
): Omit<CheckResultDraft, 'latency_ms'> {
  let decision: Decision;
  try {
    decision = rule.type === 'event' ? scoreEventRule(rule, conversation) : scorePhraseRule(rule, conversation);
  } catch (error) {
    decision = {
      verdict: 'uncertain',
      score: null,
      reason: `The rule could not be applied: ${(error as Error).message}.`,
      evidence_turns: [],
    };
  }
  return { check_key: checkKey, choice: null, decided_by: 'rule', ...decision };
}
