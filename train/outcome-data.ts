/**
 * The resolution model's training data: the labelled development conversations (eval/), each read by the engine
 * up to the resolution model's features, with the label resolved or unresolved. Only conversations whose outcome
 * the resolution model decides are kept (`outcomeDecidedEarly`): a call the engine takes for a sales pitch, or a
 * request for a person left unmet, is decided before it. The sealed batches are never read here.
 */
import { join } from 'node:path';
import { type EvalCase, loadDataset, toConversation } from '../eval/dataset.js';
import { analyseConversation, outcomeDecidedEarly, resolutionContextOf } from '../src/scoring/model/offline-model.js';
import { readResolution } from '../src/scoring/model/resolution.js';
import type { TrainedModels } from '../src/scoring/model/trained-models.js';
import type { OutcomeExample } from './outcome-regression.js';

/**
 * Every labelled set that may be read: the development sets and the spent batches, to fresh-14. Listed, not read
 * from what is unsealed, so that a batch's last run does not change training silently; a batch still sealed
 * (fresh-15) measures the result instead.
 */
export const OUTCOME_TRAINING_SETS = [
  'data',
  'tuning',
  'tuning-2',
  'tuning-3',
  'tuning-4',
  'tuning-5',
  'tuning-6',
  'tuning-7',
  'tuning-8',
  'tuning-9',
  'tuning-10',
  'tuning-11',
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
  'fresh-11',
  'fresh-12',
  'fresh-13',
  'fresh-14',
] as const;

const EVAL_DIRECTORY = join(import.meta.dirname, '..', 'eval');

export interface OutcomeSet {
  name: string;
  examples: OutcomeExample[];
}

function exampleOf(item: EvalCase, models: TrainedModels): OutcomeExample | null {
  const label = item.expected.outcome;
  if (label !== 'resolved' && label !== 'unresolved') return null;
  const analysis = analyseConversation(toConversation(item), models);
  if (outcomeDecidedEarly(analysis) !== null) return null;
  const { features } = readResolution(analysis.reading(), resolutionContextOf(analysis));
  return { features, unresolved: label === 'unresolved' };
}

/** Each training set's examples, read with the models trained before this one (turns, booking acts, mood). */
export function outcomeTrainingSets(models: TrainedModels, directory: string = EVAL_DIRECTORY): OutcomeSet[] {
  return OUTCOME_TRAINING_SETS.map((name) => ({
    name,
    examples: loadDataset(join(directory, name))
      .map((item) => exampleOf(item, models))
      .filter((example): example is OutcomeExample => example !== null),
  }));
}
