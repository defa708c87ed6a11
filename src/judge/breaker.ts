/**
 * Remembers that a judge is down, so conversations stop waiting on it: after a few calls in a row that could
 * not reach it (refused, timed out, 5xx), conversations are scored without second review for a while, exactly
 * as without a judge, and their results say why. After the pause, the next conversations try again.
 */
export interface BreakerOptions {
  failuresToOpen: number;
  openMs: number;
}

export const DEFAULT_BREAKER_OPTIONS: BreakerOptions = { failuresToOpen: 3, openMs: 30_000 };

export function createBreaker(options: BreakerOptions = DEFAULT_BREAKER_OPTIONS, clock: () => number = Date.now) {
  const states = new Map<string, { failures: number; openUntil: number; reason: string }>();
  return {
    /** The reason the judge is skipped now, or null when it may be called. */
    openReason(fingerprint: string): string | null {
      const state = states.get(fingerprint);
      return state && state.openUntil > clock() ? state.reason : null;
    },
    succeeded(fingerprint: string): void {
      states.delete(fingerprint);
    },
    failed(fingerprint: string, reason: string): void {
      const state = states.get(fingerprint) ?? { failures: 0, openUntil: 0, reason };
      state.failures += 1;
      state.reason = reason;
      if (state.failures >= options.failuresToOpen) state.openUntil = clock() + options.openMs;
      states.set(fingerprint, state);
    },
  };
}

export type Breaker = ReturnType<typeof createBreaker>;
