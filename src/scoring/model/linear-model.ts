/**
 * A trained linear model over named features (multinomial logistic regression), as written by `npm run train`
 * into models/*.json, and the arithmetic that applies it. Parsing checks the file's shape, so a damaged or
 * mismatched file stops the service at start instead of scoring nonsense.
 */
import { z } from 'zod';

// The header is checked by schema; the long arrays by one loop each (a schema walks 100,000 numbers slowly,
// and the service loads these files at every start).
const headerSchema = z.object({
  format: z.literal('cqm-linear-model/1'),
  name: z.string().min(1),
  classes: z.array(z.string().min(1)).min(2),
  /** Platt scaling of one class's log-odds (probability = logistic(a * logit + b)), when the model is calibrated. */
  calibration: z.object({ class: z.string(), a: z.number(), b: z.number() }).optional(),
  bias: z.array(z.number()),
  features: z.array(z.any()),
  weights: z.array(z.any()),
});

export type LinearModelFile = Omit<z.infer<typeof headerSchema>, 'features' | 'weights'> & {
  /** Feature names, sorted; `weights` holds one row of `classes.length` numbers per feature, in this order. */
  features: string[];
  weights: number[];
};

function checkedFile(value: unknown): LinearModelFile {
  const file = headerSchema.parse(value);
  if (!file.features.every((feature) => typeof feature === 'string'))
    throw new Error(`model ${file.name}: a feature is not a string`);
  if (!file.weights.every((weight) => typeof weight === 'number' && Number.isFinite(weight))) {
    throw new Error(`model ${file.name}: a weight is not a finite number`);
  }
  return file as LinearModelFile;
}

export interface LinearModel {
  readonly name: string;
  readonly classes: readonly string[];
  /** Probability of each class (in `classes` order) given the features present; unknown features are ignored. */
  probabilities(features: readonly string[]): number[];
  /** Log-odds of class `classIndex` against the rest. */
  logOdds(features: readonly string[], classIndex: number): number;
  readonly calibration: LinearModelFile['calibration'];
  readonly featureCount: number;
}

export function parseLinearModel(text: string): LinearModel {
  const file = checkedFile(JSON.parse(text));
  const width = file.classes.length;
  if (file.weights.length !== file.features.length * width || file.bias.length !== width) {
    throw new Error(`model ${file.name}: weights do not match ${file.features.length} features x ${width} classes`);
  }
  return linearModel(file);
}

export function linearModel(file: LinearModelFile): LinearModel {
  const width = file.classes.length;
  const index = new Map<string, number>();
  file.features.forEach((feature, position) => {
    index.set(feature, position * width);
  });
  const weights = Float64Array.from(file.weights);
  // A feature counts once however often it occurs (training counted presence, not frequency): rows already
  // added in this call carry this call's stamp, which spares a Set per call.
  const stamps = new Uint32Array(file.features.length);
  let stamp = 0;
  const scores = (features: readonly string[]): number[] => {
    const sums = [...file.bias];
    stamp = stamp === 0xffffffff ? 1 : stamp + 1;
    if (stamp === 1) stamps.fill(0);
    for (const feature of features) {
      const row = index.get(feature);
      if (row === undefined || stamps[row / width] === stamp) continue;
      stamps[row / width] = stamp;
      for (let k = 0; k < width; k += 1) sums[k] = (sums[k] as number) + (weights[row + k] as number);
    }
    return sums;
  };
  return {
    name: file.name,
    classes: file.classes,
    calibration: file.calibration,
    featureCount: file.features.length,
    probabilities(features) {
      return softmax(scores(features));
    },
    logOdds(features, classIndex) {
      const sums = scores(features);
      if (width === 2) return (sums[classIndex] as number) - (sums[1 - classIndex] as number);
      const p = Math.min(1 - 1e-12, Math.max(1e-12, softmax(sums)[classIndex] as number));
      return Math.log(p / (1 - p));
    },
  };
}

export function softmax(scores: readonly number[]): number[] {
  const top = Math.max(...scores);
  const exps = scores.map((score) => Math.exp(score - top));
  const total = exps.reduce((sum, value) => sum + value, 0);
  return exps.map((value) => value / total);
}

export function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
