/**
 * What a single turn does, as learned from labelled turns (models/turn-*.json, trained from
 * train/data/turns/): whether a caller's turn asks for a person, asks whether they are talking to a machine,
 * comes from someone who is not a customer, or is fed up; whether an agent's turn claims to be a person. One
 * two-class model per label, because a turn can do several of these at once ("this is useless, get me a
 * manager"). The checks combine these readings with their written patterns (see each check's file).
 */
import type { Speaker } from '../../domain/conversation.js';
import type { LinearModel } from './linear-model.js';
import { bagFeatures, type FeatureBag, tokens } from './text-features.js';

export const TURN_LABELS = {
  asks_for_person: 'caller',
  asks_if_ai: 'caller',
  not_customer: 'caller',
  frustrated: 'caller',
  claims_human: 'agent',
} as const;

export type TurnLabel = keyof typeof TURN_LABELS;
export type TurnSide = (typeof TURN_LABELS)[TurnLabel];

/** A turn and what the other side said just before it (empty when nothing was). */
export interface LabelledTurnText {
  text: string;
  context: string;
}

const CAPITAL_WORDS = /\b[A-Z]{2,}\b/g;

function lengthBand(count: number): string {
  return count <= 3 ? 'few' : count <= 12 ? 'some' : 'many';
}

/**
 * The turn's words and word pairs, the other side's words and word pairs (prefix `c:`), and a few flags of
 * how it was written: a question, an exclamation, capitals, how long.
 */
export function turnLabelBag({ text, context }: LabelledTurnText): FeatureBag {
  const flags = [`#words:${lengthBand(tokens(text).length)}`];
  if (text.includes('?')) flags.push('#question');
  if (text.includes('!')) flags.push('#exclamation');
  if ((text.match(CAPITAL_WORDS) ?? []).filter((word) => word !== 'I').length >= 2) flags.push('#capitals');
  if (context.trim() === '') flags.push('#no-context');
  return {
    texts: [
      { prefix: '', words: tokens(text) },
      { prefix: 'c:', words: tokens(context) },
    ],
    flags,
  };
}

/** The same features named as strings; what training reads. */
export function turnLabelFeatures(turn: LabelledTurnText): string[] {
  return bagFeatures(turnLabelBag(turn));
}

export type TurnLabelModels = Record<TurnLabel, LinearModel>;

export interface TurnLabelReader {
  /** Probability that the turn does what `label` names. */
  probability(label: TurnLabel, turn: LabelledTurnText): number;
}

export function turnLabelReader(models: TurnLabelModels): TurnLabelReader {
  const positive = new Map<TurnLabel, number>();
  for (const label of Object.keys(TURN_LABELS) as TurnLabel[]) {
    const index = models[label].classes.indexOf(label);
    if (index === -1) throw new Error(`model ${models[label].name}: no '${label}' class`);
    positive.set(label, index);
  }
  return {
    probability(label, turn) {
      const bag = turnLabelBag(asReadFor(label, turn));
      return models[label].probabilitiesOfBag(bag)[positive.get(label) as number] as number;
    },
  };
}

/** The side whose turns a label reads: the caller's are `user` turns, the agent's are `agent` turns. */
/**
 * Labels whose model does not read the other side's turn before. What an agent said before a fed-up reply (an
 * apology, "I can't") is said before calm replies too: a frustration model that read it flagged "no that's all,
 * cheers" after "anything else I can help with?". Requests for a person read better alone too (on eval/tuning,
 * 0.92 of them found instead of 0.77, with no more false alarms); a caller accepting an offered transfer ("yes
 * please") is found by the written cues, which do read the agent's offer.
 */
const WITHOUT_CONTEXT: ReadonlySet<TurnLabel> = new Set(['frustrated', 'asks_for_person', 'asks_if_ai']);

/** The turn as `label`'s model reads it. */
export function asReadFor(label: TurnLabel, turn: LabelledTurnText): LabelledTurnText {
  return WITHOUT_CONTEXT.has(label) ? { text: turn.text, context: '' } : turn;
}

export function speaksFor(label: TurnLabel, speaker: Speaker): boolean {
  return TURN_LABELS[label] === 'caller' ? speaker === 'user' : speaker === 'agent';
}

/**
 * The probability from which a check takes a model's reading as evidence, per label, chosen on the
 * cross-writer figures (models/turn-labels.md) for few false alarms: the written patterns find the common
 * wordings, and the models add the ones nobody listed.
 */
export const TURN_LABEL_THRESHOLDS: Record<TurnLabel, number> = {
  asks_for_person: 0.7,
  asks_if_ai: 0.7,
  not_customer: 0.7,
  frustrated: 0.7,
  claims_human: 0.7,
};
