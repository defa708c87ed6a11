/** A fresh batch stays sealed until its README records a last run; the other sets are always readable. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isSealed, readableSets } from '../../eval/sealed.js';

let root = '';
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

function set(name: string, readme?: string): void {
  mkdirSync(join(root, name), { recursive: true });
  writeFileSync(join(root, name, 'cases.json'), '[]');
  if (readme !== undefined) writeFileSync(join(root, name, 'README.md'), readme);
}

describe('sealed eval batches', () => {
  it('are fresh batches whose last run is not yet recorded, or that have no README', () => {
    root = mkdtempSync(join(tmpdir(), 'cqm-eval-'));
    set('data');
    set('tuning-2');
    set('fresh-2', '# batch\n\n## First run\n\n- 20 disagreements\n\n## Last run\n\n- 18 disagreements\n');
    set('fresh-10', '# batch\n\n## First run\n\n- 59 disagreements\n\n## Last run\n');
    set('fresh-11', '# batch\n\n## First run\n\n## Last run\n\n## Notes\n\nnothing run yet\n');
    set('fresh-12');
    expect(isSealed(root, 'fresh-2')).toBe(false);
    expect(isSealed(root, 'fresh-10')).toBe(true);
    expect(isSealed(root, 'fresh-11')).toBe(true);
    expect(isSealed(root, 'fresh-12')).toBe(true);
    expect(readableSets(root)).toEqual(['data', 'fresh-2', 'tuning-2']);
  });
});
