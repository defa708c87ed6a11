/**
 * The resolution model's weights (models/outcome.json): checked at load, written the same way every time, and
 * learned from labelled conversations by a regression that starts from and is pulled towards the hand-set weights.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MODELS_DIRECTORY, loadTrainedModels } from '../../src/main/model-files.js';
import {
  HAND_OUTCOME_WEIGHTS,
  noOutcomeFeatures,
  OUTCOME_FEATURES,
  type OutcomeFeatureValues,
  outcomeLogit,
  outcomeWeightsText,
  parseOutcomeWeights,
} from '../../src/scoring/model/outcome-weights.js';
import { MODEL_FILE_NAMES } from '../../src/scoring/model/trained-models.js';
import { fitOutcomeWeights, outcomeAccuracy } from '../../train/outcome-regression.js';

const text = readFileSync(join(DEFAULT_MODELS_DIRECTORY, MODEL_FILE_NAMES.outcome), 'utf8');

function features(present: Partial<OutcomeFeatureValues>): OutcomeFeatureValues {
  return { ...noOutcomeFeatures(), ...present };
}

describe('the outcome weights file', () => {
  it('is loaded with the other models and names every sign the code reads', () => {
    const { models } = loadTrainedModels();
    expect(Object.keys(models.outcome.weights).sort()).toEqual([...OUTCOME_FEATURES].sort());
    expect(outcomeWeightsText(parseOutcomeWeights(text))).toBe(text);
  });

  it('is refused when a sign is missing, unknown or not a number', () => {
    const file = JSON.parse(text);
    const { agentUnable: _dropped, ...missing } = file.weights;
    expect(() => parseOutcomeWeights(JSON.stringify({ ...file, weights: missing }))).toThrow();
    expect(() => parseOutcomeWeights(JSON.stringify({ ...file, weights: { ...file.weights, newSign: 1 } }))).toThrow();
    expect(() =>
      parseOutcomeWeights(JSON.stringify({ ...file, weights: { ...file.weights, agentUnable: 'high' } })),
    ).toThrow();
    expect(() => parseOutcomeWeights('{"format":"cqm-linear-model/1"}')).toThrow();
  });

  it('weighs the signs present, each by how much of it there is', () => {
    const base = outcomeLogit(HAND_OUTCOME_WEIGHTS, noOutcomeFeatures());
    expect(base).toBe(HAND_OUTCOME_WEIGHTS.bias);
    expect(outcomeLogit(HAND_OUTCOME_WEIGHTS, features({ satisfiedSignOff: 0.5 }))).toBeCloseTo(
      base + 0.5 * HAND_OUTCOME_WEIGHTS.weights.satisfiedSignOff,
    );
  });
});

describe('learning the outcome weights', () => {
  // The labels say a caller told "we're closed on Tuesdays" (an answer despite a stall) was resolved.
  const examples = [
    ...Array.from({ length: 30 }, () => ({
      features: features({ agentUnable: 1, answeredDespiteStall: 1 }),
      unresolved: false,
    })),
    ...Array.from({ length: 30 }, () => ({ features: features({ agentUnable: 1 }), unresolved: true })),
    ...Array.from({ length: 30 }, () => ({ features: features({ answered: 1 }), unresolved: false })),
  ];

  it('keeps the prior without examples, and gives the same weights for the same examples', () => {
    expect(fitOutcomeWeights([], HAND_OUTCOME_WEIGHTS)).toEqual(HAND_OUTCOME_WEIGHTS);
    expect(fitOutcomeWeights(examples, HAND_OUTCOME_WEIGHTS)).toEqual(
      fitOutcomeWeights([...examples].reverse(), HAND_OUTCOME_WEIGHTS),
    );
  });

  it('moves a sign the labels speak about, and leaves one they never show near its prior', () => {
    const learned = fitOutcomeWeights(examples, HAND_OUTCOME_WEIGHTS);
    expect(learned.weights.answeredDespiteStall).toBeLessThan(-0.5);
    expect(learned.weights.bookingFailed).toBe(HAND_OUTCOME_WEIGHTS.weights.bookingFailed);
    expect(outcomeAccuracy(learned, examples)).toBe(1);
    expect(outcomeAccuracy(HAND_OUTCOME_WEIGHTS, examples)).toBeLessThan(1);
  });
});
