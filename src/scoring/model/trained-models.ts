/**
 * The trained parts of the offline model, built from the text of their files (models/*.json, written by
 * `npm run train`). Pure: whoever starts the service reads the files and passes their text here, once; the
 * models are then passed to scoring as a dependency. The fingerprint is a hash of the files' bytes, so the
 * scorer version changes whenever a model file does.
 */
import { createHash } from 'node:crypto';
import { type BookingActReader, bookingActReader } from './booking-acts.js';
import { type LinearModel, parseLinearModel } from './linear-model.js';
import { type OutcomeWeights, parseOutcomeWeights } from './outcome-weights.js';
import { type TurnLabelReader, turnLabelReader } from './turn-labels.js';
import { createVocabulary } from './vocabulary.js';

export const MODEL_FILE_NAMES = {
  bookingActs: 'booking-acts.json',
  dissatisfaction: 'dissatisfaction.json',
  frustratedCaller: 'frustrated-caller.json',
  nonCustomer: 'non-customer.json',
  outcome: 'outcome.json',
  turnLabels: 'turn-labels.json',
} as const;

export type ModelFileTexts = Record<keyof typeof MODEL_FILE_NAMES, string>;

/** The review models (conversation-review.ts): each learns from its rule's reading, never from its own. */
export type ReviewModelKey = 'nonCustomer' | 'frustratedCaller';

/** What training has before the review models exist: the models the rules read with can be built without them. */
export type ReadingModelFileTexts = Omit<ModelFileTexts, ReviewModelKey> &
  Partial<Pick<ModelFileTexts, ReviewModelKey>>;

export interface TrainedModels {
  bookingActs: BookingActReader;
  dissatisfaction: LinearModel;
  /** Whether the caller was a customer at all, read from the whole conversation; null only while it is trained. */
  nonCustomer: LinearModel | null;
  /** Whether the caller was frustrated with the service, read the same way; null only while it is trained. */
  frustratedCaller: LinearModel | null;
  /** The resolution model's weights, learned from labelled conversations. */
  outcome: OutcomeWeights;
  turnLabels: TurnLabelReader;
  /** Short hash of every model file's bytes, in a fixed order. */
  fingerprint: string;
}

export function trainedModelsFrom(texts: ReadingModelFileTexts): TrainedModels {
  const hash = createHash('sha256');
  for (const key of Object.keys(MODEL_FILE_NAMES).sort() as (keyof ModelFileTexts)[]) {
    const text = texts[key];
    if (text !== undefined) hash.update(key).update('\0').update(text).update('\0');
  }
  // One numbering of words for all the models, so that a turn read by several is looked up once.
  const vocabulary = createVocabulary();
  const parse = (text: string) => parseLinearModel(text, vocabulary);
  return {
    bookingActs: bookingActReader(parse(texts.bookingActs)),
    dissatisfaction: parse(texts.dissatisfaction),
    nonCustomer: texts.nonCustomer === undefined ? null : parse(texts.nonCustomer),
    frustratedCaller: texts.frustratedCaller === undefined ? null : parse(texts.frustratedCaller),
    outcome: parseOutcomeWeights(texts.outcome),
    turnLabels: turnLabelReader(parse(texts.turnLabels)),
    fingerprint: hash.digest('hex').slice(0, 16),
  };
}
