/**
 * The LLM judge as the domain sees it: a plain-language check's definition, the structured-output forms an
 * endpoint may support, and the cost controls of a project. Pure data and rules, no I/O.
 */

/** How a plain-language check is answered: pass/fail (not applicable allowed), a score, or one named choice. */
export const JUDGE_ANSWER_KINDS = ['pass_fail', 'score', 'choice'] as const;
export type JudgeAnswerKind = (typeof JUDGE_ANSWER_KINDS)[number];

/** The definition of a check written in plain language; the judge decides it. */
export interface JudgeDefinition {
  /** The question or criteria, e.g. "Did the agent verify the caller's date of birth before discussing lab results?" */
  question: string;
  answer: JudgeAnswerKind;
  /** The named options of a `choice` answer. */
  choices?: string[];
}

/** Ways an OpenAI-compatible endpoint can be made to answer in JSON, best first. */
export const STRUCTURED_OUTPUT_FORMS = ['json_schema', 'json_object', 'tools'] as const;
export type StructuredOutputForm = (typeof STRUCTURED_OUTPUT_FORMS)[number];

export const JUDGE_LIMITS = {
  questionLength: 2_000,
  choices: 20,
  choiceLength: 64,
} as const;

const CHOICE_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/** An error message for a definition that cannot be stored, or null. Definitions arrive from people. */
export function validateJudgeDefinition(definition: JudgeDefinition): string | null {
  const question = definition.question?.trim() ?? '';
  if (question.length === 0) return 'the question must not be empty';
  if (question.length > JUDGE_LIMITS.questionLength)
    return `the question must be at most ${JUDGE_LIMITS.questionLength} characters`;
  if (question.includes('\u0000')) return 'the question must not contain NUL';
  if (!(JUDGE_ANSWER_KINDS as readonly string[]).includes(definition.answer))
    return `the answer must be one of ${JUDGE_ANSWER_KINDS.join(', ')}`;
  if (definition.answer === 'choice') {
    const choices = definition.choices ?? [];
    if (choices.length < 2 || choices.length > JUDGE_LIMITS.choices)
      return `a choice answer needs 2 to ${JUDGE_LIMITS.choices} choices`;
    const bad = choices.find((choice) => !CHOICE_PATTERN.test(choice));
    if (bad !== undefined) return `choice "${bad}" must be lower-case letters, digits or "_", starting with a letter`;
    if (new Set(choices).size !== choices.length) return 'the choices must differ';
  } else if (definition.choices && definition.choices.length > 0) {
    return 'choices are only for a choice answer';
  }
  return null;
}

/** Cost controls of a project's judge, with their defaults when a project set none. */
export interface JudgeCostControls {
  /** Built-in check keys whose unclear results go to second review; null for every built-in. */
  reviewChecks: string[] | null;
  /** Share (0..1) of eligible built-in results that go to second review; plain-language checks always go. */
  sampleRate: number;
  /** Judge calls a project may make per UTC day; null for no cap. */
  dailyCap: number | null;
  /** Calls to the judge at once, per project and process. */
  concurrency: number;
  /** Results whose score falls in [low, high] also go to second review (besides `uncertain` ones). */
  scoreBand: { low: number; high: number } | null;
  /** How long one call may take. */
  timeoutMs: number;
}

export const DEFAULT_JUDGE_COST_CONTROLS: JudgeCostControls = {
  reviewChecks: null,
  sampleRate: 1,
  dailyCap: 10_000,
  concurrency: 64,
  scoreBand: null,
  timeoutMs: 20_000,
};

/**
 * Whether a conversation's check is in the sample: decided by a hash of the two, so a re-run samples the same
 * conversations again (and finds their answers in the cache) instead of drawing anew.
 */
export function inSample(conversationId: string, checkKey: string, rate: number): boolean {
  if (rate >= 1) return true;
  if (rate <= 0) return false;
  let hash = 2166136261;
  for (const char of `${conversationId}\u0000${checkKey}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash / 0x1_0000_0000 < rate;
}
