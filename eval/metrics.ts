/** Accuracy, precision and recall of predicted labels against expected ones. */
import type { BuiltinCheckKey } from '../src/domain/checks.js';

/** Per pass/fail check, the label that means the problem occurred, and the one that means it did not. */
export const POSITIVE: Record<Exclude<BuiltinCheckKey, 'outcome'>, [positive: string, negative: string]> = {
  real_inquiry: ['not_met', 'met'],
  person_request_honored: ['fail', 'pass'],
  frustration: ['fail', 'pass'],
  ai_disclosure: ['fail', 'pass'],
  booking_confirmation_accurate: ['fail', 'pass'],
  booking_failure_disclosed: ['fail', 'pass'],
};

/** The label that means the problem occurred; for the outcome, that the caller left without what they came for. */
export function problemLabel(key: BuiltinCheckKey): string {
  return key === 'outcome' ? 'unresolved' : POSITIVE[key][0];
}

export interface Prediction {
  caseId: string;
  expected: string;
  /** The verdict, or for the outcome check the choice (or `uncertain`). */
  predicted: string;
  /** The check's score, when it gave one. */
  score: number | null;
  reason: string | null;
}

export interface Row {
  name: string;
  n: number;
  precision: number | null;
  recall: number | null;
  accuracy: number;
  /** Mean squared error of the score against the label (1 = problem), over labels that are the positive or the negative class. */
  brier: number | null;
}

function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/**
 * One row for a check whose `positive` label means the problem occurred. A predicted `uncertain`
 * counts as wrong unless the label is `uncertain` too.
 */
export function binaryRow(name: string, predictions: readonly Prediction[], positive: string, negative: string): Row {
  const truePositives = predictions.filter((p) => p.predicted === positive && p.expected === positive).length;
  const predictedPositives = predictions.filter((p) => p.predicted === positive).length;
  const actualPositives = predictions.filter((p) => p.expected === positive).length;
  const correct = predictions.filter((p) => p.predicted === p.expected).length;
  const scored = predictions.filter((p) => p.score !== null && (p.expected === positive || p.expected === negative));
  const squaredError = scored.reduce((sum, p) => sum + ((p.score ?? 0) - (p.expected === positive ? 1 : 0)) ** 2, 0);
  return {
    name,
    n: predictions.length,
    precision: ratio(truePositives, predictedPositives),
    recall: ratio(truePositives, actualPositives),
    accuracy: ratio(correct, predictions.length) ?? 1,
    brier: ratio(squaredError, scored.length),
  };
}

/** Per-class rows of a multiple-choice check: precision and recall of that class, accuracy over the cases labelled with it. */
export function classRows(name: string, predictions: readonly Prediction[], classes: readonly string[]): Row[] {
  return classes.map((label) => {
    const labelled = predictions.filter((p) => p.expected === label);
    const predicted = predictions.filter((p) => p.predicted === label);
    const hits = labelled.filter((p) => p.predicted === label).length;
    return {
      name: `${name}:${label}`,
      n: labelled.length,
      precision: ratio(hits, predicted.length),
      recall: ratio(hits, labelled.length),
      accuracy: ratio(hits, labelled.length) ?? 1,
      brier: null,
    };
  });
}

export function overallRow(name: string, predictions: readonly Prediction[]): Row {
  const correct = predictions.filter((p) => p.predicted === p.expected).length;
  return {
    name,
    n: predictions.length,
    precision: null,
    recall: null,
    accuracy: ratio(correct, predictions.length) ?? 1,
    brier: null,
  };
}
