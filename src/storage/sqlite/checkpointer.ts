import { Worker } from 'node:worker_threads';

/**
 * Copies the write-ahead log back into the database from a worker thread, on its own connection, so that
 * a checkpoint never stalls the event loop (SQLite's automatic checkpoint runs inside a committing write).
 *
 * Passive checkpoints never wait, so under a steady stream of writes the log is never wholly copied at a
 * moment when no writer is active, SQLite never starts it over, and it grows without end (a gigabyte a minute
 * under the ingest benchmark). Once it holds more than `restartAtFrames` pages, the thread asks for a
 * RESTART checkpoint: it waits (up to the busy timeout) for the writer of the moment, copies the little the
 * passive ones left, and makes the next writer start the log over from its beginning. Writers wait for it
 * meanwhile; as the passive checkpoints have already copied nearly everything, that wait is short and comes
 * once per `restartAtFrames` pages. The file keeps its size and its blocks are written over: TRUNCATE,
 * which also gave a 256 MiB file back to the file system, held writers up to 450 ms each time.
 *
 * The code runs as an eval'd CommonJS worker so that it works the same from source and from the build.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const tick = () => {
  try {
    const [state] = db.pragma('wal_checkpoint(PASSIVE)');
    if (state && state.log > workerData.restartAtFrames) db.pragma('wal_checkpoint(RESTART)');
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
}

export function startCheckpointer(file: string, driverPath: string, options: CheckpointerOptions = {}): Checkpointer {
  const workerData = {
    file,
    driverPath,
    intervalMs: options.intervalMs ?? 1_000,
    restartAtFrames: options.restartAtFrames ?? 16_384,
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
