/**
 * Whether the caller was a customer at all: the rule's finding (real-inquiry.ts) reviewed by a model of whole
 * conversations (conversation-review.ts, models/non-customer.json). Across the development sets, each left out in
 * turn, the review halved the rule's disagreements (models/non-customer.md). Where the model is fairly sure and
 * disagrees, it decides, and the reason says so and names the words that weighed most.
 */
import { type ReviewTexts, reviewBag, reviewTextsOf, weighedClause, weightiestWords } from './conversation-review.js';
import { citeTurn, type Finding, restsOnlyOnMisheard } from './finding.js';
import type { LinearModel } from './linear-model.js';
import type { ConversationReading } from './reading.js';

export const NON_CUSTOMER_CLASSES = ['met', 'not_met'] as const;
const NOT_MET = NON_CUSTOMER_CLASSES.indexOf('not_met');

/**
 * How sure the model must be to overturn the rule. The rule's written signs are precise, so the model overrides
 * them only when fairly sure: 0.7 to call a customer no customer, below 0.1 to call a pitch a customer. Chosen
 * with each development set left out in turn (models/non-customer.md): of the rule's 51 disagreements, 0.5 both
 * ways left 33, these 24.
 */
const OVERTURN_MET_FROM = 0.7;
const OVERTURN_NOT_MET_BELOW = 0.1;

/** Whether the reviewed finding says no customer, from the rule's finding and the model's probability of it. */
export function reviewedSaysNotMet(rule: Pick<Finding, 'verdict'>, probability: number): boolean {
  if (rule.verdict === 'met') return probability >= OVERTURN_MET_FROM;
  if (rule.verdict === 'not_met') return probability >= OVERTURN_NOT_MET_BELOW;
  return false;
}

/**
 * The rule's finding, or the model's where they disagree. A finding the rule left uncertain (its signs were in
 * possibly misheard turns) stays for a person to review.
 */
export function reviewedRealInquiry(
  reading: ConversationReading,
  rule: Finding,
  model: LinearModel | null,
  texts: ReviewTexts = reviewTextsOf(reading.conversation),
): Finding {
  if (!model || rule.verdict === 'uncertain') return rule;
  const bag = reviewBag(reading.conversation, rule, texts);
  const probability = model.probabilitiesOfBag(bag)[NOT_MET] as number;
  const notMet = reviewedSaysNotMet(rule, probability);
  if (notMet === (rule.verdict === 'not_met')) return rule;
  const score = Math.round(probability * 100) / 100;
  if (notMet) {
    const opener = reading.turns.find((turn) => turn.speaker === 'user');
    const reason = `No customer inquiry, by the model learned from labelled conversations (probability ${score.toFixed(2)})${weighedClause(weightiestWords(model, bag, NOT_MET))}${opener ? `; the caller opened with ${citeTurn(opener)}` : ''}.`;
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
  return {
    verdict: 'met',
    score,
    reason: `${rule.reason.replace(/\.$/, '')}; but read as a whole it is a customer's, by the model learned from labelled conversations (probability of no customer ${score.toFixed(2)})${weighedClause(weightiestWords(model, bag, 1 - NOT_MET))}.`,
    evidence_turns: rule.evidence_turns,
  };
}
