/**
 * The turn models' reading of one conversation: for each label, the turns of its side that the model reads as
 * doing it, at or above the label's threshold (an agent's claim to be a person made unprompted only from a higher
 * one). Read once per conversation and shared by the checks; without trained models nothing is flagged
 * and the checks rest on their written patterns alone.
 */
import type { ConversationReading, ReadTurn } from './reading.js';
import { type TurnWords, turnWordsOf } from './text-features.js';
import {
  TURN_LABEL_THRESHOLDS,
  TURN_LABELS,
  type TurnLabel,
  type TurnLabelProbabilities,
  type TurnLabelReader,
  type WordedText,
  worded,
} from './turn-labels.js';

export interface LearnedTurn {
  turn: ReadTurn;
  probability: number;
  /** The sentence that read highest, when one sentence alone read above the whole turn (see READ_BY_SENTENCE). */
  said?: string;
  /** An agent's turn answering a caller who had just asked who they were talking to. */
  answersWho: boolean;
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
 * A claim to be a person the agent makes unprompted, with no question about who is talking before it, counts
 * only from this probability: alone, a word model reads a short "Reserving now..." as a claim at up to 0.74.
 * Over every agent turn of the fifteen development sets and spent batches (2,294 conversations the labels pass),
 * the likeliest unprompted claim reached 0.9 in none, and in 106 of the 243 that fail.
 */
export const UNPROMPTED_CLAIM_FROM = 0.9;

/**
 * Labels a caller's turn can hide among other sentences: "Right, but we can't go Sunday, so I want my money back.
 * Is there somebody there I can actually speak to about a refund?" reads far lower as a whole turn than its last
 * sentence alone. Over the spent sets, reading requests for a person this way too put right 10 conversations and
 * wrong 4; reading a fed-up caller this way added 26 false alarms for 11 misses put right, and is not done.
 */
const READ_BY_SENTENCE: readonly TurnLabel[] = ['asks_for_person'];

/**
 * The turn model's reading of a turn; for a caller's turn of several sentences, each of READ_BY_SENTENCE is also read
 * sentence by sentence (with the same context), and the highest reading stands.
 */
function readTurnAndSentences(
  reader: TurnLabelReader,
  turn: ReadTurn,
  words: WordedText,
  context: WordedText,
): { read: TurnLabelProbabilities; said: Partial<Record<TurnLabel, string>> } {
  const read = reader.read(turn.speaker, words, context);
  const said: Partial<Record<TurnLabel, string>> = {};
  if (turn.speaker !== 'user' || turn.sentences.length < 2) return { read, said };
  for (const sentence of turn.sentences) {
    const alone = worded(sentence.original);
    for (const label of READ_BY_SENTENCE) {
      if (read[label] === undefined) continue;
      // Only this label's weights: a sentence is read for nothing else.
      const probability = reader.readLabel(turn.speaker, alone, context, label);
      if (probability <= (read[label] ?? 0)) continue;
      read[label] = probability;
      said[label] = sentence.original;
    }
  }
  return { read, said };
}

/**
 * Every turn is read. An agent's claim to be a person counts at the label's threshold when it answers a caller
 * who had just asked who they were talking to (by the question model, or by `asksWhoIsTalking`, the written
 * questions), and from UNPROMPTED_CLAIM_FROM otherwise.
 */
export function readLearnedTurns(
  reading: ConversationReading,
  reader: TurnLabelReader | null,
  asksWhoIsTalking: (turn: ReadTurn) => boolean = () => false,
  turnWords?: TurnWords,
): LearnedTurns {
  if (!reader) return NOTHING_LEARNED;
  const wordsOfTurns = turnWords ?? turnWordsOf(reading.conversation.transcript);
  const learned = noTurns();
  const empty = worded('');
  let before: { turn: ReadTurn; words: WordedText; askedWho: boolean } | null = null;
  for (const turn of reading.turns) {
    const words: WordedText = { text: turn.text, words: wordsOfTurns[turn.index] as readonly string[] };
    const answersWho = turn.speaker === 'agent' && before?.turn.speaker === 'user' && before.askedWho;
    // The other side's turn just before, as the models were trained to read it.
    const context = before && before.turn.speaker !== turn.speaker ? before.words : empty;
    const { read, said } = readTurnAndSentences(reader, turn, words, context);
    for (const [label, probability] of Object.entries(read) as [TurnLabel, number][]) {
      const from = turn.speaker === 'agent' && !answersWho ? UNPROMPTED_CLAIM_FROM : TURN_LABEL_THRESHOLDS[label];
      const sentence = said[label];
      if (probability >= from)
        learned[label].push({ turn, probability, answersWho, ...(sentence ? { said: sentence } : {}) });
    }
    const askedWho = turn.speaker === 'user' && (learned.asks_if_ai.at(-1)?.turn === turn || asksWhoIsTalking(turn));
    before = { turn, words, askedWho };
  }
  return learned;
}
