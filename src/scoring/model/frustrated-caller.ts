/**
 * Whether the caller was frustrated with the service: the rule's verdict (frustration.ts) reviewed by a model of
 * whole conversations (conversation-review.ts, models/frustrated-caller.json). The written signs read anger
 * sentence by sentence, and take a worried caller's "I can't do this", a joke or a complaint about someone else
 * for it; the labels of many writers say which is which. The review only ever clears a caller: across the
 * development sets, each left out in turn, clearing where the model was 0.9 sure removed 35 of the rule's 56 false
 * alarms for 12 new misses, while flagging callers the signs had passed was right 11 times and wrong 10
 * (models/frustrated-caller.md). The score stays the rule's (the probability that the caller was frustrated or
 * dissatisfied at some point, which `avg_frustration` averages); only the verdict is reviewed.
 */
import { type ReviewTexts, reviewBag, reviewTextsOf, weighedClause, weightiestWords } from './conversation-review.js';
import type { Finding } from './finding.js';
import type { LinearModel } from './linear-model.js';
import type { ConversationReading } from './reading.js';

export const FRUSTRATED_CALLER_CLASSES = ['pass', 'fail'] as const;
const FAIL = FRUSTRATED_CALLER_CLASSES.indexOf('fail');
const PASS = FRUSTRATED_CALLER_CLASSES.indexOf('pass');

/** How sure the model must be that a caller the signs call frustrated was not. */
const CLEAR_FROM = 0.9;

/** Whether the reviewed verdict is `fail`, from the rule's verdict and the model's probability of frustration. */
export function reviewedSaysFrustrated(ruleVerdict: Finding['verdict'], probability: number): boolean {
  return ruleVerdict === 'fail' && 1 - probability < CLEAR_FROM;
}

/** The rule's finding, or `pass` where the model is sure the caller the signs call frustrated was not. */
export function reviewedFrustration(
  reading: ConversationReading,
  rule: Finding,
  model: LinearModel | null,
  texts: ReviewTexts = reviewTextsOf(reading.conversation),
): Finding {
  if (!model || rule.verdict !== 'fail') return rule;
  const bag = reviewBag(reading.conversation, rule, texts);
  const probability = model.probabilitiesOfBag(bag)[FAIL] as number;
  if (reviewedSaysFrustrated(rule.verdict, probability)) return rule;
  return {
    ...rule,
    verdict: 'pass',
    reason: `${rule.reason.replace(/\.$/, '')}; but read as a whole the caller was not frustrated with the service, by the model learned from labelled conversations (probability of frustration ${probability.toFixed(2)})${weighedClause(weightiestWords(model, bag, PASS, 'caller'))}.`,
  };
}
