/**
 * Logistic regression over the resolution model's few dense features, pulled towards a prior (the hand-set
 * weights) rather than towards zero: with a thousand or so labelled conversations, a sign seen rarely keeps
 * about the weight a person gave it, and a sign seen often takes the weight the labels teach. Full-batch
 * gradient descent from the prior, a fixed number of steps, weights rounded: the same data gives the same file.
 */
import {
  OUTCOME_FEATURES,
  type OutcomeFeatureValues,
  type OutcomeWeights,
  outcomeLogit,
} from '../src/scoring/model/outcome-weights.js';

export interface OutcomeExample {
  features: OutcomeFeatureValues;
  /** The caller did not get what they came for. */
  unresolved: boolean;
}

export interface OutcomeRegressionOptions {
  /** Strength of the pull towards the prior, per example (the penalty is l2 * n / 2 * |w - prior|^2). */
  l2: number;
  steps: number;
  learningRate: number;
}

export const OUTCOME_REGRESSION_OPTIONS: OutcomeRegressionOptions = { l2: 0.03, steps: 2_000, learningRate: 0.5 };

const DECIMALS = 1_000;

function round(value: number): number {
  const rounded = Math.round(value * DECIMALS) / DECIMALS;
  return Object.is(rounded, -0) ? 0 : rounded;
}

export function fitOutcomeWeights(
  examples: readonly OutcomeExample[],
  prior: OutcomeWeights,
  options: OutcomeRegressionOptions = OUTCOME_REGRESSION_OPTIONS,
): OutcomeWeights {
  const priorWeights = OUTCOME_FEATURES.map((feature) => prior.weights[feature]);
  const rows = examples.map((example) => ({
    values: OUTCOME_FEATURES.map((feature) => example.features[feature]),
    target: example.unresolved ? 1 : 0,
  }));
  let bias = prior.bias;
  const weights = [...priorWeights];
  const count = Math.max(1, rows.length);
  for (let step = 0; step < options.steps; step += 1) {
    let biasGradient = 0;
    const gradient = new Float64Array(weights.length);
    for (const row of rows) {
      let logit = bias;
      row.values.forEach((value, k) => {
        logit += (weights[k] as number) * value;
      });
      const error = 1 / (1 + Math.exp(-logit)) - row.target;
      biasGradient += error;
      row.values.forEach((value, k) => {
        gradient[k] = (gradient[k] as number) + error * value;
      });
    }
    bias -= options.learningRate * (biasGradient / count + options.l2 * (bias - prior.bias));
    weights.forEach((weight, k) => {
      const pull = options.l2 * (weight - (priorWeights[k] as number));
      weights[k] = weight - options.learningRate * ((gradient[k] as number) / count + pull);
    });
  }
  return {
    bias: round(bias),
    weights: Object.fromEntries(
      OUTCOME_FEATURES.map((feature, k) => [feature, round(weights[k] as number)]),
    ) as OutcomeFeatureValues,
  };
}

/** Share of examples on the right side of an even chance. */
export function outcomeAccuracy(weights: OutcomeWeights, examples: readonly OutcomeExample[]): number {
  if (examples.length === 0) return 0;
  const right = examples.filter((example) => outcomeLogit(weights, example.features) >= 0 === example.unresolved);
  return right.length / examples.length;
}
