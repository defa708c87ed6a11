import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';

describe('newId', () => {
  it('gives ids made in the same millisecond in the order they were made', () => {
    const now = Date.UTC(2026, 10, 24, 12, 0, 0);
    const ids = Array.from({ length: 500 }, () => newId('lbl', now));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('orders ids by time across milliseconds, whatever their random part', () => {
    const later = newId('lbl', Date.UTC(2026, 10, 24, 12, 0, 1));
    const earlier = newId('lbl', Date.UTC(2026, 10, 24, 12, 0, 0));
    expect(earlier < later).toBe(true);
  });

  it('keeps the layout: prefix, 10 time characters, 16 random ones, in Crockford base32', () => {
    expect(newId('conv')).toMatch(/^conv_[0-9a-hjkmnp-tv-z]{26}$/);
  });
});
