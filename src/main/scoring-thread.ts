/**
 * The scoring worker of `bin/cqm serve`, on a thread of its own: scoring is CPU work, and on its own core it
 * neither delays API answers nor falls behind them. The thread opens its own connection to the store; jobs,
 * leases and transactions coordinate it with the API thread exactly as with a separate `cqm worker` process.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { loadConfig } from '../config.js';
import { openStore } from '../storage/open.js';

type ToThread = 'nudge' | 'stop';
type FromThread = 'started' | 'stopped';

const RESTART_DELAY_MS = 1_000;

/** Runs inside the thread. */
async function runThread(env: NodeJS.ProcessEnv): Promise<void> {
  const config = loadConfig(env);
  const logger = pino({ level: config.logLevel });
  // The API thread has migrated the store, and the background checkpoints run from another connection (the
  // ingest thread's, or the API thread's without one); on this connection SQLite's own automatic checkpoint may
  // also run now and then, which is fine: it is off the API thread.
  const store = openStore(config, 'command');
  // Imported here so that the API thread never loads the scoring model.
  const { startBackgroundWork } = await import('./background.js');
  const background = startBackgroundWork(config, store, logger);
  parentPort?.on('message', (message: ToThread) => {
    if (message === 'nudge') background.nudge();
    if (message === 'stop') {
      void background
        .stop()
        .then(() => store.close())
        .finally(() => parentPort?.postMessage('stopped' satisfies FromThread));
    }
  });
  parentPort?.postMessage('started' satisfies FromThread);
}

export interface ScoringThread {
  /** A conversation was just stored; coalesced so a burst of requests sends one message per turn. */
  nudge(): void;
  stop(): Promise<void>;
}

/** Starts the scoring thread from the API thread, and starts it again should it ever die. */
export function startScoringThread(env: NodeJS.ProcessEnv, logger: FastifyBaseLogger): ScoringThread {
  let thread: Worker;
  let stopping = false;
  let nudgePending = false;

  const spawn = () => {
    thread = new Worker(new URL(import.meta.url), { workerData: { env } });
    thread.on('error', (error) => logger.error({ err: error }, 'scoring thread failed'));
    thread.on('exit', (code) => {
      if (stopping) return;
      logger.error({ code }, 'scoring thread exited; starting it again');
      setTimeout(spawn, RESTART_DELAY_MS).unref();
    });
  };
  spawn();

  return {
    nudge() {
      if (nudgePending) return;
      nudgePending = true;
      setImmediate(() => {
        nudgePending = false;
        thread.postMessage('nudge' satisfies ToThread);
      });
    },
    stop() {
      stopping = true;
      return new Promise<void>((resolve) => {
        const done = () => void thread.terminate().finally(resolve);
        thread.once('exit', () => resolve());
        thread.on('message', (message: FromThread) => {
          if (message === 'stopped') done();
        });
        thread.postMessage('stop' satisfies ToThread);
      });
    },
  };
}

if (!isMainThread && parentPort && (workerData as { env?: NodeJS.ProcessEnv } | null)?.env) {
  await runThread((workerData as { env: NodeJS.ProcessEnv }).env);
}
