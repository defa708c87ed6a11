import { Worker } from 'node:worker_threads';

/**
 * Copies the write-ahead log back into the database from a worker thread, on its own connection, so that
 * a checkpoint never stalls the event loop (SQLite's automatic checkpoint runs inside a committing write).
 *
 * Passive checkpoints never wait, so under a steady stream of writes the log is never wholly copied at a
 * moment when no writer is active, SQLite never starts it over, and it grows without end (a gigabyte a minute
 * under the ingest benchmark). Once it holds more than `restartAtFrames` pages, the thread asks for a
 * RESTART checkpoint: it waits (up to the busy timeout) for the writer of the moment, copies what the passive
 * ones left, and makes the next writer start the log over from its beginning. Writers wait for it meanwhile,
 * so what it copies is kept small:
 * - passive checkpoints run every `intervalMs` (200 ms): at a second apart, one copied up to 16,000 pages
 *   under load, and the restart after it held writers 85 to 130 ms;
 * - right before the restart, passive passes run back to back (at most `catchUpPasses`), each copying what
 *   was written during the one before, until one finds fewer than `catchUpFrames` pages new.
 * The restart then copies the few pages written during the last pass, and syncs.
 * The file keeps its size and its blocks are written over: TRUNCATE, which also gave a 256 MiB file back to
 * the file system, held writers up to 450 ms each time.
 *
 * The code runs as an eval'd CommonJS worker so that it works the same from source and from the build.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const passive = () => db.pragma('wal_checkpoint(PASSIVE)')[0];
const tick = () => {
  try {
    let state = passive();
    if (!state || state.log <= workerData.restartAtFrames) return;
    for (let pass = 0; pass < workerData.catchUpPasses; pass += 1) {
      const before = state.log;
      state = passive();
      if (!state || state.log - before < workerData.catchUpFrames) break;
    }
    db.pragma('wal_checkpoint(RESTART)');
  } catch {}
};
const timer = setInterval(tick, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  tick();
  db.close();
  parentPort.postMessage('stopped');
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export interface CheckpointerOptions {
  intervalMs?: number;
  /** Pages in the log above which it is started over (16,384 pages of 4 KiB: 64 MiB). */
  restartAtFrames?: number;
  /** Passive passes at most, back to back, before a restart. */
  catchUpPasses?: number;
  /** New pages under which a pass counts as caught up. */
  catchUpFrames?: number;
}

export function startCheckpointer(file: string, driverPath: string, options: CheckpointerOptions = {}): Checkpointer {
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
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          void worker.terminate().finally(resolve);
        };
        worker.once('message', done);
        worker.once('error', done);
        worker.postMessage('stop');
      }),
  };
}
