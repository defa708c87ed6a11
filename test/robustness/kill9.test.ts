/**
 * Durability of an acknowledgement: `bin/cqm serve` is killed with SIGKILL while eight clients stream
 * conversations into it; after a restart on the same store, every conversation it answered 202 for is
 * there. (A 202 is only sent after the commit, group commit included.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { bearer } from '../harness/app.js';
import { postgresBackend, sqliteBackend, type TestBackend, tempDir } from '../harness/backends.js';
import {
  cqmEnv,
  keysIn,
  removeDir,
  type ServerProcess,
  type StoreTarget,
  startServer,
  stopAllServers,
} from '../harness/cqm-process.js';
import { conversationBody } from '../harness/fixtures.js';

const LOOPS = 8;
/** Bounds for the streaming phase: it ends at the kill, and never runs past these. */
const MAX_POSTS_PER_LOOP = 2_000;
const MAX_STREAM_MS = 15_000;
/** Kill once at least this long has passed and at least this many conversations were acknowledged. */
const KILL_AFTER_MS = 1_000;
const MIN_ACKNOWLEDGED = 40;

interface Acknowledged {
  id: string;
  externalId: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Streams POSTs from several loops until told to stop; records what was acknowledged with 202. */
function streamConversations(server: ServerProcess, key: string, tag: string) {
  const acknowledged: Acknowledged[] = [];
  const otherAnswers: number[] = [];
  let stopped = false;
  const deadline = Date.now() + MAX_STREAM_MS;
  const loops = Array.from({ length: LOOPS }, async (_, loop) => {
    for (let i = 0; i < MAX_POSTS_PER_LOOP && !stopped && Date.now() < deadline; i++) {
      const externalId = `kill9-${tag}-${loop}-${i}`;
      try {
        const response = await fetch(`${server.baseUrl}/v1/conversations`, {
          method: 'POST',
          headers: { ...bearer(key), 'content-type': 'application/json' },
          body: JSON.stringify(conversationBody({ external_id: externalId })),
        });
        const body = (await response.json()) as { id: string };
        if (response.status === 202) acknowledged.push({ id: body.id, externalId });
        else otherAnswers.push(response.status);
      } catch {
        // The process died with this request in flight: it was never acknowledged.
        return;
      }
    }
  });
  return {
    acknowledged,
    otherAnswers,
    stop() {
      stopped = true;
    },
    done: Promise.all(loops),
  };
}

async function readBack(server: ServerProcess, key: string, acknowledged: Acknowledged[]) {
  const missing: Array<Acknowledged & { status: number; externalIdRead?: string }> = [];
  // A few at a time: enough to be quick, few enough not to need a big pool.
  for (let i = 0; i < acknowledged.length; i += 16) {
    await Promise.all(
      acknowledged.slice(i, i + 16).map(async (ack) => {
        const response = await fetch(`${server.baseUrl}/v1/conversations/${ack.id}`, { headers: bearer(key) });
        const body = (await response.json()) as { external_id?: string };
        if (response.status !== 200 || body.external_id !== ack.externalId) {
          missing.push({ ...ack, status: response.status, externalIdRead: body.external_id });
        }
      }),
    );
  }
  return missing;
}

interface Opened {
  target: StoreTarget;
  dispose(): Promise<void>;
}

async function openTarget(backend: TestBackend): Promise<Opened> {
  const dataDir = tempDir('cqm-kill9-');
  if (backend.name === 'sqlite') return { target: { dataDir }, dispose: async () => removeDir(dataDir) };
  // A cloned, migrated, empty database: `serve` bootstraps it and prints a first key, as on a fresh install.
  const opened = await postgresBackend.open();
  return {
    target: { dataDir, databaseUrl: opened.url },
    async dispose() {
      await opened.dispose();
      removeDir(dataDir);
    },
  };
}

describe.each([sqliteBackend, postgresBackend])('kill -9 of bin/cqm serve on $name', (backend) => {
  const disposals: Array<() => Promise<void>> = [];
  afterAll(async () => {
    await stopAllServers();
    for (const dispose of disposals) await dispose();
  });

  it.skipIf(!backend.available)(
    'every conversation acknowledged with 202 before the kill is there after a restart',
    async () => {
      const opened = await openTarget(backend);
      disposals.push(opened.dispose);
      const env = cqmEnv(opened.target);

      const first = await startServer(env);
      const keys = keysIn(first.stdout());
      expect(keys).toHaveLength(1);
      const key = keys[0] as string;

      const stream = streamConversations(first, key, backend.name);
      const started = Date.now();
      while (
        (Date.now() - started < KILL_AFTER_MS || stream.acknowledged.length < MIN_ACKNOWLEDGED) &&
        Date.now() - started < MAX_STREAM_MS
      ) {
        await sleep(20);
      }
      // Stop issuing new requests and kill in the same turn: each loop still has one request in flight.
      stream.stop();
      const killed = await first.kill9();
      await stream.done;
      expect(killed.signal).toBe('SIGKILL');
      expect(stream.otherAnswers).toEqual([]);
      expect(stream.acknowledged.length).toBeGreaterThanOrEqual(MIN_ACKNOWLEDGED);

      const second = await startServer(env);
      try {
        // The store is not empty any more: no new first key.
        expect(keysIn(second.stdout())).toEqual([]);
        expect(await readBack(second, key, stream.acknowledged)).toEqual([]);
        // Still taking new work after the crash.
        const more = await fetch(`${second.baseUrl}/v1/conversations`, {
          method: 'POST',
          headers: { ...bearer(key), 'content-type': 'application/json' },
          body: JSON.stringify(conversationBody()),
        });
        expect(more.status).toBe(202);
      } finally {
        await second.stop();
      }
    },
    60_000,
  );
});
