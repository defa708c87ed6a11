/** Builds conversations for scoring tests with as little noise as possible. */
import type { BuiltinCheckKey, CheckResultDraft } from '../../src/domain/checks.js';
import type { ConversationEvent, ScorableConversation, Speaker, Turn } from '../../src/domain/conversation.js';
import { BUILTIN_CHECKS } from '../../src/scoring/builtin-checks.js';
import type { TrainedModels } from '../../src/scoring/model/trained-models.js';
import { scoreConversation } from '../../src/scoring/pipeline.js';

export type TurnSpec = [speaker: Speaker, text: string, extra?: Omit<Turn, 'speaker' | 'text'>];

export function conversation(
  turns: TurnSpec[],
  events: ConversationEvent[] = [],
  channel: ScorableConversation['channel'] = 'voice',
): ScorableConversation {
  return {
    channel,
    ended_by: null,
    transcript: turns.map(([speaker, text, extra]) => ({ speaker, text, ...extra })),
    events,
    metadata: {},
  };
}

export const bookingCall = (status?: string, extra: Partial<ConversationEvent> = {}): ConversationEvent => ({
  type: 'tool_call',
  name: 'book_appointment',
  ...(status === undefined ? {} : { status }),
  ...extra,
});

/** Scores one built-in check and returns its result. */
export function scoreBuiltin(key: BuiltinCheckKey, scorable: ScorableConversation): CheckResultDraft {
  const check = BUILTIN_CHECKS.find((candidate) => candidate.key === key);
  if (!check) throw new Error(`no built-in check ${key}`);
  const [result] = scoreConversation(scorable, [check]).results;
  if (!result) throw new Error(`no result for ${key}`);
  return result;
}

/** Scores one built-in check of a conversation made of `turns`, with the trained models given or by the rules alone. */
export function builtinScorer(models: TrainedModels | null) {
  return (key: BuiltinCheckKey, turns: TurnSpec[], events: ConversationEvent[] = []): CheckResultDraft => {
    const checks = BUILTIN_CHECKS.filter((check) => check.key === key);
    const [result] = scoreConversation(conversation(turns, events), checks, undefined, models).results;
    if (!result) throw new Error(`no result for ${key}`);
    return result;
  };
}

/** The ai_disclosure verdict on an agent's `line` answering `caller`, in an exchange the caller closes ("ok, thanks"). */
export function agentLineVerdict(score: ReturnType<typeof builtinScorer>, caller: string, line: string): string {
  return score('ai_disclosure', [
    ['user', caller],
    ['agent', line],
    ['user', 'ok, thanks'],
  ]).verdict;
}

/** The two ways the family tests score: as the service does, with the trained models, and by the written rules alone. */
export const READINGS = [
  ['with the trained models', true],
  ['by the rules alone', false],
] as const;
