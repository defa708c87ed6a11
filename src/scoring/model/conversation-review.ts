/**
 * A written rule's finding reviewed by a model of whole conversations, learned from the labelled development sets.
 *
 * The rules read signs sentence by sentence. What they miss is how a whole conversation goes, in words nobody put
 * on a list: a vendor who never says "offer", an agent answering "we don't take sales calls", a caller whose
 * "honestly?!" is a joke. A review model reads every turn's words (the caller's first turn apart, where openers
 * are), the events, and the rule's own verdict and score, so it learns where the rule goes wrong rather than
 * starting again. Each check that has one (non-customer.ts, frustrated-caller.ts) says how sure the model must be
 * to overturn its rule and what the reason then says; this module holds what they share.
 */
import type { ScorableConversation } from '../../domain/conversation.js';
import type { Finding } from './finding.js';
import type { LinearModel } from './linear-model.js';
import { type FeatureBag, type TurnWords, turnWordsOf } from './text-features.js';

/** The prefixes of the texts a review model reads: the caller's first turn, every caller turn, every other turn. */
const FIRST_CALLER_TURN = 'f:';
const CALLER = 'u:';
const OTHERS = 'a:';

/** The rule's score in quarters: coarse enough to learn from a few thousand conversations. */
const SCORE_STEPS = 4;
/** How many of the weightiest words a reason names. */
const WORDS_NAMED = 3;

/** The words a review model reads of a conversation, the same for every review: read once per conversation. */
export interface ReviewTexts {
  texts: FeatureBag['texts'];
  /** The transcript index each text was read from, so that a reason can point at the turns whose words weighed. */
  turnOfText: number[];
}

export function reviewTextsOf(
  conversation: ScorableConversation,
  turnWords: TurnWords = turnWordsOf(conversation.transcript),
): ReviewTexts {
  const texts: FeatureBag['texts'] = [];
  const turnOfText: number[] = [];
  let firstCallerTurn = true;
  conversation.transcript.forEach((turn, index) => {
    const words = turnWords[index] as readonly string[];
    const prefixes = turn.speaker !== 'user' ? [OTHERS] : firstCallerTurn ? [FIRST_CALLER_TURN, CALLER] : [CALLER];
    if (turn.speaker === 'user') firstCallerTurn = false;
    for (const prefix of prefixes) {
      texts.push({ prefix, words });
      turnOfText.push(index);
    }
  });
  return { texts, turnOfText };
}

/** What a review model reads of a conversation and of the rule's finding on it: the same at training and scoring time. */
export function reviewBag(
  conversation: ScorableConversation,
  rule: Pick<Finding, 'verdict' | 'score'>,
  texts: ReviewTexts = reviewTextsOf(conversation),
): ReviewBag {
  const flags = [`#rule_${rule.verdict}`, `#score_${Math.round((rule.score ?? 0) * SCORE_STEPS)}`];
  for (const event of conversation.events) flags.push(`#event_${event.type}`);
  return { ...texts, flags };
}

export type ReviewBag = FeatureBag & ReviewTexts;

export interface WeightyWords {
  /** The words or word pairs, quoted, weightiest first. */
  quoted: string[];
  /** The turns they were said in (transcript indexes, in order). */
  turns: number[];
}

/**
 * The words and word pairs present that pushed hardest towards class `towards` (of a two-class model), for a reason
 * people read. Digits are read as "0" by the tokens, so pairs with a number in them are not shown; "of course" and
 * "course" say one thing, so a word is named once, alone or in its pair.
 */
export function weightiestWords(
  model: LinearModel,
  bag: ReviewBag,
  towards: number,
  speakers: 'anyone' | 'caller' = 'anyone',
): WeightyWords {
  const pulls = new Map<string, { pull: number; turns: Set<number> }>();
  const consider = (feature: string, shown: string, turn: number) => {
    const weights = model.weightsOf(feature);
    if (!weights || shown.split(' ').includes('0')) return;
    const pull = (weights[towards] as number) - (weights[1 - towards] as number);
    if (pull <= 0) return;
    const seen = pulls.get(shown) ?? { pull, turns: new Set<number>() };
    seen.pull = Math.max(seen.pull, pull);
    seen.turns.add(turn);
    pulls.set(shown, seen);
  };
  bag.texts.forEach(({ prefix, words }, at) => {
    if (speakers === 'caller' && prefix === OTHERS) return;
    const turn = bag.turnOfText[at] as number;
    words.forEach((word, position) => {
      consider(`${prefix}${word}`, word, turn);
      if (position > 0) consider(`${prefix}${words[position - 1]} ${word}`, `${words[position - 1]} ${word}`, turn);
    });
  });
  const named: { words: string[]; turns: Set<number> }[] = [];
  for (const [shown, { turns }] of [...pulls].sort((a, b) => b[1].pull - a[1].pull || (a[0] < b[0] ? -1 : 1))) {
    const words = shown.split(' ');
    if (named.some((taken) => taken.words.some((word) => words.includes(word)))) continue;
    named.push({ words, turns });
    if (named.length === WORDS_NAMED) break;
  }
  return {
    quoted: named.map(({ words }) => `"${words.join(' ')}"`),
    turns: [...new Set(named.flatMap(({ turns }) => [...turns]))].sort((a, b) => a - b),
  };
}

/** ": the words that weighed most were "a", "b c"", or nothing when no word pulled that way. */
export function weighedClause(words: WeightyWords): string {
  return words.quoted.length === 0 ? '' : `: the words that weighed most were ${words.quoted.join(', ')}`;
}
