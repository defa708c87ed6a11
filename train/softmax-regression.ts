/**
 * Multinomial logistic regression trained with AdaGrad, written here so that the whole of training is a few
 * hundred lines we can read. Deterministic: the vocabulary is sorted, examples are shuffled by a seeded
 * generator, and the weights are rounded before they are written, so the same input gives the same file.
 */
import type { LinearModelFile } from '../src/scoring/model/linear-model.js';
import { seededRandom } from './seeded-random.js';

export interface Example {
  features: readonly string[];
  /** Index into the classes. */
  label: number;
}

export interface TrainingOptions {
  epochs: number;
  learningRate: number;
  /** L2 penalty per update on the active features. */
  l2: number;
  /** A feature must occur in this many training examples to be kept. */
  minCount: number;
  maxFeatures: number;
  seed: number;
  /** Weight of each class's examples in the loss (rare classes count more); 1 when absent. */
  classWeights?: readonly number[];
}

const DECIMALS = 10_000;

function vocabulary(examples: readonly Example[], options: TrainingOptions): string[] {
  const counts = new Map<string, number>();
  for (const example of examples) {
    for (const feature of new Set(example.features)) counts.set(feature, (counts.get(feature) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, count]) => count >= options.minCount)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, options.maxFeatures)
    .map(([feature]) => feature)
    .sort();
}

export function trainSoftmax(
  name: string,
  classes: readonly string[],
  examples: readonly Example[],
  options: TrainingOptions,
): LinearModelFile {
  const features = vocabulary(examples, options);
  const index = new Map(features.map((feature, position) => [feature, position]));
  const width = classes.length;
  const encoded = examples.map((example) => ({
    rows: Int32Array.from(
      [...new Set(example.features.map((feature) => index.get(feature)).filter((row) => row !== undefined))].sort(
        (a, b) => a - b,
      ),
    ),
    label: example.label,
  }));
  const weights = new Float64Array(features.length * width);
  const squared = new Float64Array(features.length * width).fill(1e-8);
  const bias = new Float64Array(width);
  const biasSquared = new Float64Array(width).fill(1e-8);
  const random = seededRandom(options.seed);
  const order = encoded.map((_, position) => position);
  const scores = new Float64Array(width);
  for (let epoch = 0; epoch < options.epochs; epoch += 1) {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    for (const position of order) {
      const example = encoded[position] as (typeof encoded)[number];
      for (let k = 0; k < width; k += 1) scores[k] = bias[k] as number;
      for (const row of example.rows) {
        for (let k = 0; k < width; k += 1) scores[k] = (scores[k] as number) + (weights[row * width + k] as number);
      }
      let top = -Infinity;
      for (let k = 0; k < width; k += 1) top = Math.max(top, scores[k] as number);
      let total = 0;
      for (let k = 0; k < width; k += 1) {
        scores[k] = Math.exp((scores[k] as number) - top);
        total += scores[k] as number;
      }
      const classWeight = options.classWeights?.[example.label] ?? 1;
      for (let k = 0; k < width; k += 1) {
        const gradient = ((scores[k] as number) / total - (k === example.label ? 1 : 0)) * classWeight;
        biasSquared[k] = (biasSquared[k] as number) + gradient * gradient;
        bias[k] = (bias[k] as number) - (options.learningRate * gradient) / Math.sqrt(biasSquared[k] as number);
        for (const row of example.rows) {
          const cell = row * width + k;
          const step = gradient + options.l2 * (weights[cell] as number);
          squared[cell] = (squared[cell] as number) + step * step;
          weights[cell] =
            (weights[cell] as number) - (options.learningRate * step) / Math.sqrt(squared[cell] as number);
        }
      }
    }
  }
  return compact(name, classes, features, weights, bias);
}

function round(value: number): number {
  const rounded = Math.round(value * DECIMALS) / DECIMALS;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** Rounds the weights and drops features whose weights all round to zero. */
function compact(
  name: string,
  classes: readonly string[],
  features: readonly string[],
  weights: Float64Array,
  bias: Float64Array,
): LinearModelFile {
  const width = classes.length;
  const kept: string[] = [];
  const keptWeights: number[] = [];
  features.forEach((feature, row) => {
    const rowWeights = Array.from(weights.subarray(row * width, row * width + width), round);
    if (rowWeights.every((weight) => weight === 0)) return;
    kept.push(feature);
    keptWeights.push(...rowWeights);
  });
  return {
    format: 'cqm-linear-model/1',
    name,
    classes: [...classes],
    features: kept,
    weights: keptWeights,
    bias: Array.from(bias, round),
  };
}
