/**
 * The turn models' reading of one conversation: for each label, the turns of its side that the model reads as
 * doing it, at or above the label's threshold (an agent's turns only where they answer a question about who is
 * talking). Read once per conversation and shared by the checks; without trained models nothing is flagged
 * and the checks rest on their written patterns alone.
 */
import type { ConversationReading, ReadTurn } from './reading.js';
import {
  TURN_LABEL_THRESHOLDS,
  TURN_LABELS,
  type TurnLabel,
  type TurnLabelReader,
  type WordedText,
  worded,
} from './turn-labels.js';

export interface LearnedTurn {
  turn: ReadTurn;
  probability: number;
}

export type LearnedTurns = Readonly<Record<TurnLabel, readonly LearnedTurn[]>>;

/** An empty list per label, so that a new label in TURN_LABELS needs no edit here. */
function noTurns(): Record<TurnLabel, LearnedTurn[]> {
  return Object.fromEntries(Object.keys(TURN_LABELS).map((label) => [label, []])) as unknown as Record<
    TurnLabel,
    LearnedTurn[]
  >;
}

export const NOTHING_LEARNED: LearnedTurns = noTurns();

/**
 * An agent's turn is read only as the answer to a caller who had just asked who they were talking to (by the
 * question model, or by `asksWhoIsTalking`, the written questions): a claim to be a person counts only there
 * (see ai-disclosure.ts), and most agent turns are then never read at all.
 */
export function readLearnedTurns(
  reading: ConversationReading,
  reader: TurnLabelReader | null,
  asksWhoIsTalking: (turn: ReadTurn) => boolean = () => false,
): LearnedTurns {
  if (!reader) return NOTHING_LEARNED;
  const learned = noTurns();
  const empty = worded('');
  let before: { turn: ReadTurn; words: WordedText; askedWho: boolean } | null = null;
  for (const turn of reading.turns) {
    const words = worded(turn.text);
    const answersWho = turn.speaker === 'agent' && before?.turn.speaker === 'user' && before.askedWho;
    if (turn.speaker === 'user' || answersWho) {
      // The other side's turn just before, as the models were trained to read it.
      const context = before && before.turn.speaker !== turn.speaker ? before.words : empty;
      for (const [label, probability] of Object.entries(reader.read(turn.speaker, words, context)) as [
        TurnLabel,
        number,
      ][]) {
        if (probability >= TURN_LABEL_THRESHOLDS[label]) learned[label].push({ turn, probability });
      }
    }
    const askedWho = turn.speaker === 'user' && (learned.asks_if_ai.at(-1)?.turn === turn || asksWhoIsTalking(turn));
    before = { turn, words, askedWho };
  }
  return learned;
}
