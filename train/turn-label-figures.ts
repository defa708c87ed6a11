/**
 * How well each turn model reads wording its writers did not write: for each writer, a model trained on every
 * other writer's turns, and on the development set's negatives but a share of its conversations, scores that
 * writer's turns and the conversations left out. The pooled out-of-fold scores give each label's ROC-AUC, its
 * precision and recall at the threshold the checks use, and how often it flags a development-set turn that
 * does not do what the label names (a false alarm among ordinary turns).
 */
import { createHash } from 'node:crypto';
import { linearModel } from '../src/scoring/model/linear-model.js';
import {
  asReadFor,
  TURN_LABEL_THRESHOLDS,
  TURN_LABELS,
  type TurnLabel,
  type TurnLabelReader,
  turnLabelBag,
  worded,
} from '../src/scoring/model/turn-labels.js';
import { fixed, rocAuc } from './figures.js';
import { trainTurnLabel } from './models.js';
import { type LabelledTurn, turnsFor } from './turn-labels-data.js';

export interface TurnLabelFigures {
  label: TurnLabel;
  writers: number;
  positives: number;
  negatives: number;
  auc: number | null;
  threshold: number;
  precision: number | null;
  recall: number | null;
  developmentTurns: number;
  developmentFalseAlarms: number;
}

/** A development case's fold, by a hash of its id (the same on every run). */
function foldOf(caseId: string, folds: number): number {
  return createHash('sha256').update(`turn-folds:${caseId}`).digest().readUInt32BE(0) % folds;
}

function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

export function crossWriterFigures(turns: readonly LabelledTurn[]): TurnLabelFigures[] {
  // Written turns carry every label that applies; the others are negatives for some labels only.
  const writers = [...new Set(turns.filter((turn) => turn.negativeFor === 'all').map((turn) => turn.source))].sort();
  return (Object.keys(TURN_LABELS) as TurnLabel[]).map((label) => {
    const threshold = TURN_LABEL_THRESHOLDS[label];
    const scores: number[] = [];
    const positives: boolean[] = [];
    let developmentTurns = 0;
    let developmentFalseAlarms = 0;
    writers.forEach((writer, fold) => {
      const heldOut = (turn: LabelledTurn) =>
        turn.source === writer || (turn.source === 'dev' && foldOf(turn.caseId ?? '', writers.length) === fold);
      const model = linearModel(
        trainTurnLabel(
          label,
          turns.filter((turn) => !heldOut(turn)),
        ),
      );
      const positiveClass = model.classes.indexOf(label);
      for (const turn of turnsFor(label, turns)) {
        if (!heldOut(turn)) continue;
        const score = model.probabilitiesOfBag(turnLabelBag(asReadFor(label, turn)))[positiveClass] as number;
        if (turn.source !== writer) {
          developmentTurns += 1;
          if (score >= threshold) developmentFalseAlarms += 1;
          continue;
        }
        scores.push(score);
        positives.push(turn.labels.has(label));
      }
    });
    return {
      ...scoredAgainstLabels(label, writers.length, scores, positives),
      developmentTurns,
      developmentFalseAlarms,
    };
  });
}

/** AUC, and precision and recall at the checks' threshold, of `scores` against whether each turn has the label. */
function scoredAgainstLabels(
  label: TurnLabel,
  writers: number,
  scores: readonly number[],
  positives: readonly boolean[],
): Omit<TurnLabelFigures, 'developmentTurns' | 'developmentFalseAlarms'> {
  const threshold = TURN_LABEL_THRESHOLDS[label];
  const flagged = scores.map((score) => score >= threshold);
  const truePositives = flagged.filter((flag, position) => flag && positives[position]).length;
  const positiveCount = positives.filter(Boolean).length;
  return {
    label,
    writers,
    positives: positiveCount,
    negatives: positives.length - positiveCount,
    auc: rocAuc([...scores], [...positives]),
    threshold,
    precision: ratio(truePositives, flagged.filter(Boolean).length),
    recall: ratio(truePositives, positiveCount),
  };
}

/**
 * The trained model itself on turns by writers it never learned from (train/data/turns-held-out): the one
 * measure of the turn models on new hands that no training choice has seen.
 */
export function heldOutWriterFigures(reader: TurnLabelReader, heldOut: readonly LabelledTurn[]): TurnLabelFigures[] {
  const writers = new Set(heldOut.map((turn) => turn.source)).size;
  return (Object.keys(TURN_LABELS) as TurnLabel[]).map((label) => {
    const own = turnsFor(label, heldOut);
    // Read as the service reads: the turn (and, for the agent's claim, the caller's question before it).
    const scores = own.map((turn) => {
      const { text, context } = asReadFor(label, turn);
      const speaker = turn.side === 'caller' ? 'user' : 'agent';
      return reader.read(speaker, worded(text), worded(context))[label] ?? 0;
    });
    const positives = own.map((turn) => turn.labels.has(label));
    return {
      ...scoredAgainstLabels(label, writers, scores, positives),
      developmentTurns: 0,
      developmentFalseAlarms: 0,
    };
  });
}

export function heldOutWritersTable(rows: readonly TurnLabelFigures[]): string {
  const lines = [
    '| label | turns (labelled / not) | ROC-AUC | threshold | precision | recall |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| \`${row.label}\` | ${row.positives} / ${row.negatives} | ${fixed(row.auc)} | ${row.threshold} | ${fixed(row.precision, 2)} | ${fixed(row.recall, 2)} |`,
    ),
  ];
  return lines.join('\n');
}

export function crossWriterTable(rows: readonly TurnLabelFigures[]): string {
  const lines = [
    '| label | written turns (labelled / not) | ROC-AUC | threshold | precision | recall | development-set turns flagged |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| \`${row.label}\` | ${row.positives} / ${row.negatives} | ${fixed(row.auc)} | ${row.threshold} | ${fixed(row.precision, 2)} | ${fixed(row.recall, 2)} | ${row.developmentFalseAlarms} of ${row.developmentTurns} |`,
    ),
  ];
  return lines.join('\n');
}
