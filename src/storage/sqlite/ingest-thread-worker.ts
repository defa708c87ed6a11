/**
 * Runs inside the ingest thread: its own connection to the embedded store and the same ingest unit the
 * API thread would run. Each message carries requests the API thread received together (see
 * ingest-thread.ts); they are submitted together, so the store's group commit writes them in one transaction
 * (with the other messages that queued while the thread was committing), and answered together once it has
 * committed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createIngest } from '../conversation-ingest.js';
import {
  type FromIngestThread,
  fromWire,
  type IngestReply,
  type IngestThreadSettings,
  type ToIngestThread,
  type WireRequest,
} from './ingest-thread-protocol.js';
import { openSqliteStore } from './open.js';

const settings = workerData as IngestThreadSettings;
// This connection writes nearly everything, so the background checkpoints are this thread's (see checkpointer.ts).
const store = openSqliteStore({ ...settings, backgroundCheckpoints: true });
const ingest = createIngest(store, Date.now);
const port = parentPort;
if (!port) throw new Error('ingest-thread-worker runs only as a worker thread');

async function answer(wire: WireRequest): Promise<IngestReply> {
  const request = fromWire(wire);
  try {
    return { id: request.id, outcome: await ingest(request.scope, request.input, request.claim, request.keyId) };
  } catch (error) {
    const { message, code } = error as { message?: unknown; code?: unknown };
    return {
      id: request.id,
      error: { message: String(message ?? error), ...(typeof code === 'string' ? { code } : {}) },
    };
  }
}

function send(message: FromIngestThread): void {
  port?.postMessage(message);
}

/** Batches submitted and not yet answered; a stop waits for them. */
const unanswered = new Set<Promise<void>>();

port.on('message', (message: ToIngestThread) => {
  if (message.kind === 'ingest') {
    const batch = Promise.all(message.requests.map(answer)).then((replies) => send({ kind: 'replies', replies }));
    unanswered.add(batch);
    void batch.finally(() => unanswered.delete(batch));
    return;
  }
  void Promise.all(unanswered)
    .then(() => store.close())
    .finally(() => send({ kind: 'stopped' }));
});
