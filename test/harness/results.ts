/** Check results as scoring would store them, for tests that need a scored conversation without running scoring. */
import type { CheckResult } from '../../src/domain/checks.js';

export function sampleResult(overrides: Partial<CheckResult> = {}): CheckResult {
  return {
    check_key: 'outcome',
    check_name: 'Outcome',
    check_version: 1,
    check_status: 'active',
    score: 0.25,
    verdict: 'pass',
    choice: 'resolved',
    decided_by: 'model',
    reason: 'The caller got the appointment moved.',
    evidence_turns: [1, 2],
    scorer_version: 'test-scorer-1',
    latency_ms: 12,
    ...overrides,
  };
}
