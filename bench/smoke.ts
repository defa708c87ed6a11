/**
 * Smoke mode (`BENCH_SMOKE=1`): every benchmark runs its whole path at tiny sizes in seconds and prints its
 * summary line, with no goal judged (figures from a few requests on a machine running the test suite mean
 * nothing). `npm test` runs each benchmark this way (test/bench/smoke.test.ts), so a change that breaks a
 * benchmark breaks the build instead of being found the next time someone measures.
 */
export const SMOKE = ['1', 'true'].includes(process.env.BENCH_SMOKE ?? '');

/** The full-size value, or the smoke one under BENCH_SMOKE=1. Explicit BENCH_* settings still win where read. */
export function sized<T>(full: T, smoke: T): T {
  return SMOKE ? smoke : full;
}

/** Printed in place of the goal verdicts in smoke mode. */
export const SMOKE_GOALS_LINE = 'goals: not judged in smoke mode (BENCH_SMOKE=1)';
