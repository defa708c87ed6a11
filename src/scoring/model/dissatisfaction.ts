/**
 * How likely each caller turn is a dissatisfied one, as learned from the User Satisfaction Simulation ratings
 * (models/dissatisfaction.json): three people rated every user turn for the system's preceding behaviour, and a
 * mean of 2.5 or lower is a dissatisfied turn. The model reads what the caller says, what the agent said just
 * before, and signs the ratings teach: the caller repeating or correcting a request, rejecting offer after
 * offer, the agent apologising, failing or repeating itself.
 */
import type { Turn } from '../../domain/conversation.js';
import { type LinearModel, logistic } from './linear-model.js';
import { bagFeatures, type FeatureBag, type TurnWords, turnWordsOf } from './text-features.js';

/** A turn as the model reads it: who spoke (only `user` turns are the caller's) and what was said. */
export type DialogueTurn = Pick<Turn, 'speaker' | 'text'>;

const CORRECTION =
  /^(?:no|nope|not|nah|i said|i already|i just said|that is not|thats not|i meant|i mean|actually)(?: |$)/;
const REJECTION =
  /^(?:no|nope|nah|not really)(?: |$)|(?:^| )(?:do not|dont|did not|didnt) (?:like|want|care for)(?: |$)/;
const APOLOGY = /(?:^| )(?:sorry|apologi[sz]e|apologies)(?: |$)/;
const UNABLE =
  /(?:^| )(?:i do not know|i dont know|not sure|can not|cannot|cant|unable to|do not have|dont have|could not|couldnt|did not catch|didnt catch)(?: |$)/;

function bucket(value: number, edges: readonly number[]): string {
  const position = edges.findIndex((edge) => value <= edge);
  return position === -1 ? `>${edges.at(-1)}` : `<=${edges[position]}`;
}

function overlap(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const first = new Set(a);
  const second = new Set(b);
  let shared = 0;
  for (const word of first) if (second.has(word)) shared += 1;
  return shared / (first.size + second.size - shared);
}

/**
 * The features of every caller turn, by transcript index, read in one pass over the conversation, as bags
 * (the service's path); `dissatisfactionFeatures` names them as strings for training.
 */
export function dissatisfactionBags(
  turns: readonly DialogueTurn[],
  turnWords: TurnWords = turnWordsOf(turns),
): Map<number, FeatureBag> {
  const byTurn = new Map<number, FeatureBag>();
  const agentSaid = new Set<string>();
  let agentBefore: { words: readonly string[]; text: string; repeated: boolean } | null = null;
  let callerBefore: readonly string[] | null = null;
  let rejections = 0;
  let callerTurnsBefore = 0;
  turns.forEach((turn, index) => {
    const words = turnWords[index] as readonly string[];
    const text = words.join(' ');
    if (turn.speaker !== 'user') {
      agentBefore = { words, text, repeated: agentSaid.has(text) && words.length >= 3 };
      agentSaid.add(text);
      return;
    }
    const texts: FeatureBag['texts'] = [{ prefix: 'u:', words }];
    const features: string[] = [];
    const agent = agentBefore as { words: readonly string[]; text: string; repeated: boolean } | null;
    if (agent) {
      texts.push({ prefix: 'a:', words: agent.words });
      if (APOLOGY.test(agent.text)) features.push('#agent-apologised');
      if (UNABLE.test(agent.text)) features.push('#agent-unable');
      if (agent.repeated) features.push('#agent-repeated');
    } else {
      features.push('#no-agent-turn-before');
    }
    if (callerBefore && words.length >= 3 && overlap(words, callerBefore) >= 0.5) features.push('#caller-repeated');
    if (CORRECTION.test(text)) features.push('#caller-corrected');
    const rejects = REJECTION.test(text);
    if (rejects) features.push(`#rejection-after:${bucket(rejections, [0, 1, 2])}`);
    features.push(`#caller-turn:${bucket(callerTurnsBefore, [0, 1, 3, 6, 10])}`);
    features.push(`#caller-words:${bucket(words.length, [2, 5, 10, 20])}`);
    byTurn.set(index, { texts, flags: features });
    if (rejects) rejections += 1;
    callerBefore = words;
    callerTurnsBefore += 1;
  });
  return byTurn;
}

export function dissatisfactionFeatures(turns: readonly DialogueTurn[]): Map<number, string[]> {
  return new Map([...dissatisfactionBags(turns)].map(([index, bag]) => [index, bagFeatures(bag)]));
}

export interface DissatisfactionReading {
  /** Per caller turn (by transcript index), the model's probability that the turn is a dissatisfied one. */
  turns: { index: number; probability: number }[];
  /** The mean log-odds of the likeliest turns (up to LIKELIEST_TURNS): what the calibration maps to a probability. */
  dialogueLogOdds: number | null;
  /** Calibrated probability that the caller was dissatisfied at some point. */
  atSomePoint: number;
  /** The caller turn likeliest to be dissatisfied, if any. */
  likeliest: { index: number; probability: number } | null;
}

/**
 * How many of the likeliest turns speak for the conversation. One turn alone rewards long conversations (more
 * turns, a higher maximum); three measured better across the two corpora's training parts
 * (train/select-options.ts), and a short call has fewer anyway.
 */
const LIKELIEST_TURNS = 3;

export function readDissatisfaction(
  model: LinearModel,
  turns: readonly DialogueTurn[],
  turnWords: TurnWords = turnWordsOf(turns),
): DissatisfactionReading {
  const dissatisfied = model.classes.indexOf('dissatisfied');
  if (dissatisfied === -1) throw new Error(`model ${model.name}: no 'dissatisfied' class`);
  const scored: { index: number; probability: number; logOdds: number }[] = [];
  for (const [index, bag] of dissatisfactionBags(turns, turnWords)) {
    const logOdds = model.logOddsOfBag(bag, dissatisfied);
    scored.push({ index, probability: logistic(logOdds), logOdds });
  }
  const likeliestFirst = [...scored].sort((a, b) => b.logOdds - a.logOdds || a.index - b.index);
  const top = likeliestFirst.slice(0, LIKELIEST_TURNS);
  const dialogueLogOdds = top.length === 0 ? null : top.reduce((sum, turn) => sum + turn.logOdds, 0) / top.length;
  const calibration = model.calibration;
  const atSomePoint =
    dialogueLogOdds === null
      ? 0
      : calibration
        ? logistic(calibration.a * dialogueLogOdds + calibration.b)
        : logistic(dialogueLogOdds);
  const first = likeliestFirst[0];
  return {
    turns: scored.map(({ index, probability }) => ({ index, probability })),
    dialogueLogOdds,
    atSomePoint,
    likeliest: first ? { index: first.index, probability: first.probability } : null,
  };
}
