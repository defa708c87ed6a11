/** The typed-array tables the linear models look words up in: every stored key found, every other key missing. */
import { describe, expect, it } from 'vitest';
import { numberTable } from '../../src/scoring/model/number-table.js';
import { createVocabulary, UNKNOWN_WORD } from '../../src/scoring/model/vocabulary.js';

describe('a number table', () => {
  it('finds every stored key and no other, however the keys collide', () => {
    const entries = new Map<number, number>();
    // Keys as a model's word pairs make them (first word x 2^15 + second), many sharing their low bits.
    for (let first = 0; first < 300; first += 7) {
      for (let second = 0; second < 300; second += 11) entries.set(first * 32_768 + second, entries.size);
    }
    const table = numberTable(entries);
    for (const [key, value] of entries) expect(table.get(key)).toBe(value);
    for (const missing of [1, 32_769, 299 * 32_768 + 299, 2 ** 30 - 1]) expect(table.get(missing)).toBe(-1);
  });

  it('answers -1 when empty', () => {
    expect(numberTable(new Map()).get(0)).toBe(-1);
  });
});

describe('a shared vocabulary', () => {
  it('numbers words once and reads an unknown word as unknown', () => {
    const vocabulary = createVocabulary();
    expect(vocabulary.number('refund')).toBe(0);
    expect(vocabulary.number('manager')).toBe(1);
    expect(vocabulary.number('refund')).toBe(0);
    expect([...vocabulary.idsOf(['manager', 'please', 'refund'])]).toEqual([1, UNKNOWN_WORD, 0]);
  });

  it('remembers a text by its array, and refuses to grow once texts have been read', () => {
    const vocabulary = createVocabulary();
    vocabulary.number('hello');
    const words = ['hello'];
    expect(vocabulary.idsOf(words)).toBe(vocabulary.idsOf(words));
    expect(() => vocabulary.number('new')).toThrow(/cannot grow/);
    expect(vocabulary.number('hello')).toBe(0);
  });
});
