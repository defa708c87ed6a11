/**
 * Ingest on a thread of its own, for `cqm serve` on the embedded store. better-sqlite3 runs every statement
 * and commit on the calling thread; on the API thread that was about a third of the CPU time of each
 * conversation received. Here the API thread authenticates, parses and validates, and hands the stored
 * unit (conversation, scoring job, idempotency record) to this thread, which writes it with the same code
 * and answers once the transaction has committed: a 202 still means durable.
 *
 * Group commit, pipelined: a message goes to the thread as soon as `MESSAGE_SIZE` requests have gathered, or at
 * the end of the event-loop turn they arrived in; a few messages are with the thread at a time, and whatever
 * arrives while that many are out gathers here and travels in one message when the next answer comes back.
 * Each commit costs about a dozen page writes to the log whatever its size, so under load batches grow by
 * themselves (the thread commits every message that waited for it at once) and the cost per conversation
 * falls, while a lone request is sent at once.
 *
 * If the thread dies, the requests it held answer 503 (the client retries; idempotency keys and external
 * ids make that safe) and a new thread starts.
 */
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { ConversationIngest } from '../conversation-ingest.js';
import { StoreUnavailableError } from '../errors.js';
import type { IngestOutcome } from '../types.js';
import {
  type FromIngestThread,
  type IngestThreadSettings,
  type SerializedError,
  type ToIngestThread,
  toWire,
  type WireRequest,
} from './ingest-thread-protocol.js';

const RESTART_DELAY_MS = 200;
/**
 * Requests that make a message go at once. Under load one event-loop turn of the API thread reads twenty to
 * fifty requests, 3 to 6 ms of parsing and validating; sent only at the end of the turn, they all waited for
 * the last one, and the ingest thread sat idle meanwhile. Sent in eights, it writes the first while the rest
 * are parsed: at 50 connections the time a request spends in the server, from its headers to its answer, fell
 * from 5.0 to 3.9 ms, and requests per second rose by about 7% (medians of three rounds side by side).
 */
const MESSAGE_SIZE = 8;
/**
 * Messages with the thread at once. One left the thread idle from each commit until the API thread had read
 * the answer and sent the next message (it may be busy parsing); any number sent each turn's few requests at
 * once at low load, so commits stayed small and cost more per conversation. With a few, the thread finds the
 * next messages waiting when it commits, and under load requests still gather on this side meanwhile.
 */
const MESSAGES_IN_FLIGHT = 4;

export interface IngestThread {
  ingest: ConversationIngest;
  /** Answers everything already handed over, then closes the thread's connection. */
  stop(): Promise<void>;
}

/** An error from the thread, with the driver's code so that the API tells 503 from 500 as before. */
export class IngestThreadError extends Error {
  readonly code: string | undefined;
  constructor(error: SerializedError) {
    super(error.message);
    this.code = error.code;
  }
}

const threadLost = () => new StoreUnavailableError('The ingest thread stopped; retry the request.');

interface Pending {
  resolve(outcome: IngestOutcome): void;
  reject(error: Error): void;
}

export function startIngestThread(settings: IngestThreadSettings, logger: FastifyBaseLogger): IngestThread {
  const pending = new Map<number, Pending>();
  let outbox: WireRequest[] = [];
  let flushScheduled = false;
  /** Messages sent and not yet answered; see MESSAGES_IN_FLIGHT. */
  let inFlight = 0;
  let nextId = 0;
  let stopping = false;
  /** Called whenever nothing is pending any more; a stop waits for it. */
  let onIdle: (() => void) | undefined;
  /** Undefined between a thread's death and its replacement: requests then answer 503 at once. */
  let thread: Worker | undefined = spawn();

  function spawn(): Worker {
    const worker = createWorker(settings);
    // The HTTP server keeps the process alive while it serves; the thread alone must not.
    worker.unref();
    worker.on('message', (message: FromIngestThread) => {
      if (message.kind !== 'replies') return;
      inFlight -= 1;
      flush();
      for (const reply of message.replies) settle(reply.id, reply);
    });
    worker.on('error', (error) => logger.error({ err: error }, 'ingest thread failed'));
    worker.on('exit', (code) => {
      if (thread !== worker) return;
      thread = undefined;
      inFlight = 0;
      outbox = [];
      // What it still held may or may not have committed; the client's retry settles which.
      for (const id of [...pending.keys()]) settle(id, { error: threadLost() });
      if (stopping) return;
      logger.error({ code }, 'ingest thread exited; starting it again');
      setTimeout(() => {
        if (!stopping) thread = spawn();
      }, RESTART_DELAY_MS).unref();
    });
    return worker;
  }

  function settle(id: number, result: { outcome: IngestOutcome } | { error: SerializedError | Error }): void {
    const waiting = pending.get(id);
    if (!waiting) return;
    pending.delete(id);
    if ('outcome' in result) waiting.resolve(result.outcome);
    else waiting.reject(result.error instanceof Error ? result.error : new IngestThreadError(result.error));
    if (pending.size === 0) onIdle?.();
  }

  /** At the end of the event-loop turn in which requests arrived. */
  function flushAtEndOfTurn(): void {
    flushScheduled = false;
    flush();
  }

  function flush(): void {
    if (inFlight >= MESSAGES_IN_FLIGHT || outbox.length === 0 || !thread) return;
    inFlight += 1;
    const requests = outbox;
    outbox = [];
    thread.postMessage({ kind: 'ingest', requests } satisfies ToIngestThread);
  }

  return {
    ingest(scope, input, claim, keyId) {
      if (stopping || !thread) return Promise.reject(threadLost());
      return new Promise<IngestOutcome>((resolve, reject) => {
        const id = ++nextId;
        pending.set(id, { resolve, reject });
        outbox.push(toWire(id, scope, input, claim, keyId));
        if (outbox.length >= MESSAGE_SIZE) flush();
        if (!flushScheduled) {
          flushScheduled = true;
          setImmediate(flushAtEndOfTurn);
        }
      });
    },

    async stop() {
      stopping = true;
      if (pending.size > 0) await new Promise<void>((resolve) => (onIdle = resolve));
      const worker = thread;
      if (!worker) return;
      await new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.on('message', (message: FromIngestThread) => {
          if (message.kind === 'stopped') void worker.terminate();
        });
        worker.postMessage({ kind: 'stop' } satisfies ToIngestThread);
      });
    },
  };
}

/**
 * The compiled worker runs as it is; from the TypeScript sources (the test runner) the thread first
 * registers tsx, which the test setup has, so that it can load the same modules.
 */
function createWorker(settings: IngestThreadSettings): Worker {
  const entry = new URL(
    import.meta.url.endsWith('.ts') ? './ingest-thread-worker.ts' : './ingest-thread-worker.js',
    import.meta.url,
  );
  if (entry.pathname.endsWith('.js')) return new Worker(entry, { workerData: settings });
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData: settings });
}
