/**
 * What the judge must answer for a check, as a JSON schema (reasoning first, so the verdict follows from it),
 * how an answer is read back (anything that does not fit is refused, never guessed), and how an answer becomes
 * a result. Pure.
 */
import { z } from 'zod';
import type { CheckDefinition, CheckResultDraft, Verdict } from '../../domain/checks.js';

export type AnswerShape =
  | { kind: 'verdict'; verdicts: Verdict[] }
  | { kind: 'choice'; choices: string[] }
  /** A score and a verdict (frustration: how frustrated, and whether clearly so). */
  | { kind: 'score_and_verdict'; verdicts: Verdict[] }
  /** A plain-language score: 0 (does not meet the criteria at all) to 1 (fully meets them). */
  | { kind: 'score' };

export interface JudgeAnswer {
  reasoning: string;
  verdict?: Verdict;
  choice?: string;
  score?: number;
  confidence: number;
  evidence_turns: number[];
}

const PASS_FAIL_NA: Verdict[] = ['pass', 'fail', 'not_applicable'];

export function answerShapeFor(check: Pick<CheckDefinition, 'kind' | 'options' | 'judge'>): AnswerShape {
  if (check.judge) {
    if (check.judge.answer === 'choice') return { kind: 'choice', choices: check.judge.choices ?? [] };
    if (check.judge.answer === 'score') return { kind: 'score' };
    return { kind: 'verdict', verdicts: PASS_FAIL_NA };
  }
  switch (check.kind) {
    case 'multiple_choice':
      return { kind: 'choice', choices: check.options ?? [] };
    case 'gating':
      return { kind: 'verdict', verdicts: ['met', 'not_met'] };
    case 'score':
      return { kind: 'score_and_verdict', verdicts: ['pass', 'fail'] };
    default:
      return { kind: 'verdict', verdicts: PASS_FAIL_NA };
  }
}

/** The JSON schema of an answer (strict-mode friendly: every property required, nothing else allowed). */
export function answerJsonSchema(shape: AnswerShape): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    reasoning: { type: 'string', description: 'Your reasoning, citing turn numbers, written before the answer.' },
  };
  if (shape.kind === 'verdict') properties.verdict = { type: 'string', enum: shape.verdicts };
  if (shape.kind === 'choice') properties.choice = { type: 'string', enum: shape.choices };
  if (shape.kind === 'score_and_verdict' || shape.kind === 'score')
    properties.score = { type: 'number', description: 'From 0 to 1.' };
  if (shape.kind === 'score_and_verdict') properties.verdict = { type: 'string', enum: shape.verdicts };
  properties.confidence = { type: 'number', description: 'How sure you are, from 0 to 1.' };
  properties.evidence_turns = {
    type: 'array',
    items: { type: 'integer' },
    description: 'The turn numbers your answer relies on.',
  };
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

const unit = z.number().min(0).max(1);

function answerSchema(shape: AnswerShape) {
  return z.object({
    reasoning: z.string().min(1),
    verdict:
      shape.kind === 'verdict' || shape.kind === 'score_and_verdict'
        ? z.enum(shape.verdicts as [Verdict, ...Verdict[]])
        : z.unknown().optional(),
    choice: shape.kind === 'choice' ? z.enum(shape.choices as [string, ...string[]]) : z.unknown().optional(),
    score: shape.kind === 'score' || shape.kind === 'score_and_verdict' ? unit : z.unknown().optional(),
    confidence: unit,
    evidence_turns: z.array(z.number().int()).max(10_000),
  });
}

/** A JSON text, possibly in a Markdown code fence (models in JSON mode still add one now and then). */
function parseJson(text: string): unknown {
  const trimmed = text.trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(trimmed);
  try {
    return JSON.parse(fenced ? (fenced[1] as string) : trimmed);
  } catch {
    return undefined;
  }
}

const REASON_LIMIT = 2_000;

/**
 * The answer, or null when it does not fit the shape. Evidence keeps only turns that exist, in order, once:
 * a judge that cites turn 40 of a 12-turn call is not believed about it.
 */
export function readAnswer(text: string, shape: AnswerShape, turnCount: number): JudgeAnswer | null {
  const parsed = answerSchema(shape).safeParse(parseJson(text));
  if (!parsed.success) return null;
  const answer = parsed.data;
  // The prompt numbers turns from 1, as people (and the model's reasons) do; results hold zero-based indexes.
  const evidence = [
    ...new Set(answer.evidence_turns.map((turn) => turn - 1).filter((index) => index >= 0 && index < turnCount)),
  ].sort((a, b) => a - b);
  const reasoning = answer.reasoning.trim();
  return {
    reasoning: reasoning.length > REASON_LIMIT ? `${reasoning.slice(0, REASON_LIMIT - 1)}…` : reasoning,
    ...(typeof answer.verdict === 'string' && shape.kind !== 'choice' && shape.kind !== 'score'
      ? { verdict: answer.verdict as Verdict }
      : {}),
    ...(shape.kind === 'choice' ? { choice: answer.choice as string } : {}),
    ...(shape.kind === 'score' || shape.kind === 'score_and_verdict' ? { score: answer.score as number } : {}),
    confidence: answer.confidence,
    evidence_turns: evidence,
  };
}

/** How a choice reads as a verdict (the built-in outcome: resolved and handed over are fine, unresolved is not). */
const OUTCOME_VERDICTS: Record<string, Verdict> = {
  resolved: 'pass',
  escalated: 'pass',
  handed_to_person: 'pass',
  unresolved: 'fail',
  not_real_inquiry: 'not_applicable',
  not_customer_call: 'not_applicable',
};

/** Likelihood (0..1) that the problem the check looks for occurred, as the model's scores mean it. */
function problemLikelihood(verdict: Verdict, confidence: number): number | null {
  if (verdict === 'fail' || verdict === 'not_met') return round(confidence);
  if (verdict === 'pass' || verdict === 'met') return round(1 - confidence);
  return null;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The result the judge's answer makes, decided by `llm_judge`. */
export function resultFromAnswer(
  check: Pick<CheckDefinition, 'key' | 'builtin' | 'judge'>,
  shape: AnswerShape,
  answer: JudgeAnswer,
): Omit<CheckResultDraft, 'latency_ms'> {
  let verdict: Verdict;
  let score: number | null;
  let choice: string | null = null;
  if (shape.kind === 'choice') {
    choice = answer.choice ?? null;
    verdict = check.builtin ? (OUTCOME_VERDICTS[choice ?? ''] ?? 'pass') : 'pass';
    score =
      check.builtin && choice === 'unresolved'
        ? round(answer.confidence)
        : check.builtin && choice === 'resolved'
          ? round(1 - answer.confidence)
          : null;
  } else if (shape.kind === 'score') {
    score = round(answer.score ?? 0);
    verdict = score >= 0.5 ? 'pass' : 'fail';
  } else if (shape.kind === 'score_and_verdict') {
    score = round(answer.score ?? 0);
    verdict = answer.verdict ?? 'uncertain';
  } else {
    verdict = answer.verdict ?? 'uncertain';
    score = problemLikelihood(verdict, answer.confidence);
  }
  return {
    check_key: check.key,
    score,
    verdict,
    choice,
    decided_by: 'llm_judge',
    reason: answer.reasoning,
    evidence_turns: answer.evidence_turns,
  };
}
