import { Worker } from 'node:worker_threads';

/**
 * Copies the write-ahead log back into the database from a worker thread, on its own connection, so that
 * a checkpoint never stalls the event loop (SQLite's automatic checkpoint runs inside a committing write).
 * The code runs as an eval'd CommonJS worker so that it works the same from source and from the build.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const tick = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} };
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

export function startCheckpointer(file: string, driverPath: string, intervalMs = 1_000): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driverPath, intervalMs } });
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
