/**
 * Disagreements that follow from a decision recorded in docs/decisions.md, where the engine departs on purpose
 * from the labelling rules the writers used. Counted apart, so that a batch's figures say how much of the gap is a
 * choice and how much a mistake.
 */
import type { BuiltinCheckKey } from '../src/domain/checks.js';
import type { Prediction } from './metrics.js';
import type { PredictionsByCheck } from './predictions.js';

export interface DecidedDisagreements {
  decision: string;
  /** The check whose predictions the decision explains. */
  key: BuiltinCheckKey;
  /** The cases it explains (counted, never listed, for a sealed batch). */
  caseIds: ReadonlySet<string>;
  count: number;
}

function byCase(predictions: PredictionsByCheck, key: BuiltinCheckKey): Map<string, Prediction> {
  return new Map((predictions.get(key) ?? []).map((prediction) => [prediction.caseId, prediction]));
}

export function decidedDisagreements(predictions: PredictionsByCheck): DecidedDisagreements[] {
  const inquiry = byCase(predictions, 'real_inquiry');
  // Both the writer and the engine took the caller for no customer; they differ only on the request.
  const nonCustomerRequests = (predictions.get('person_request_honored') ?? []).filter((prediction) => {
    const sameCase = inquiry.get(prediction.caseId);
    return (
      prediction.predicted === 'not_applicable' &&
      prediction.expected !== 'not_applicable' &&
      sameCase?.expected === 'not_met' &&
      sameCase.predicted === 'not_met'
    );
  });
  const outcomesLeftOpen = (predictions.get('outcome') ?? []).filter(
    (prediction) => prediction.predicted === 'uncertain' && prediction.expected !== 'uncertain',
  );
  const decided = (decision: string, key: BuiltinCheckKey, explained: readonly Prediction[]) => ({
    decision,
    key,
    caseIds: new Set(explained.map((prediction) => prediction.caseId)),
    count: explained.length,
  });
  return [
    decided("a non-customer's request for a person is not_applicable", 'person_request_honored', nonCustomerRequests),
    decided('an outcome near even is left uncertain, for a person to review', 'outcome', outcomesLeftOpen),
  ];
}
