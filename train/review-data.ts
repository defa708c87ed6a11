/**
 * A review model's training data: the labelled development conversations (eval/), each read by its rule with the
 * models trained before it, labelled with the check's verdict (`uncertain` labels left out). The sealed batches are
 * never read here.
 */
import { join } from 'node:path';
import { type EvalCase, loadDataset, toConversation } from '../eval/dataset.js';
import { reviewBag } from '../src/scoring/model/conversation-review.js';
import type { Finding } from '../src/scoring/model/finding.js';
import { analyseConversation } from '../src/scoring/model/offline-model.js';
import { bagFeatures } from '../src/scoring/model/text-features.js';
import type { TrainedModels } from '../src/scoring/model/trained-models.js';
import { OUTCOME_TRAINING_SETS } from './outcome-data.js';
import type { ReviewSpec } from './review-specs.js';
import type { Example } from './softmax-regression.js';

/**
 * The sets the review models learn from: the resolution model's, every readable set. The batches spent after the
 * models were first made (fresh-11 to fresh-13) were left out for a while, because with them the models did worse
 * on the older sets left out in turn; but the newer sets are written as the sealed batches are, and on them, each
 * left out in turn, the models learned with the newer sets did better than those learned without (over fresh-11 to
 * fresh-13 and tuning-7 to tuning-10, each left out in turn: non-customer 26 -> 18 wrong, frustrated caller
 * 67 -> 52; docs/decisions.md).
 */
export const REVIEW_TRAINING_SETS = OUTCOME_TRAINING_SETS;

const EVAL_DIRECTORY = join(import.meta.dirname, '..', 'eval');

export interface ReviewExample extends Example {
  /** The rule's verdict and score, for the figures that compare the model with it. */
  rule: Pick<Finding, 'verdict' | 'score'>;
}

export interface ReviewSet {
  name: string;
  examples: ReviewExample[];
}

function exampleOf(spec: ReviewSpec, item: EvalCase, models: TrainedModels): ReviewExample | null {
  const label = spec.classes.indexOf(item.expected[spec.check] ?? '');
  if (label === -1) return null;
  const conversation = toConversation(item);
  const rule = spec.ruleOf(analyseConversation(conversation, models));
  return {
    features: bagFeatures(reviewBag(conversation, rule)),
    label,
    rule: { verdict: rule.verdict, score: rule.score },
  };
}

/** Each training set's examples for one review model, read with the models trained before it. */
export function reviewTrainingSets(
  spec: ReviewSpec,
  models: TrainedModels,
  directory: string = EVAL_DIRECTORY,
): ReviewSet[] {
  return REVIEW_TRAINING_SETS.map((name) => ({
    name,
    examples: loadDataset(join(directory, name))
      .map((item) => exampleOf(spec, item, models))
      .filter((example): example is ReviewExample => example !== null),
  }));
}
