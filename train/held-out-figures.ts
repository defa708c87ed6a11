/**
 * The figures a model card and `npm run eval` report, on parts of the corpora a model did not learn from:
 * the booking-act model's accuracy per act, the booking checks on SGD dialogues (train/booking-dialogues.ts),
 * and for dissatisfaction the turn- and dialogue-level ROC-AUC and Spearman's rho, of the model alone and of
 * the `frustration` check's score as the service computes it.
 */

import { BUILTIN_CHECKS } from '../src/scoring/builtin-checks.js';
import {
  BOOKING_ACTS,
  type BookingAct,
  type BookingActReader,
  bookingActReader,
} from '../src/scoring/model/booking-acts.js';
import { readDissatisfaction } from '../src/scoring/model/dissatisfaction.js';
import { type LinearModel, type LinearModelFile, linearModel } from '../src/scoring/model/linear-model.js';
import type { TrainedModels } from '../src/scoring/model/trained-models.js';
import { scoreConversation } from '../src/scoring/pipeline.js';
import { sgdBookingAct, systemTurns } from './booking-acts-data.js';
import { type BookingCheckFigures, bookingCases, bookingCheckFigures } from './booking-dialogues.js';
import type { SgdDialogue, UssDialogue } from './corpora.js';
import { dialogueTurns, isDissatisfiedDialogue, isDissatisfiedRating, ratedTurns } from './dissatisfaction-data.js';
import { rocAuc, rocAucInterval, spearman } from './figures.js';

export interface ActFigures {
  turns: number;
  accuracy: number;
  perAct: { act: string; n: number; precision: number | null; recall: number | null }[];
}

export function bookingActFigures(reader: BookingActReader, dialogues: readonly SgdDialogue[]): ActFigures {
  const truth: BookingAct[] = [];
  const predicted: BookingAct[] = [];
  for (const turn of systemTurns(dialogues)) {
    truth.push(sgdBookingAct(turn));
    predicted.push(reader.read(turn.text).act);
  }
  return actFiguresOf(truth, predicted);
}

/** Accuracy, and per act the precision and recall of reading it, for acts read (`predicted`) against `truth`. */
export function actFiguresOf(truth: readonly BookingAct[], predicted: readonly BookingAct[]): ActFigures {
  const correct = truth.filter((act, i) => predicted[i] === act).length;
  return {
    turns: truth.length,
    accuracy: correct / truth.length,
    perAct: BOOKING_ACTS.map((act) => {
      const n = truth.filter((value) => value === act).length;
      const guessed = predicted.filter((value) => value === act).length;
      const hits = truth.filter((value, i) => value === act && predicted[i] === act).length;
      return { act, n, precision: guessed ? hits / guessed : null, recall: n ? hits / n : null };
    }),
  };
}

export function bookingChecksOnDialogues(
  dialogues: readonly SgdDialogue[],
  models: TrainedModels | null,
): BookingCheckFigures {
  return bookingCheckFigures(bookingCases(dialogues), models);
}

export interface DissatisfactionFigures {
  dialogues: number;
  dissatisfiedDialogues: number;
  turns: number;
  dissatisfiedTurns: number;
  /** The model alone: each rated user turn's probability against the turn's label and mean rating. */
  turnAuc: number | null;
  turnRho: number | null;
  /** Per dialogue, the calibrated "dissatisfied at some point" against the overall rating's label and the worst turn. */
  dialogueAuc: number | null;
  /** Its 95% bootstrap interval: a held-out part has only a few dozen dissatisfied dialogues. */
  dialogueAucInterval: [number, number] | null;
  dialogueRhoWorstTurn: number | null;
  /** The `frustration` check's score per dialogue, with `models` (null: the written signs alone, as before issue 16). */
  checkAuc: number | null;
  checkRhoWorstTurn: number | null;
  /** Mean calibrated probability against the share of dialogues with a dissatisfied turn (calibration at a glance). */
  meanAtSomePoint: number;
  shareAtSomePoint: number;
}

const FRUSTRATION = BUILTIN_CHECKS.filter((check) => check.key === 'frustration');

export function dissatisfactionFigures(
  model: LinearModel,
  dialogues: readonly UssDialogue[],
  models: TrainedModels | null,
): DissatisfactionFigures {
  const turnScores: number[] = [];
  const turnLabels: boolean[] = [];
  const turnRatings: number[] = [];
  const dialogueScores: number[] = [];
  const checkScores: number[] = [];
  const dialogueLabels: boolean[] = [];
  const worstTurns: number[] = [];
  let atSomePoint = 0;
  let sumAtSomePoint = 0;
  for (const dialogue of dialogues) {
    const turns = dialogueTurns(dialogue);
    const reading = readDissatisfaction(model, turns);
    const probability = new Map(reading.turns.map((turn) => [turn.index, turn.probability]));
    const rated = ratedTurns(dialogue);
    if (rated.length === 0) continue;
    for (const turn of rated) {
      turnScores.push(probability.get(turn.index) ?? 0);
      turnLabels.push(isDissatisfiedRating(turn.rating));
      // Lower ratings are worse; negated so that both rise together.
      turnRatings.push(-turn.rating);
    }
    if (rated.some((turn) => isDissatisfiedRating(turn.rating))) atSomePoint += 1;
    sumAtSomePoint += reading.atSomePoint;
    dialogueScores.push(reading.atSomePoint);
    dialogueLabels.push(isDissatisfiedDialogue(dialogue));
    worstTurns.push(-Math.min(...rated.map((turn) => turn.rating)));
    {
      const { results } = scoreConversation(
        { channel: 'chat', ended_by: null, metadata: {}, events: [], transcript: turns.map((turn) => ({ ...turn })) },
        [...FRUSTRATION],
        undefined,
        models,
      );
      checkScores.push(results[0]?.score ?? 0);
    }
  }
  return {
    dialogues: dialogueScores.length,
    dissatisfiedDialogues: dialogueLabels.filter(Boolean).length,
    turns: turnScores.length,
    dissatisfiedTurns: turnLabels.filter(Boolean).length,
    turnAuc: rocAuc(turnScores, turnLabels),
    turnRho: spearman(turnScores, turnRatings),
    dialogueAuc: rocAuc(dialogueScores, dialogueLabels),
    dialogueAucInterval: rocAucInterval(dialogueScores, dialogueLabels),
    dialogueRhoWorstTurn: spearman(dialogueScores, worstTurns),
    checkAuc: rocAuc(checkScores, dialogueLabels),
    checkRhoWorstTurn: spearman(checkScores, worstTurns),
    meanAtSomePoint: sumAtSomePoint / Math.max(1, dialogueScores.length),
    shareAtSomePoint: atSomePoint / Math.max(1, dialogueScores.length),
  };
}

export function readerOf(file: LinearModelFile): BookingActReader {
  return bookingActReader(linearModel(file));
}
