/**
 * The midnight health sweep, as a background loop beside the scoring worker: every tick it sweeps the
 * workspaces whose local day has not been swept yet (see storage/health/sweep.ts, which makes each sweep
 * happen once per workspace and day across all processes). Ticks are cheap: one read per workspace.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type SweepRun, sweepHealth } from '../storage/health/sweep.js';
import type { Store } from '../storage/store.js';

export const DEFAULT_SWEEP_INTERVAL_MS = 60_000;

export interface HealthSweeper {
  start(): void;
  /** One tick now; what it swept. */
  runOnce(): Promise<SweepRun[]>;
  stop(): Promise<void>;
}

export function createHealthSweeper(deps: {
  store: Store;
  logger: FastifyBaseLogger;
  clock?: () => number;
  intervalMs?: number;
}): HealthSweeper {
  const clock = deps.clock ?? Date.now;
  const intervalMs = deps.intervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  async function runOnce(): Promise<SweepRun[]> {
    const runs = await sweepHealth(deps.store, clock());
    for (const run of runs) deps.logger.info(run, 'health re-evaluated for a new day');
    return runs;
  }

  function tick(): void {
    running = runOnce()
      .catch((error) => deps.logger.error({ err: error }, 'health sweep failed; the next tick retries'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  }

  return {
    start() {
      if (timer || stopped) return;
      timer = setTimeout(tick, 0);
    },
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
