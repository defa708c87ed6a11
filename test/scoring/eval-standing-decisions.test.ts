/**
 * A sealed batch's disagreements are counted, never listed; the ones that follow from a recorded decision are
 * counted apart, from the predictions alone.
 */
import { describe, expect, it } from 'vitest';
import type { Prediction } from '../../eval/metrics.js';
import { decidedDisagreements } from '../../eval/standing-decisions.js';
import type { BuiltinCheckKey } from '../../src/domain/checks.js';

const said = (caseId: string, expected: string, predicted: string): Prediction => ({
  caseId,
  expected,
  predicted,
  score: null,
  reason: null,
});

function counts(predictions: [BuiltinCheckKey, Prediction[]][]): Record<string, number> {
  return Object.fromEntries(decidedDisagreements(new Map(predictions)).map(({ decision, count }) => [decision, count]));
}

describe('disagreements by standing decisions', () => {
  it("count a non-customer's refused request only where writer and engine agree it was no customer", () => {
    const found = counts([
      [
        'real_inquiry',
        [said('pitch', 'not_met', 'not_met'), said('missed-customer', 'met', 'not_met'), said('ok', 'met', 'met')],
      ],
      [
        'person_request_honored',
        [
          said('pitch', 'fail', 'not_applicable'),
          // The engine took a customer for a pitch: a mistake, not the decision.
          said('missed-customer', 'fail', 'not_applicable'),
          said('ok', 'fail', 'not_applicable'),
        ],
      ],
    ]);
    expect(found["a non-customer's request for a person is not_applicable"]).toBe(1);
  });

  it('name the check and the cases each decision explains, so that recall can be read with them set aside', () => {
    const [requests, outcomes] = decidedDisagreements(
      new Map<BuiltinCheckKey, Prediction[]>([
        ['real_inquiry', [said('pitch', 'not_met', 'not_met')]],
        ['person_request_honored', [said('pitch', 'fail', 'not_applicable')]],
        ['outcome', [said('open', 'unresolved', 'uncertain'), said('firm', 'unresolved', 'unresolved')]],
      ]),
    );
    expect(requests).toMatchObject({ key: 'person_request_honored', caseIds: new Set(['pitch']) });
    expect(outcomes).toMatchObject({ key: 'outcome', caseIds: new Set(['open']), count: 1 });
  });

  it('count outcomes left uncertain against a firm label, not agreeing ones', () => {
    const found = counts([
      [
        'outcome',
        [said('a', 'resolved', 'uncertain'), said('b', 'uncertain', 'uncertain'), said('c', 'resolved', 'unresolved')],
      ],
    ]);
    expect(found['an outcome near even is left uncertain, for a person to review']).toBe(1);
  });
});
