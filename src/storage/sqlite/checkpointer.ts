import { Worker } from 'node:worker_threads';

/**
 * Copies the write-ahead log back into the database from a worker thread, on its own connection, so that
 * a checkpoint never stalls the event loop (SQLite's automatic checkpoint runs inside a committing write).
 *
 * Passive checkpoints never wait, so under a steady stream of writes the log is never wholly copied at a
 * moment when no writer is active, SQLite never starts it over, and it grows without end (a gigabyte a minute
 * under the ingest benchmark). Once it holds more than `restartAtFrames` pages, a RESTART checkpoint copies
 * what the passive ones left and makes the next writer start the log over from its beginning. Writers wait
 * for it meanwhile, so it is kept short:
 * - passive checkpoints run every `intervalMs` (200 ms): at a second apart, one copied up to 16,000 pages
 *   under load, and the restart after it held writers 85 to 130 ms;
 * - right before the restart, passive passes run back to back (at most `catchUpPasses`), each copying what
 *   was written during the one before, until one finds fewer than `catchUpFrames` pages new;
 * - each passive pass is followed by a sync of the database file, here. Without it, the pages the passive
 *   passes copied under load were still unsynced when the restart came, and its own sync of the database
 *   file wrote them out while writers waited: 40 ms (seen with strace) for a restart with a few dozen pages
 *   to copy. With them synced here, restarts take 0.1 to 8 ms;
 * - the restart runs on the writer's own thread and connection (`restart`), between two of its transactions.
 *   Run from this thread, it and the writer each waited for the other's locks in SQLite's busy handler,
 *   which sleeps 1, 2, 5, 10, 15, 20 ms and on between tries.
 * The file keeps its size and its blocks are written over: TRUNCATE, which also gave a 256 MiB file back to
 * the file system, held writers up to 450 ms each time.
 *
 * The code runs as an eval'd CommonJS worker so that it works the same from source and from the build.
 */
const WORKER_SOURCE = `
const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const dbFile = fs.openSync(workerData.file, 'r');
const passive = () => {
  const state = db.pragma('wal_checkpoint(PASSIVE)')[0];
  fs.fdatasyncSync(dbFile);
  return state;
};
/** Set from asking the writer for a restart until it answers; passive checkpoints wait meanwhile. */
let restartAsked = false;
const tick = () => {
  if (restartAsked) return;
  try {
    let state = passive();
    if (!state || state.log <= workerData.restartAtFrames) return;
    for (let pass = 0; pass < workerData.catchUpPasses; pass += 1) {
      const before = state.log;
      state = passive();
      if (!state || state.log - before < workerData.catchUpFrames) break;
    }
    restartAsked = true;
    parentPort.postMessage('restart');
  } catch {}
};
const timer = setInterval(tick, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'restarted') restartAsked = false;
  if (message !== 'stop') return;
  clearInterval(timer);
  restartAsked = false;
  tick();
  db.close();
  fs.closeSync(dbFile);
  parentPort.postMessage('stopped');
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export interface CheckpointerOptions {
  /**
   * Runs `PRAGMA wal_checkpoint(RESTART)` on the writer's connection, between two of its transactions, and
   * settles when done (whether or not SQLite could restart the log; the next pass asks again).
   */
  restart: () => Promise<void>;
  intervalMs?: number;
  /** Pages in the log above which it is started over (16,384 pages of 4 KiB: 64 MiB). */
  restartAtFrames?: number;
  /** Passive passes at most, back to back, before a restart. */
  catchUpPasses?: number;
  /** New pages under which a pass counts as caught up. */
  catchUpFrames?: number;
}

export function startCheckpointer(file: string, driverPath: string, options: CheckpointerOptions): Checkpointer {
  const workerData = {
    file,
    driverPath,
    intervalMs: options.intervalMs ?? 200,
    restartAtFrames: options.restartAtFrames ?? 16_384,
    catchUpPasses: options.catchUpPasses ?? 4,
    catchUpFrames: options.catchUpFrames ?? 256,
  };
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData });
  worker.unref();
  let stopped: (() => void) | undefined;
  worker.on('message', (message: 'restart' | 'stopped') => {
    if (message === 'stopped') stopped?.();
    else void options.restart().finally(() => worker.postMessage('restarted'));
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        stopped = () => {
          void worker.terminate().finally(resolve);
        };
        worker.once('error', stopped);
        worker.postMessage('stop');
      }),
  };
}
