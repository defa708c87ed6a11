/**
 * Part A of `npm run bench:scoring`: how many conversations one scoring worker scores per second, in this
 * process, on a fresh embedded store holding a backlog; and, for comparison, the cost of the scoring itself
 * (the pure pipeline, no storage).
 */
import pino from 'pino';
import { BOOKING_CHECK_KEYS } from '../src/checks/catalogue.js';
import type { CheckDefinition } from '../src/domain/checks.js';
import { isBookingToolCall, type ScorableConversation } from '../src/domain/conversation.js';
import { scoringWorker } from '../src/main/background.js';
import { loadTrainedModels } from '../src/main/model-files.js';
import { BUILTIN_CHECKS } from '../src/scoring/builtin-checks.js';
import { scoreConversation } from '../src/scoring/pipeline.js';
import { createConversationRepo, type NewConversation, type Scope } from '../src/storage/conversation-repo.js';
import { migrateToLatest } from '../src/storage/migrate.js';
import { openSqliteStore } from '../src/storage/sqlite/open.js';
import { createTenancyRepo } from '../src/storage/tenancy-repo.js';
import { makeTempDir, onCleanup, removeTempDir } from './lifecycle.js';
import type { ConversationBody, GeneratedConversation } from './scoring-conversations.js';
import { sized } from './smoke.js';

/** As `cqm serve` runs it by default: concurrency unset, so the store's default (WORKER_CONCURRENCY_BY_STORE). */
export const WORKER_SETTINGS = { workerConcurrency: undefined, jobLeaseMs: 30_000 } as const;
/** Conversations stored per round of concurrent ingests. */
const INGEST_CHUNK = 200;
const POLL_MS = 20;
/** Scored once before the pure scoring is timed (JIT, the language model's first use). */
const PURE_WARMUP = sized(300, 10);
/** Rounds of the pure-scoring loop, each over all conversations with the trained models and then without. */
const PURE_ROUNDS = sized(2, 1);
/**
 * Scored by the worker before its clock starts, as many as are measured. A worker runs for days; its first
 * thousands of conversations carry the JIT compiling (and recompiling, as new object shapes turn up) the
 * worker's path, on background threads that count as process CPU. Measured cold, the first 3,000 cost about
 * a fifth more CPU each; after 1,000 conversations the JIT still took a tenth, after 4,000 a fifteenth.
 */
export const WORKER_WARMUP = sized(3000, 20);

export interface ThroughputResult {
  /** Measured conversations (the worker's warm-up not included). */
  conversations: number;
  ingestMs: number;
  /** From the end of the worker's warm-up until the last job was done. */
  wallMs: number;
  /** Process CPU time (all threads: main, SQLite checkpointer, libuv pool) over the same span. */
  cpuMs: number;
  perWallSecond: number;
  perCpuSecond: number;
  doneConversations: number;
  failedJobs: number;
  resultsPerConversation: number;
  outcomes: Array<{ outcome: string; count: number }>;
  pureWallMsPerConversation: number;
  pureCpuMsPerConversation: number;
  /** The same loop without the trained models, in turns with it. */
  pureCpuMsPerConversationWithoutModels: number;
  /** models/*.json: bytes read, and the time to read and parse them (wall and CPU). */
  modelBytes: number;
  modelLoadMs: number;
  modelLoadCpuMs: number;
  checksPerConversation: number;
}

/** What the API route makes of a request body (src/api/routes/create-conversation.ts), the body kept as the document. */
export function toNewConversation(body: ConversationBody): NewConversation {
  return {
    external_id: body.external_id,
    channel: body.channel,
    started_at: body.started_at,
    ended_at: body.ended_at,
    ended_at_ms: Date.parse(body.ended_at),
    ended_by: body.ended_by,
    agent: body.agent,
    group: body.group,
    transcript: body.transcript,
    events: body.events,
    metadata: body.metadata,
    document: JSON.stringify(body),
  };
}

function scorable(body: ConversationBody): ScorableConversation {
  return {
    channel: body.channel,
    ended_by: body.ended_by,
    transcript: body.transcript,
    events: body.events,
    metadata: body.metadata,
  };
}

/**
 * The checks the worker applies to each conversation, in order: a fresh project has only the built-ins, and
 * the booking checks join from the first conversation with a booking tool call on (checks/catalogue.ts).
 */
function applicableChecks(bodies: ConversationBody[]): CheckDefinition[][] {
  const withoutBooking = BUILTIN_CHECKS.filter((check) => !BOOKING_CHECK_KEYS.has(check.key));
  const all = [...BUILTIN_CHECKS];
  let bookingOn = false;
  return bodies.map((body) => {
    bookingOn ||= body.events.some(isBookingToolCall);
    return bookingOn ? all : withoutBooking;
  });
}

/** The scoring pipeline alone, over the same conversations: the floor under what a worker can cost. */
function timePureScoring(bodies: ConversationBody[], log: (line: string) => void) {
  const conversations = bodies.map(scorable);
  const checks = applicableChecks(bodies);
  // With the trained models, as the worker scores: loaded once, their load measured on its own.
  const loadCpuBefore = process.cpuUsage();
  const { models, loadMs, bytes } = loadTrainedModels();
  const loadCpu = process.cpuUsage(loadCpuBefore);
  log(
    `  trained models: ${(bytes / 1e6).toFixed(2)} MB of files, loaded in ${loadMs.toFixed(0)} ms wall, ${((loadCpu.user + loadCpu.system) / 1000).toFixed(0)} ms CPU`,
  );
  for (let i = 0; i < Math.min(PURE_WARMUP, conversations.length); i++) {
    scoreConversation(conversations[i] as ScorableConversation, checks[i] as CheckDefinition[], undefined, models);
    scoreConversation(conversations[i] as ScorableConversation, checks[i] as CheckDefinition[], undefined, null);
  }
  // With and without the trained models in turns, so that the machine's drift hits both alike: what the
  // models cost is the difference.
  const spent = { with: { wallMs: 0, cpuMs: 0 }, without: { wallMs: 0, cpuMs: 0 } };
  for (let round = 0; round < PURE_ROUNDS; round++) {
    for (const mode of ['with', 'without'] as const) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < conversations.length; i++) {
        const scorableConversation = conversations[i] as ScorableConversation;
        scoreConversation(
          scorableConversation,
          checks[i] as CheckDefinition[],
          undefined,
          mode === 'with' ? models : null,
        );
      }
      const cpu = process.cpuUsage(cpuBefore);
      spent[mode].wallMs += performance.now() - started;
      spent[mode].cpuMs += (cpu.user + cpu.system) / 1000;
    }
  }
  const n = conversations.length * PURE_ROUNDS;
  return {
    wallMsPerConversation: spent.with.wallMs / n,
    cpuMsPerConversation: spent.with.cpuMs / n,
    cpuMsPerConversationWithoutModels: spent.without.cpuMs / n,
    modelLoadMs: loadMs,
    modelLoadCpuMs: (loadCpu.user + loadCpu.system) / 1000,
    modelBytes: bytes,
    checksPerConversation: checks.reduce((sum, list) => sum + list.length, 0) / n,
  };
}

export async function measureThroughput(
  warmup: GeneratedConversation[],
  generated: GeneratedConversation[],
  log: (line: string) => void,
): Promise<ThroughputResult> {
  const bodies = generated.map((g) => g.body);
  const n = bodies.length;
  // Stored first, so the worker claims them first (claims follow run_at).
  const warmupBodies = warmup.map((g) => g.body);
  const stored = [...warmupBodies, ...bodies];

  const dataDir = makeTempDir('cqm-bench-scoring-');
  const store = openSqliteStore({ dataDir, synchronous: 'NORMAL', backgroundCheckpoints: true });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await store.close();
  };
  onCleanup(close);
  await migrateToLatest(store.db);
  const tenancy = createTenancyRepo(store);
  const workspace = await tenancy.createWorkspace('Scoring bench', 'UTC');
  const project = await tenancy.createProject(workspace.id, 'Scoring bench');
  const scope: Scope = { projectId: project.id, environment: 'test' };
  const repo = createConversationRepo(store);

  const ingestStarted = performance.now();
  for (let start = 0; start < stored.length; start += INGEST_CHUNK) {
    const outcomes = await Promise.all(
      stored.slice(start, start + INGEST_CHUNK).map((body) => repo.ingest(scope, toNewConversation(body), null)),
    );
    const notCreated = outcomes.filter((outcome) => outcome.kind !== 'created').length;
    if (notCreated > 0) throw new Error(`${notCreated} conversations were not created on ingest`);
  }
  const ingestMs = performance.now() - ingestStarted;
  log(
    `  ingested ${stored.length} conversations in ${(ingestMs / 1000).toFixed(2)} s ` +
      `(${((stored.length / ingestMs) * 1000).toFixed(0)}/s, chunks of ${INGEST_CHUNK}); starting one worker, ` +
      `timed after its first ${warmupBodies.length} (warm-up)...`,
  );

  // The job and its conversation become done in the same transaction; counting jobs by status reads the
  // small (status, run_at) index, where counting conversations would scan their documents every 20 ms.
  const jobCounts = async () => {
    const rows = await store.db
      .selectFrom('jobs')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    const count = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
    return { done: count('done'), failed: count('failed') };
  };

  const worker = scoringWorker(WORKER_SETTINGS, store, pino({ level: 'warn' }));
  // On Ctrl-C the worker stops before the store closes (undo steps run last-registered first).
  onCleanup(() => worker.stop());
  const deadline = Date.now() + Math.max(120_000, stored.length * 20);
  const finished = (counts: { done: number; failed: number }) => counts.done + counts.failed;
  const waitFor = async (count: number, pollMs: number) => {
    let counts = await jobCounts();
    while (finished(counts) < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      counts = await jobCounts();
    }
    return counts;
  };
  worker.start();
  // Polled often, so the clock starts close to the end of the warm-up.
  const afterWarmup = await waitFor(warmupBodies.length, 2);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const counts = await waitFor(stored.length, POLL_MS);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  await worker.stop();
  const measured = finished(counts) - finished(afterWarmup);
  if (finished(counts) < stored.length) {
    log(`  warning: only ${counts.done} of ${stored.length} were scored before the deadline`);
  }

  const doneConversations = Number(
    (
      await store.db
        .selectFrom('conversations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'done')
        .executeTakeFirstOrThrow()
    ).n,
  );
  const results = Number(
    (
      await store.db
        .selectFrom('check_results')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const outcomes = (
    await store.db
      .selectFrom('conversations')
      .select((eb) => ['outcome', eb.fn.countAll<number>().as('n')])
      .groupBy('outcome')
      .orderBy('n', 'desc')
      .execute()
  ).map((row) => ({ outcome: row.outcome ?? 'none', count: Number(row.n) }));

  await close();
  removeTempDir(dataDir);

  // After the worker, so that the worker's code was compiled for what a worker sees (conversations read
  // back from the store), not for this loop's objects.
  log(`  pure scoring: ${n} conversations through scoreConversation (after ${PURE_WARMUP} to warm up)...`);
  const pure = timePureScoring(bodies, log);

  const cpuMs = (cpu.user + cpu.system) / 1000;
  return {
    conversations: measured,
    ingestMs,
    wallMs,
    cpuMs,
    perWallSecond: (measured / wallMs) * 1000,
    perCpuSecond: (measured / cpuMs) * 1000,
    doneConversations,
    failedJobs: counts.failed,
    resultsPerConversation: results / Math.max(1, doneConversations),
    outcomes,
    pureWallMsPerConversation: pure.wallMsPerConversation,
    pureCpuMsPerConversation: pure.cpuMsPerConversation,
    pureCpuMsPerConversationWithoutModels: pure.cpuMsPerConversationWithoutModels,
    modelLoadMs: pure.modelLoadMs,
    modelLoadCpuMs: pure.modelLoadCpuMs,
    modelBytes: pure.modelBytes,
    checksPerConversation: pure.checksPerConversation,
  };
}
