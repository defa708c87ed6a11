/**
 * A second opinion on whether the caller was a customer at all, learned from whole labelled conversations.
 *
 * The rule (real-inquiry.ts) reads signs sentence by sentence: a pitch, a robocall, a wrong number. What it misses
 * is how a whole conversation goes: a vendor who never says "offer", an agent who answers "we don't take sales
 * calls", a caller who opens like a pitch and then books. The model reads every turn's words (the caller's first
 * turn apart, where most openers are), the events, and the rule's own verdict and score, and was trained on the
 * development sets written by many hands (train/non-customer-data.ts). Across those sets, each left out in turn,
 * it halved the rule's disagreements (models/non-customer.md). When the two disagree, the model decides, and the
 * reason says so and names the words that weighed most.
 */
import type { ScorableConversation } from '../../domain/conversation.js';
import { citeTurn, type Finding, restsOnlyOnMisheard } from './finding.js';
import type { LinearModel } from './linear-model.js';
import type { ConversationReading } from './reading.js';
import { type FeatureBag, tokens } from './text-features.js';

export const NON_CUSTOMER_CLASSES = ['met', 'not_met'] as const;
const NOT_MET = NON_CUSTOMER_CLASSES.indexOf('not_met');

/** The prefixes of the texts the model reads: the caller's first turn, every caller turn, every other turn. */
const FIRST_CALLER_TURN = 'f:';
const CALLER = 'u:';
const OTHERS = 'a:';

/**
 * How sure the model must be to overturn the rule. The rule's written signs are precise, so the model overrides
 * them only when fairly sure: 0.7 to call a customer no customer, below 0.1 to call a pitch a customer. Chosen
 * with each development set left out in turn (models/non-customer.md): of the rule's 51 disagreements, 0.5 both
 * ways left 33, these 24.
 */
const OVERTURN_MET_FROM = 0.7;
const OVERTURN_NOT_MET_BELOW = 0.1;

/** Whether the reviewed finding says no customer, from the rule's verdict and the model's probability of it. */
export function reviewedSaysNotMet(ruleVerdict: Finding['verdict'], probability: number): boolean {
  if (ruleVerdict === 'met') return probability >= OVERTURN_MET_FROM;
  if (ruleVerdict === 'not_met') return probability >= OVERTURN_NOT_MET_BELOW;
  return false;
}

/** The rule's score in quarters: coarse enough to learn from a few thousand conversations. */
const SCORE_STEPS = 4;
/** How many of the weightiest words a reason names. */
const WORDS_NAMED = 3;

/** What the model reads of a conversation and of the rule's finding on it: the same at training and scoring time. */
export function nonCustomerBag(conversation: ScorableConversation, rule: Finding): FeatureBag {
  const texts: FeatureBag['texts'] = [];
  let firstCallerTurn = true;
  for (const turn of conversation.transcript) {
    const words = tokens(turn.text);
    if (turn.speaker !== 'user') {
      texts.push({ prefix: OTHERS, words });
      continue;
    }
    if (firstCallerTurn) texts.push({ prefix: FIRST_CALLER_TURN, words });
    firstCallerTurn = false;
    texts.push({ prefix: CALLER, words });
  }
  const flags = [`#rule_${rule.verdict}`, `#score_${Math.round((rule.score ?? 0) * SCORE_STEPS)}`];
  for (const event of conversation.events) flags.push(`#event_${event.type}`);
  return { texts, flags };
}

/**
 * The words and word pairs present that pushed hardest towards `classIndex`, for a reason people read. Digits are
 * read as "0" by the tokens, so pairs with a number in them are not shown.
 */
function weightiestWords(model: LinearModel, bag: FeatureBag, classIndex: number): string[] {
  const pulls = new Map<string, number>();
  const consider = (feature: string, shown: string) => {
    const weights = model.weightsOf(feature);
    if (!weights || shown.split(' ').includes('0')) return;
    const pull = (weights[classIndex] as number) - (weights[1 - classIndex] as number);
    if (pull > (pulls.get(shown) ?? 0)) pulls.set(shown, pull);
  };
  for (const { prefix, words } of bag.texts) {
    words.forEach((word, at) => {
      consider(`${prefix}${word}`, word);
      if (at > 0) consider(`${prefix}${words[at - 1]} ${word}`, `${words[at - 1]} ${word}`);
    });
  }
  // "of course" and "course" say one thing: a word is named once, alone or in its pair.
  const named: string[][] = [];
  for (const [shown] of [...pulls].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    const words = shown.split(' ');
    if (named.some((taken) => taken.some((word) => words.includes(word)))) continue;
    named.push(words);
    if (named.length === WORDS_NAMED) break;
  }
  return named.map((words) => `"${words.join(' ')}"`);
}

function wordsClause(words: readonly string[]): string {
  return words.length === 0 ? '' : `: the words that weighed most were ${words.join(', ')}`;
}

/**
 * The rule's finding, or the model's where they disagree. A finding the rule left uncertain (its signs were in
 * possibly misheard turns) stays for a person to review.
 */
export function reviewedRealInquiry(reading: ConversationReading, rule: Finding, model: LinearModel | null): Finding {
  if (!model || rule.verdict === 'uncertain') return rule;
  const bag = nonCustomerBag(reading.conversation, rule);
  const probability = model.probabilitiesOfBag(bag)[NOT_MET] as number;
  const notMet = reviewedSaysNotMet(rule.verdict, probability);
  if (notMet === (rule.verdict === 'not_met')) return rule;
  const score = Math.round(probability * 100) / 100;
  if (notMet) {
    const opener = reading.turns.find((turn) => turn.speaker === 'user');
    const reason = `No customer inquiry, by the model learned from labelled conversations (probability ${score.toFixed(2)})${wordsClause(weightiestWords(model, bag, NOT_MET))}${opener ? `; the caller opened with ${citeTurn(opener)}` : ''}.`;
    const evidence = opener ? [opener.index] : [];
    // As with the rule: a verdict that rests on a possibly misheard opener is for a person to review.
    if (opener && restsOnlyOnMisheard([opener])) {
      return {
        verdict: 'uncertain',
        score: 0.5,
        reason: `${reason} That turn may have been misheard.`,
        evidence_turns: evidence,
      };
    }
    return { verdict: 'not_met', score, reason, evidence_turns: evidence };
  }
  const ruleSaid = rule.reason.replace(/\.$/, '');
  return {
    verdict: 'met',
    score,
    reason: `${ruleSaid}; but read as a whole it is a customer's, by the model learned from labelled conversations (probability of no customer ${score.toFixed(2)})${wordsClause(weightiestWords(model, bag, 1 - NOT_MET))}.`,
    evidence_turns: rule.evidence_turns,
  };
}
