/** How each model is trained: its data, options and (for dissatisfaction) calibration. Shared by train.ts and eval. */
import { BOOKING_ACTS } from '../src/scoring/model/booking-acts.js';
import { readDissatisfaction } from '../src/scoring/model/dissatisfaction.js';
import { type LinearModelFile, linearModel } from '../src/scoring/model/linear-model.js';
import {
  asReadFor,
  readsContext,
  TURN_LABELS,
  type TurnLabel,
  turnLabelBag,
} from '../src/scoring/model/turn-labels.js';
import { bookingActExamples } from './booking-acts-data.js';
import { type WrittenBookingTurn, writtenBookingExamples } from './booking-turns-data.js';
import { fitPlatt } from './calibration.js';
import type { SgdDialogue, UssDialogue } from './corpora.js';
import {
  DISSATISFACTION_CLASSES,
  dialogueTurns,
  dissatisfactionExamples,
  dissatisfiedAtSomePoint,
} from './dissatisfaction-data.js';
import { type Example, type TrainingOptions, trainSoftmax } from './softmax-regression.js';
import { splitByDialogue } from './split.js';
import { isCorpusTurn, type LabelledTurn, turnLabelExamples, turnsFor } from './turn-labels-data.js';

export const BOOKING_ACT_OPTIONS: TrainingOptions = {
  epochs: 6,
  learningRate: 0.2,
  l2: 1e-5,
  minCount: 3,
  maxFeatures: 40_000,
  seed: 16,
};

export const DISSATISFACTION_OPTIONS: TrainingOptions = {
  epochs: 8,
  learningRate: 0.05,
  l2: 1e-3,
  minCount: 3,
  maxFeatures: 20_000,
  seed: 16,
  // About 2% of turns are dissatisfied; weighting them up lets the rare class shape the weights.
  classWeights: [1, 10],
};

export const TURN_LABEL_OPTIONS: Omit<TrainingOptions, 'classWeights'> = {
  epochs: 10,
  learningRate: 0.1,
  l2: 1e-4,
  minCount: 2,
  maxFeatures: 6_000,
  seed: 16,
};

/** The labelled turns weigh as much, in all, as a third of the others: enough to be learned, not so much that every near miss becomes one. */
const TURN_POSITIVE_SHARE = 1 / 3;

/** A rated corpus turn the first model reads at least this likely is one it must learn is not the label. */
const MISTAKEN_FROM = 0.5;

/**
 * Trains on the written turns and the development set's negatives; then, when rated corpus turns are given
 * (negatives by the raters' word), adds those the first model mistook for the label and trains again. The
 * corpora hold thousands of ordinary turns; all of them would outweigh the written ones, the mistaken few teach
 * what matters (a caller disliking a film is not fed up with the service).
 */
export function trainTurnLabel(label: TurnLabel, turns: readonly LabelledTurn[]): LinearModelFile {
  const written = turns.filter((turn) => !isCorpusTurn(turn));
  const first = trainTurnLabelOn(label, written);
  const rated = turnsFor(label, turns.filter(isCorpusTurn));
  if (rated.length === 0) return first;
  const model = linearModel(first);
  const positive = model.classes.indexOf(label);
  const mistaken = rated.filter(
    (turn) => (model.probabilitiesOfBag(turnLabelBag(asReadFor(label, turn)))[positive] as number) >= MISTAKEN_FROM,
  );
  return trainTurnLabelOn(label, [...written, ...mistaken]);
}

/** Features a turn read without its context always shows: training saw them on every turn. */
const ALWAYS_WITHOUT_CONTEXT = ['#no-context', 'c:<s> </s>'];

/**
 * Every label's two-class model, kept in one file (`turn-labels.json`): classes are the labels, and each
 * feature's weight for a label is its log-odds contribution (the label's weight less the other class's). A
 * label that reads the turn alone never saw a context word, and saw the two features an empty context shows on
 * every turn: their weights go into its bias, so that the service reads every label in one pass over the turn
 * with its context (src/scoring/model/turn-labels.ts).
 */
export function trainTurnLabels(turns: readonly LabelledTurn[]): LinearModelFile {
  const labels = Object.keys(TURN_LABELS) as TurnLabel[];
  const rows = new Map<string, number[]>();
  const bias = labels.map((label, column) => {
    const file = trainTurnLabel(label, turns);
    const [other, own] = [0, 1];
    let labelBias = (file.bias[own] as number) - (file.bias[other] as number);
    file.features.forEach((feature, row) => {
      const weight = (file.weights[row * 2 + own] as number) - (file.weights[row * 2 + other] as number);
      if (!readsContext(label) && ALWAYS_WITHOUT_CONTEXT.includes(feature)) {
        labelBias += weight;
        return;
      }
      if (!readsContext(label) && feature.startsWith('c:')) return;
      const weights = rows.get(feature) ?? new Array<number>(labels.length).fill(0);
      weights[column] = weight;
      rows.set(feature, weights);
    });
    return roundWeight(labelBias);
  });
  const features = [...rows.keys()].sort();
  return {
    format: 'cqm-linear-model/1',
    name: 'turn-labels',
    classes: labels,
    bias,
    features,
    weights: features.flatMap((feature) => (rows.get(feature) as number[]).map(roundWeight)),
  };
}

function roundWeight(value: number): number {
  return Math.round(value * 10_000) / 10_000 || 0;
}

function trainTurnLabelOn(label: TurnLabel, turns: readonly LabelledTurn[]): LinearModelFile {
  const examples = turnLabelExamples(label, turns);
  const positives = examples.filter((example) => example.label === 1).length;
  const negatives = examples.length - positives;
  const positiveWeight = positives === 0 ? 1 : Math.max(1, (negatives * TURN_POSITIVE_SHARE) / positives);
  return trainSoftmax(`turn-${label}`, ['other', label], examples, {
    ...TURN_LABEL_OPTIONS,
    classWeights: [1, Math.round(positiveWeight * 100) / 100],
  });
}

/** The booking-act model: the corpus's system turns and the written agent turns (train/data/booking-turns). */
export function trainBookingActs(
  dialogues: readonly SgdDialogue[],
  written: readonly WrittenBookingTurn[],
): LinearModelFile {
  return trainBookingActsOn(bookingActExamples(dialogues), written);
}

export function trainBookingActsOn(
  corpus: readonly Example[],
  written: readonly WrittenBookingTurn[],
): LinearModelFile {
  return trainSoftmax(
    'booking-acts',
    BOOKING_ACTS,
    [...corpus, ...writtenBookingExamples(written)],
    BOOKING_ACT_OPTIONS,
  );
}

function trainDissatisfactionUncalibrated(
  dialogues: readonly UssDialogue[],
  options: TrainingOptions,
): LinearModelFile {
  return trainSoftmax('dissatisfaction', DISSATISFACTION_CLASSES, dissatisfactionExamples(dialogues), options);
}

/**
 * The turn model is the average of two models, each trained on one half of the training part; each half's
 * dialogues are scored by the model that did not learn from them, and a Platt calibration of the likeliest
 * turns' mean log-odds for "dissatisfied at some point" is fitted to those scores. Averaging keeps the shipped
 * model at the confidence the calibration saw (a model trained on all of it would be surer of itself).
 */
export function trainDissatisfaction(dialogues: readonly UssDialogue[]): LinearModelFile {
  return trainDissatisfactionWith(dialogues, DISSATISFACTION_OPTIONS);
}

export function trainDissatisfactionWith(dialogues: readonly UssDialogue[], options: TrainingOptions): LinearModelFile {
  const halves = splitByDialogue(dialogues, (dialogue) => `fold:${dialogue.id}`, 0.5);
  const folds: [readonly UssDialogue[], readonly UssDialogue[]][] = [
    [halves.training, halves.heldOut],
    [halves.heldOut, halves.training],
  ];
  const xs: number[] = [];
  const outcomes: boolean[] = [];
  const files: LinearModelFile[] = [];
  for (const [learnFrom, score] of folds) {
    const file = trainDissatisfactionUncalibrated(learnFrom, options);
    files.push(file);
    const model = linearModel(file);
    for (const dialogue of score) {
      const reading = readDissatisfaction(model, dialogueTurns(dialogue));
      if (reading.dialogueLogOdds === null) continue;
      xs.push(reading.dialogueLogOdds);
      outcomes.push(dissatisfiedAtSomePoint(dialogue));
    }
  }
  const calibration = fitPlatt(xs, outcomes);
  return {
    ...averageModels(files as [LinearModelFile, LinearModelFile]),
    calibration: { class: 'dissatisfied', ...calibration },
  };
}

/** The mean of two models' weights (a feature one of them lacks weighs 0 there), rounded as training rounds. */
function averageModels([first, second]: [LinearModelFile, LinearModelFile]): LinearModelFile {
  const width = first.classes.length;
  const rows = new Map<string, number[]>();
  for (const file of [first, second]) {
    file.features.forEach((feature, row) => {
      const sum = rows.get(feature) ?? new Array<number>(width).fill(0);
      for (let k = 0; k < width; k += 1) sum[k] = (sum[k] as number) + (file.weights[row * width + k] as number) / 2;
      rows.set(feature, sum);
    });
  }
  const features = [...rows.keys()].sort();
  return {
    ...first,
    features,
    weights: features.flatMap((feature) => (rows.get(feature) as number[]).map(roundWeight)),
    bias: first.bias.map((value, k) => roundWeight((value + (second.bias[k] as number)) / 2)),
  };
}
