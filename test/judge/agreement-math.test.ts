/** Agreement figures against a worked example computed by hand. */
import { describe, expect, it } from 'vitest';
import { agreementOf, agreementReport, agreementValue, meetsBar, shortOfBar } from '../../src/domain/agreement.js';

describe('agreement with people', () => {
  it('matches a worked example: 10 labelled results, 3 values', () => {
    // People (rows) against the check (columns), values in order fail, not_applicable, pass:
    //                 fail  n/a  pass   | row total
    //   fail            3    0     1    |  4
    //   not_applicable  0    1     1    |  2
    //   pass            1    0     3    |  4
    //   column total    4    1     5    | 10
    // po = (3 + 1 + 3) / 10 = 0.7
    // pe = (4/10)(4/10) + (2/10)(1/10) + (4/10)(5/10) = 0.16 + 0.02 + 0.20 = 0.38
    // kappa = (0.7 - 0.38) / (1 - 0.38) = 0.32 / 0.62 = 0.516129...
    const pairs = [
      ...Array.from({ length: 3 }, () => ({ label: 'fail', result: 'fail', decidedBy: 'model' })),
      { label: 'fail', result: 'pass', decidedBy: 'model' },
      { label: 'not_applicable', result: 'not_applicable', decidedBy: 'rule' },
      { label: 'not_applicable', result: 'pass', decidedBy: 'llm_judge' },
      { label: 'pass', result: 'fail', decidedBy: 'llm_judge' },
      ...Array.from({ length: 3 }, () => ({ label: 'pass', result: 'pass', decidedBy: 'llm_judge' })),
    ];
    const report = agreementReport(pairs);
    expect(report.labelled).toBe(10);
    expect(report.agreed).toBe(7);
    expect(report.accuracy).toBe(0.7);
    expect(report.kappa).toBe(0.5161);
    expect(report.confusion).toEqual({
      values: ['fail', 'not_applicable', 'pass'],
      matrix: [
        [3, 0, 1],
        [0, 1, 1],
        [1, 0, 3],
      ],
    });
    // Split by who decided: the model's 4 (3 agree): po 0.75, pe = (4/4)(3/4) + 0 = 0.75 -> kappa 0.
    expect(report.by_decided_by.model).toMatchObject({ labelled: 4, agreed: 3, accuracy: 0.75, kappa: 0 });
    // The judge's 5: agree 3; labels n/a 1, pass 4; results pass 4, fail 1.
    // po = 0.6; pe = (1/5)(0) + (4/5)(4/5) + (0)(1/5) = 0.64; kappa = (0.6 - 0.64) / 0.36 = -0.1111.
    expect(report.by_decided_by.llm_judge).toMatchObject({ labelled: 5, agreed: 3, accuracy: 0.6, kappa: -0.1111 });
    expect(report.by_decided_by.rule).toMatchObject({ labelled: 1, kappa: null });
    expect(meetsBar(report)).toBe(false);
    expect(shortOfBar(report)).toMatch(/10 labelled results; at least 20/);
  });

  it('has no kappa when every answer is the same, and no figures without labels', () => {
    expect(agreementOf([{ label: 'pass', result: 'pass', decidedBy: null }]).kappa).toBeNull();
    expect(agreementOf([])).toMatchObject({ labelled: 0, accuracy: null, kappa: null });
  });

  it('compares choices for multiple-choice checks and reads met/not_met as pass/fail', () => {
    expect(agreementValue('multiple_choice', 'pass', 'resolved')).toBe('resolved');
    expect(agreementValue('multiple_choice', 'pass', null)).toBeNull();
    expect(agreementValue('gating', 'met', null)).toBe('pass');
    expect(agreementValue('gating', 'not_met', null)).toBe('fail');
  });
});
