/** The figures training and `npm run eval` report: accuracy, ROC-AUC, Spearman's rho. */

import { seededRandom } from './seeded-random.js';

/** Average ranks (1-based), ties sharing the mean of their ranks. */
function ranks(values: readonly number[]): number[] {
  const order = values.map((value, position) => ({ value, position })).sort((a, b) => a.value - b.value);
  const result = new Array<number>(values.length);
  let start = 0;
  while (start < order.length) {
    let end = start;
    while (
      end + 1 < order.length &&
      (order[end + 1] as { value: number }).value === (order[start] as { value: number }).value
    )
      end += 1;
    const rank = (start + end) / 2 + 1;
    for (let i = start; i <= end; i += 1) result[(order[i] as { position: number }).position] = rank;
    start = end + 1;
  }
  return result;
}

/** Area under the ROC curve: the chance a positive scores above a negative (ties count half). Null without both. */
export function rocAuc(scores: readonly number[], positives: readonly boolean[]): number | null {
  const rank = ranks(scores);
  let positiveCount = 0;
  let rankSum = 0;
  positives.forEach((positive, position) => {
    if (!positive) return;
    positiveCount += 1;
    rankSum += rank[position] as number;
  });
  const negativeCount = positives.length - positiveCount;
  if (positiveCount === 0 || negativeCount === 0) return null;
  return (rankSum - (positiveCount * (positiveCount + 1)) / 2) / (positiveCount * negativeCount);
}

export function spearman(a: readonly number[], b: readonly number[]): number | null {
  if (a.length < 3) return null;
  const ra = ranks(a);
  const rb = ranks(b);
  const meanA = ra.reduce((sum, value) => sum + value, 0) / ra.length;
  const meanB = rb.reduce((sum, value) => sum + value, 0) / rb.length;
  let covariance = 0;
  let varianceA = 0;
  let varianceB = 0;
  for (let i = 0; i < ra.length; i += 1) {
    const da = (ra[i] as number) - meanA;
    const db = (rb[i] as number) - meanB;
    covariance += da * db;
    varianceA += da * da;
    varianceB += db * db;
  }
  return varianceA === 0 || varianceB === 0 ? null : covariance / Math.sqrt(varianceA * varianceB);
}

export function fixed(value: number | null, digits = 3): string {
  return value === null ? '-' : value.toFixed(digits);
}

/**
 * A 95% bootstrap interval of the ROC-AUC (percentiles of `resamples` resamples of the items, with replacement).
 * Held-out parts with a few dozen positives give wide intervals; the interval says how far one figure can be
 * trusted.
 */
export function rocAucInterval(
  scores: readonly number[],
  positives: readonly boolean[],
  resamples = 1_000,
  seed = 16,
): [number, number] | null {
  if (rocAuc(scores, positives) === null) return null;
  const random = seededRandom(seed);
  const aucs: number[] = [];
  for (let round = 0; round < resamples; round += 1) {
    const sampleScores: number[] = [];
    const samplePositives: boolean[] = [];
    for (let i = 0; i < scores.length; i += 1) {
      const pick = Math.floor(random() * scores.length);
      sampleScores.push(scores[pick] as number);
      samplePositives.push(positives[pick] as boolean);
    }
    const auc = rocAuc(sampleScores, samplePositives);
    if (auc !== null) aucs.push(auc);
  }
  aucs.sort((a, b) => a - b);
  const at = (share: number) => aucs[Math.min(aucs.length - 1, Math.floor(share * aucs.length))] as number;
  return [at(0.025), at(0.975)];
}
