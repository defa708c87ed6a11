/**
 * How well a check agrees with people's labels: accuracy, Cohen's kappa and the confusion matrix, overall and
 * split by who decided the result (rule, model, llm_judge). Pure arithmetic over (label, result) pairs.
 *
 * Kappa corrects accuracy for the agreement two raters would reach by chance given how often each says what:
 * kappa = (po - pe) / (1 - pe), po the share of pairs that agree, pe = sum over values of (share of labels with
 * the value) x (share of results with the value). When pe is 1 (labels and results all one same value) kappa
 * is undefined: we answer null, and a null kappa never meets a bar, because labels that all say "pass" cannot
 * tell whether the check would ever catch a failure.
 */
import type { CheckKind } from './checks.js';

/** The bar a check must meet before it may alert, and over how many recent labels an active one is watched. */
export const AGREEMENT_BAR = { minLabels: 20, minKappa: 0.6, watchedLabels: 50 } as const;

export interface AgreementPair {
  /** What the person said, as an agreement value (see agreementValue). */
  label: string;
  /** What the check said. */
  result: string;
  decidedBy: string | null;
}

export interface Agreement {
  labelled: number;
  agreed: number;
  /** agreed / labelled; null without labels. */
  accuracy: number | null;
  kappa: number | null;
  /** Rows are people's labels, columns the check's results, both in `values` order. */
  confusion: { values: string[]; matrix: number[][] };
}

export interface AgreementReport extends Agreement {
  by_decided_by: Record<string, Agreement>;
}

/**
 * The value compared: a multiple-choice check's choice; otherwise the verdict, with a gating check's met/not_met
 * read as pass/fail (a person labels pass or fail). A label without a choice on a multiple-choice check cannot
 * be compared and gives null.
 */
export function agreementValue(kind: CheckKind, verdict: string, choice: string | null | undefined): string | null {
  if (kind === 'multiple_choice') return choice ?? null;
  if (verdict === 'met') return 'pass';
  if (verdict === 'not_met') return 'fail';
  return verdict;
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

export function agreementOf(pairs: readonly AgreementPair[]): Agreement {
  const values = [...new Set(pairs.flatMap((pair) => [pair.label, pair.result]))].sort();
  const index = new Map(values.map((value, i) => [value, i]));
  const matrix = values.map(() => values.map(() => 0));
  let agreed = 0;
  for (const pair of pairs) {
    const row = matrix[index.get(pair.label) as number] as number[];
    const column = index.get(pair.result) as number;
    row[column] = (row[column] as number) + 1;
    if (pair.label === pair.result) agreed += 1;
  }
  const n = pairs.length;
  if (n === 0) return { labelled: 0, agreed: 0, accuracy: null, kappa: null, confusion: { values, matrix } };
  const po = agreed / n;
  let pe = 0;
  for (let k = 0; k < values.length; k += 1) {
    const labelShare = (matrix[k] as number[]).reduce((sum, count) => sum + count, 0) / n;
    const resultShare = matrix.reduce((sum, row) => sum + (row[k] as number), 0) / n;
    pe += labelShare * resultShare;
  }
  const kappa = pe >= 1 - 1e-12 ? null : round((po - pe) / (1 - pe));
  return { labelled: n, agreed, accuracy: round(po), kappa, confusion: { values, matrix } };
}

/** Overall, and for each `decided_by` that appears (a result without one is under `none`). */
export function agreementReport(pairs: readonly AgreementPair[]): AgreementReport {
  const groups = new Map<string, AgreementPair[]>();
  for (const pair of pairs) {
    const key = pair.decidedBy ?? 'none';
    const group = groups.get(key);
    if (group) group.push(pair);
    else groups.set(key, [pair]);
  }
  return {
    ...agreementOf(pairs),
    by_decided_by: Object.fromEntries(
      [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([key, group]) => [key, agreementOf(group)]),
    ),
  };
}

/** Whether agreement meets the bar a check must meet to alert. */
export function meetsBar(agreement: Pick<Agreement, 'labelled' | 'kappa'>): boolean {
  return (
    agreement.labelled >= AGREEMENT_BAR.minLabels &&
    agreement.kappa !== null &&
    agreement.kappa >= AGREEMENT_BAR.minKappa
  );
}

/** Why agreement does not meet the bar, in words for a person; null when it does. */
export function shortOfBar(agreement: Pick<Agreement, 'labelled' | 'kappa'>): string | null {
  if (agreement.labelled < AGREEMENT_BAR.minLabels)
    return `${agreement.labelled} labelled results; at least ${AGREEMENT_BAR.minLabels} are needed`;
  if (agreement.kappa === null)
    return 'kappa cannot be computed: labels and results all say the same thing, so nothing shows the check can tell cases apart';
  if (agreement.kappa < AGREEMENT_BAR.minKappa)
    return `kappa is ${agreement.kappa}; at least ${AGREEMENT_BAR.minKappa} is needed`;
  return null;
}
