/**
 * The non-customer model's training data: the labelled development conversations (eval/), each read by the rule
 * with the models trained before this one, labelled `met` (a customer) or `not_met` (a pitch, a robocall, a
 * wrong number, a prank). The sealed batches are never read here.
 */
import { join } from 'node:path';
import { type EvalCase, loadDataset, toConversation } from '../eval/dataset.js';
import type { Verdict } from '../src/domain/checks.js';
import { NON_CUSTOMER_CLASSES, nonCustomerBag } from '../src/scoring/model/non-customer.js';
import { analyseConversation } from '../src/scoring/model/offline-model.js';
import { bagFeatures } from '../src/scoring/model/text-features.js';
import type { TrainedModels } from '../src/scoring/model/trained-models.js';
import type { Example } from './softmax-regression.js';

/** Every set that had its last run when the model was made; a batch still sealed measures it instead. */
export const NON_CUSTOMER_TRAINING_SETS = [
  'data',
  'tuning',
  'tuning-2',
  'tuning-3',
  'tuning-4',
  'tuning-5',
  'tuning-6',
  'fresh',
  'fresh-2',
  'fresh-3',
  'fresh-4',
  'fresh-5',
  'fresh-6',
  'fresh-7',
  'fresh-8',
  'fresh-9',
  'fresh-10',
] as const;

const EVAL_DIRECTORY = join(import.meta.dirname, '..', 'eval');

export interface NonCustomerExample extends Example {
  /** The rule's verdict, for the figures that compare the model with it. */
  rule: Verdict;
}

export interface NonCustomerSet {
  name: string;
  examples: NonCustomerExample[];
}

function exampleOf(item: EvalCase, models: TrainedModels): NonCustomerExample | null {
  const label = NON_CUSTOMER_CLASSES.indexOf(item.expected.real_inquiry as (typeof NON_CUSTOMER_CLASSES)[number]);
  if (label === -1) return null;
  const conversation = toConversation(item);
  const rule = analyseConversation(conversation, models).realInquiryByRule();
  return { features: bagFeatures(nonCustomerBag(conversation, rule)), label, rule: rule.verdict };
}

/** Each training set's examples, read with the models trained before this one (the turn models above all). */
export function nonCustomerTrainingSets(models: TrainedModels, directory: string = EVAL_DIRECTORY): NonCustomerSet[] {
  return NON_CUSTOMER_TRAINING_SETS.map((name) => ({
    name,
    examples: loadDataset(join(directory, name))
      .map((item) => exampleOf(item, models))
      .filter((example): example is NonCustomerExample => example !== null),
  }));
}
