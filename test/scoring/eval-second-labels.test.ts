/**
 * The second labeller's reading (eval/second-labels.json, read by eval/agreement.ts) covers every case of the spent
 * batches it names, with every check's label in the values the writers could use, and names no sealed batch.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecondLabels } from '../../eval/agreement.js';
import { loadDataset } from '../../eval/dataset.js';
import { isSealed } from '../../eval/sealed.js';
import { BUILTIN_CHECK_KEYS } from '../../src/domain/checks.js';

const EVAL = join(import.meta.dirname, '..', '..', 'eval');
const secondLabels = loadSecondLabels(join(EVAL, 'second-labels.json'));

describe('the second labeller', () => {
  it.each(Object.keys(secondLabels))('labelled every case of the spent %s with every check', (set) => {
    expect(isSealed(EVAL, set)).toBe(false);
    const cases = loadDataset(join(EVAL, set));
    const labels = secondLabels[set] ?? {};
    expect(Object.keys(labels).sort()).toEqual(cases.map((item) => item.id).sort());
    for (const item of cases) {
      const given = labels[item.id] ?? {};
      expect(Object.keys(given).sort()).toEqual([...BUILTIN_CHECK_KEYS].sort());
      for (const key of BUILTIN_CHECK_KEYS) {
        const allowed =
          key === 'outcome'
            ? ['resolved', 'unresolved', 'escalated', 'not_real_inquiry', 'uncertain']
            : key === 'real_inquiry'
              ? ['met', 'not_met', 'uncertain']
              : ['pass', 'fail', 'not_applicable', 'uncertain'];
        expect(allowed).toContain(given[key]);
      }
    }
  });
});
