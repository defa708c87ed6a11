/**
 * The turn models' reading of one conversation: for each label, the turns of its side that the model reads as
 * doing it, at or above the label's threshold. Read once per conversation and shared by the checks; without
 * trained models nothing is flagged and the checks rest on their written patterns alone.
 */
import type { ConversationReading, ReadTurn } from './reading.js';
import { speaksFor, TURN_LABEL_THRESHOLDS, TURN_LABELS, type TurnLabel, type TurnLabelReader } from './turn-labels.js';

export interface LearnedTurn {
  turn: ReadTurn;
  probability: number;
}

export type LearnedTurns = Record<TurnLabel, LearnedTurn[]>;

export const NOTHING_LEARNED: LearnedTurns = {
  asks_for_person: [],
  asks_if_ai: [],
  not_customer: [],
  frustrated: [],
  claims_human: [],
};

/** What the other side said just before `turn`, as the models were trained to read it. */
function contextOf(reading: ConversationReading, turn: ReadTurn): string {
  const before = reading.turns[turn.index - 1];
  return before && before.speaker !== turn.speaker ? before.text : '';
}

export function readLearnedTurns(reading: ConversationReading, reader: TurnLabelReader | null): LearnedTurns {
  if (!reader) return NOTHING_LEARNED;
  const learned = { ...NOTHING_LEARNED };
  for (const label of Object.keys(TURN_LABELS) as TurnLabel[]) {
    const flagged: LearnedTurn[] = [];
    for (const turn of reading.turns) {
      if (!speaksFor(label, turn.speaker)) continue;
      const probability = reader.probability(label, { text: turn.text, context: contextOf(reading, turn) });
      if (probability >= TURN_LABEL_THRESHOLDS[label]) flagged.push({ turn, probability });
    }
    learned[label] = flagged;
  }
  return learned;
}
