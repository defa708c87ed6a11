/**
 * A trained linear model over named features (multinomial logistic regression), as written by `npm run train`
 * into models/*.json, and the arithmetic that applies it. Parsing checks the file's shape, so a damaged or
 * mismatched file stops the service at start instead of scoring nonsense.
 */
import { z } from 'zod';
import { type NumberTable, numberTable } from './number-table.js';
import { bagFeatures, type FeatureBag } from './text-features.js';
import { createVocabulary, UNKNOWN_WORD, type Vocabulary } from './vocabulary.js';

// The header is checked by schema; the long arrays by one loop each (a schema walks 100,000 numbers slowly,
// and the service loads these files at every start).
const headerSchema = z.object({
  format: z.literal('cqm-linear-model/1'),
  name: z.string().min(1),
  classes: z.array(z.string().min(1)).min(2),
  /** Platt scaling of one class's log-odds (probability = logistic(a * logit + b)), when the model is calibrated. */
  calibration: z.object({ class: z.string(), a: z.number(), b: z.number() }).optional(),
  bias: z.array(z.number()),
  features: z.unknown(),
  weights: z.unknown(),
});

export type LinearModelFile = Omit<z.infer<typeof headerSchema>, 'features' | 'weights'> & {
  /** Feature names, sorted; `weights` holds one row of `classes.length` numbers per feature, in this order. */
  features: string[];
  weights: number[];
};

function checkedFile(value: unknown): LinearModelFile {
  const file = headerSchema.parse(value);
  if (!Array.isArray(file.features) || !file.features.every((feature) => typeof feature === 'string'))
    throw new Error(`model ${file.name}: a feature is not a string`);
  if (
    !Array.isArray(file.weights) ||
    !file.weights.every((weight) => typeof weight === 'number' && Number.isFinite(weight))
  ) {
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
  /** The same for a bag of texts and flags, without naming each word pair as a string (the service's path). */
  probabilitiesOfBag(bag: FeatureBag): number[];
  logOddsOfBag(bag: FeatureBag, classIndex: number): number;
  /**
   * The bias plus the weights of the features present, per class, before any softmax (the raw linear scores). With
   * `onlyClass`, only that class's score is summed and the others stay at their bias: for a model whose classes are
   * separate labels (turn-labels.ts), read for one of them.
   */
  scoresOfBag(bag: FeatureBag, onlyClass?: number): number[];
  /** The same from named features (what training reads). */
  scores(features: readonly string[]): number[];
  /** A feature's weight per class (in `classes` order); undefined for a feature the model does not know. */
  weightsOf(feature: string): readonly number[] | undefined;
  readonly calibration: LinearModelFile['calibration'];
  readonly featureCount: number;
}

const START = '<s>';
const END = '</s>';
const WORDS_PER_PREFIX = 1 << 15;

/**
 * Word features indexed by number: per prefix, a word's feature position by its number in the vocabulary (an
 * array, read without hashing) and a pair's by number x WORDS_PER_PREFIX + number. Looking a feature up then needs
 * each word's number, found once per text for every model sharing the vocabulary (vocabulary.ts), instead of a
 * string built and hashed per word pair, which was most of what the models cost per conversation.
 */
function wordIndex(features: readonly string[], vocabulary: Vocabulary) {
  // Per prefix, a word's number and its feature's position, in turn; and each pair's key and position.
  const singles = new Map<string, number[]>();
  const pairs = new Map<string, Map<number, number>>();
  const flags = new Map<string, number>();
  features.forEach((feature, position) => {
    // A prefix is one letter and a colon ("u:", "c:"); a regular expression per feature cost a third of loading.
    const prefix =
      feature.charAt(1) === ':' && feature.charAt(0) >= 'a' && feature.charAt(0) <= 'z' ? feature.slice(0, 2) : '';
    const words = feature.slice(prefix.length).split(' ');
    if (feature.startsWith('#') || words.length > 2 || words.some((word) => word === '')) {
      flags.set(feature, position);
      return;
    }
    if (!singles.has(prefix)) {
      singles.set(prefix, []);
      pairs.set(prefix, new Map());
    }
    const [first, second] = words as [string, string | undefined];
    if (second === undefined) singles.get(prefix)?.push(vocabulary.number(first), position);
    else pairs.get(prefix)?.set(vocabulary.number(first) * WORDS_PER_PREFIX + vocabulary.number(second), position);
  });
  const start = vocabulary.number(START);
  const end = vocabulary.number(END);
  // Every word of this model is numbered below `known`; words numbered later, by other models, are unknown to it
  // (and must be: from WORDS_PER_PREFIX on, a pair's key could collide with another's). A model whose words reach
  // that far keeps to the string path.
  const known = vocabulary.size;
  if (known >= WORDS_PER_PREFIX) return null;
  // The arrays are sized once every number is known.
  const byPrefix = new Map<string, { single: Int32Array; pair: NumberTable }>();
  for (const [prefix, numbered] of singles) {
    const single = new Int32Array(known).fill(-1);
    for (let at = 0; at < numbered.length; at += 2) single[numbered[at] as number] = numbered[at + 1] as number;
    byPrefix.set(prefix, { single, pair: numberTable(pairs.get(prefix) ?? new Map()) });
  }
  return { byPrefix, flags, start, end, known };
}

/** `vocabulary`: shared by the models loaded together, so that a text's words are numbered once for all of them. */
export function parseLinearModel(text: string, vocabulary: Vocabulary = createVocabulary()): LinearModel {
  const file = checkedFile(JSON.parse(text));
  const width = file.classes.length;
  if (file.weights.length !== file.features.length * width || file.bias.length !== width) {
    throw new Error(`model ${file.name}: weights do not match ${file.features.length} features x ${width} classes`);
  }
  return linearModel(file, vocabulary);
}

export function linearModel(file: LinearModelFile, vocabulary: Vocabulary = createVocabulary()): LinearModel {
  const width = file.classes.length;
  const index = new Map<string, number>();
  file.features.forEach((feature, position) => {
    index.set(feature, position);
  });
  const weights = Float64Array.from(file.weights);
  const words = wordIndex(file.features, vocabulary);
  // A feature counts once however often it occurs (training counted presence, not frequency): features
  // already added in this call carry this call's stamp, which spares a Set per call.
  const stamps = new Uint32Array(file.features.length);
  let stamp = 0;
  let sums: number[] = [];
  let classFrom = 0;
  let classTo = width;
  const begin = (onlyClass?: number) => {
    sums = [...file.bias];
    classFrom = onlyClass ?? 0;
    classTo = onlyClass === undefined ? width : onlyClass + 1;
    stamp = stamp === 0xffffffff ? 1 : stamp + 1;
    if (stamp === 1) stamps.fill(0);
  };
  const add = (position: number | undefined) => {
    if (position === undefined || position === -1 || stamps[position] === stamp) return;
    stamps[position] = stamp;
    const row = position * width;
    for (let k = classFrom; k < classTo; k += 1) sums[k] = (sums[k] as number) + (weights[row + k] as number);
  };
  const scores = (features: readonly string[]): number[] => {
    begin();
    for (const feature of features) add(index.get(feature));
    return sums;
  };
  const bagScores = (bag: FeatureBag, onlyClass?: number): number[] => {
    if (!words) return scores(bagFeatures(bag));
    begin(onlyClass);
    for (const text of bag.texts) {
      const tables = words.byPrefix.get(text.prefix);
      if (!tables) continue;
      const ids = vocabulary.idsOf(text.words);
      let previous = words.start;
      for (let at = 0; at < ids.length; at += 1) {
        const number = ids[at] as number;
        const id = number < words.known ? number : UNKNOWN_WORD;
        if (id !== UNKNOWN_WORD) {
          add(tables.single[id]);
          if (previous !== UNKNOWN_WORD) add(tables.pair.get(previous * WORDS_PER_PREFIX + id));
        }
        previous = id;
      }
      if (previous !== UNKNOWN_WORD) add(tables.pair.get(previous * WORDS_PER_PREFIX + words.end));
    }
    for (const flag of bag.flags) add(words.flags.get(flag));
    return sums;
  };
  const logOddsOf = (sums: number[], classIndex: number): number => {
    if (width === 2) return (sums[classIndex] as number) - (sums[1 - classIndex] as number);
    const p = Math.min(1 - 1e-12, Math.max(1e-12, softmax(sums)[classIndex] as number));
    return Math.log(p / (1 - p));
  };
  return {
    name: file.name,
    classes: file.classes,
    calibration: file.calibration,
    featureCount: file.features.length,
    probabilities(features) {
      return softmax(scores(features));
    },
    probabilitiesOfBag(bag) {
      return softmax(bagScores(bag));
    },
    scoresOfBag: bagScores,
    scores,
    logOddsOfBag(bag, classIndex) {
      return logOddsOf(bagScores(bag), classIndex);
    },
    logOdds(features, classIndex) {
      return logOddsOf(scores(features), classIndex);
    },
    weightsOf(feature) {
      const position = index.get(feature);
      return position === undefined ? undefined : [...weights.subarray(position * width, (position + 1) * width)];
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
