import { describe, expect, it } from 'vitest';
import { SCORING_ENGINE_VERSION, scorerVersion } from '../../src/scoring/pipeline.js';
import { scorerVersionFor } from '../../src/scoring/scorer-version.js';

const check = { key: 'frustration', version: 1 };

describe('scorerVersion', () => {
  it('is a short opaque string that is stable for the same inputs', () => {
    expect(scorerVersion(check)).toMatch(/^[0-9a-f]{12}$/);
    expect(scorerVersion(check)).toBe(scorerVersion({ ...check }));
    expect(scorerVersion(check)).toBe(scorerVersionFor(SCORING_ENGINE_VERSION, check));
  });

  it('changes with the check key or version', () => {
    expect(scorerVersion({ ...check, version: 2 })).not.toBe(scorerVersion(check));
    expect(scorerVersion({ ...check, key: 'outcome' })).not.toBe(scorerVersion(check));
  });

  it('changes with the model configuration', () => {
    expect(scorerVersion(check, 'judge:gpt-x@temp0')).not.toBe(scorerVersion(check));
    expect(scorerVersion(check, 'judge:gpt-x@temp0')).not.toBe(scorerVersion(check, 'judge:gpt-y@temp0'));
  });

  it('changes with the engine version', () => {
    expect(scorerVersionFor(`${SCORING_ENGINE_VERSION}-next`, check)).not.toBe(scorerVersion(check));
  });
});
