/**
 * What a single turn does, as learned from labelled turns (models/turn-labels.json, trained from
 * train/data/turns/): whether a caller's turn asks for a person, asks whether they are talking to a machine,
 * comes from someone who is not a customer, or is fed up; whether an agent's turn claims to be a person. One
 * two-class model per label, because a turn can do several of these at once ("this is useless, get me a
 * manager"); the five are kept in one file as one log-odds per label and feature, so that a turn's words are
 * looked up once for all of them. The checks combine these readings with their written patterns (see each
 * check's file).
 */
import { SPEAKERS, type Speaker } from '../../domain/conversation.js';
import { type LinearModel, logistic } from './linear-model.js';
import { bagFeatures, type FeatureBag, tokens } from './text-features.js';

export const TURN_LABELS = {
  asks_for_person: 'caller',
  asks_if_ai: 'caller',
  not_customer: 'caller',
  frustrated: 'caller',
  claims_human: 'agent',
} as const;

export type TurnLabel = keyof typeof TURN_LABELS;

/** A turn and what the other side said just before it (empty when nothing was). */
export interface LabelledTurnText {
  text: string;
  context: string;
}

const CAPITAL_WORDS = /\b[A-Z]{2,}\b/g;

function lengthBand(count: number): string {
  return count <= 3 ? 'few' : count <= 12 ? 'some' : 'many';
}

/** A text and its words, read once: a turn's words serve every label's model and the next turn, as its context. */
export interface WordedText {
  text: string;
  words: readonly string[];
}

export function worded(text: string): WordedText {
  return { text, words: tokens(text) };
}

/**
 * The turn's words and word pairs, the other side's words and word pairs (prefix `c:`), and a few flags of
 * how it was written: a question, an exclamation, capitals, how long.
 */
function bagOf(turn: WordedText, context: WordedText): FeatureBag {
  const { text } = turn;
  const flags = [`#words:${lengthBand(turn.words.length)}`];
  if (text.includes('?')) flags.push('#question');
  if (text.includes('!')) flags.push('#exclamation');
  if ((text.match(CAPITAL_WORDS) ?? []).filter((word) => word !== 'I').length >= 2) flags.push('#capitals');
  if (context.text.trim() === '') flags.push('#no-context');
  return {
    texts: [
      { prefix: '', words: turn.words },
      { prefix: 'c:', words: context.words },
    ],
    flags,
  };
}

export function turnLabelBag({ text, context }: LabelledTurnText): FeatureBag {
  return bagOf(worded(text), worded(context));
}

/** The same features named as strings; what training reads. */
export function turnLabelFeatures(turn: LabelledTurnText): string[] {
  return bagFeatures(turnLabelBag(turn));
}

/** Each label's probability, for the labels of the turn's side. */
export type TurnLabelProbabilities = Partial<Record<TurnLabel, number>>;

export interface TurnLabelReader {
  /** How likely the turn (with the other side's turn before it) does what each label of its side names. */
  read(speaker: Speaker, turn: WordedText, context: WordedText): TurnLabelProbabilities;
  /** The same for one label of the speaker's side: only that label's weights are summed. */
  readLabel(speaker: Speaker, turn: WordedText, context: WordedText, label: TurnLabel): number;
}

/**
 * The file's classes are the labels, and each class's score is that label's log-odds on its own (not a share
 * of a softmax). Labels that read the turn alone were trained without the context: their weights for the
 * context's words are 0 and what an absent context always showed is in their bias (train/models.ts), so one
 * pass over the turn with its context gives every label's reading.
 */
export function turnLabelReader(model: LinearModel): TurnLabelReader {
  const labels = Object.keys(TURN_LABELS) as TurnLabel[];
  if (model.classes.length !== labels.length || labels.some((label, index) => model.classes[index] !== label)) {
    throw new Error(`model ${model.name}: classes must be ${labels.join(', ')}`);
  }
  // Only the agent's label reads the turn before; the caller's labels were trained without it and weigh none of
  // its words, so a caller's turn is read alone: the same probabilities, half the word lookups.
  const readingBefore = new Set(
    SPEAKERS.filter((speaker) => labels.some((label) => speaksFor(label, speaker) && readsContext(label))),
  );
  const nothingBefore = worded('');
  const bagFor = (speaker: Speaker, turn: WordedText, context: WordedText) =>
    bagOf(turn, readingBefore.has(speaker) ? context : nothingBefore);
  return {
    readLabel(speaker, turn, context, label) {
      const index = labels.indexOf(label);
      return logistic(model.scoresOfBag(bagFor(speaker, turn, context), index)[index] as number);
    },
    read(speaker, turn, context) {
      const scores = model.scoresOfBag(bagFor(speaker, turn, context));
      const read: TurnLabelProbabilities = {};
      labels.forEach((label, index) => {
        if (speaksFor(label, speaker)) read[label] = logistic(scores[index] as number);
      });
      return read;
    },
  };
}

/**
 * Labels whose model does not read the other side's turn before. What an agent said before a fed-up reply (an
 * apology, "I can't") is said before calm replies too: a frustration model that read it flagged "no that's all,
 * cheers" after "anything else I can help with?". Requests for a person read better alone too (on eval/tuning,
 * 0.92 of them found instead of 0.77, with no more false alarms); a caller accepting an offered transfer ("yes
 * please") is found by the written cues, which do read the agent's offer. A question about who is talking is in
 * the caller's own words. So is a non-customer's pitch: the writers put most pitches right after a greeting, so a
 * model that read the agent's turn learned "Hello, how can I help?" as a sign of one, and flagged "hiya do you
 * do adult only nights" after it.
 */
const WITHOUT_CONTEXT: ReadonlySet<TurnLabel> = new Set([
  'frustrated',
  'asks_for_person',
  'asks_if_ai',
  'not_customer',
]);

export function readsContext(label: TurnLabel): boolean {
  return !WITHOUT_CONTEXT.has(label);
}

/** The turn as `label`'s model is trained on it. */
export function asReadFor(label: TurnLabel, turn: LabelledTurnText): LabelledTurnText {
  return readsContext(label) ? turn : { text: turn.text, context: '' };
}

/** The side whose turns a label reads: the caller's are `user` turns, the agent's are `agent` turns. */
export function speaksFor(label: TurnLabel, speaker: Speaker): boolean {
  return TURN_LABELS[label] === 'caller' ? speaker === 'user' : speaker === 'agent';
}

/**
 * The probability from which a check takes a model's reading as evidence, per label, chosen on eval/tuning
 * (0.5 to 0.7 read the same there; 0.8 lost requests for a person): the written patterns find the common
 * wordings, and the models add the ones nobody listed. `frustrated` alone was raised to 0.75 after eleven
 * development sets showed its readings between 0.7 and 0.75 to be mostly calm turns ("apostille for a document
 * going to spain", "pricey. leave it for now"): frustration disagreements 58 -> 52 (8 mended, 2 lost).
 */
export const TURN_LABEL_THRESHOLDS: Record<TurnLabel, number> = {
  asks_for_person: 0.7,
  asks_if_ai: 0.7,
  not_customer: 0.7,
  frustrated: 0.75,
  claims_human: 0.7,
};
