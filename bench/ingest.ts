/**
 * `npm run bench:ingest`: POST /v1/conversations throughput and latency of `cqm serve` on the embedded store
 * and on PostgreSQL, against a bare node:http server that only parses the body (the ceiling on this machine).
 * The last line is `ratio: <full/bare>` for the embedded store at 50 connections. See bench/README.md.
 */
import { bodyFactory, conversationTemplate } from './conversation.js';
import { countPostgres, countSqlite, durabilityLine } from './durability.js';
import { cleanup, installExitHandlers, makeTempDir, onCleanup, removeTempDir, wasInterrupted } from './lifecycle.js';
import { type Measurement, runLoad } from './load.js';
import { busyWarning } from './machine.js';
import { ADMIN_URL, createBenchDatabase } from './postgres.js';
import { find, goalLine, ratio, table } from './report.js';
import { SMOKE, SMOKE_GOALS_LINE, sized } from './smoke.js';
import { startBareServer, startService, type Target } from './targets.js';

/** In smoke mode one small count: the path is exercised, nothing is measured. */
const CONNECTIONS: readonly number[] = sized([10, 50], [4]);
/** The connection count of the last line (50; the only one in smoke mode). */
const HEADLINE_CONNECTIONS = CONNECTIONS[CONNECTIONS.length - 1] as number;

function secondsFromEnv(name: string, fallback: number, min = 1): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a whole number >= ${min}`);
  return Math.round(value);
}

const measuredSeconds = secondsFromEnv('BENCH_SECONDS', sized(6, 1));
const warmupSeconds = secondsFromEnv('BENCH_WARMUP_SECONDS', 1);
/**
 * The targets take turns, round after round, and the reported figures are medians: this machine's speed
 * drifts by a fifth from minute to minute, and a baseline measured a minute apart from what it is compared
 * with would move the ratio by as much.
 */
const rounds = secondsFromEnv('BENCH_ROUNDS', sized(3, 1));
/** BENCH_WORKER=1 runs `cqm serve` with its scoring worker; by default the ingest path is measured alone. */
const withWorker = ['1', 'true'].includes(process.env.BENCH_WORKER ?? '');
/** Requests cut off when a run's time is up can be stored without being counted as 202 (two runs per count). */
const maxInFlight = CONNECTIONS.reduce((sum, c) => sum + 2 * rounds * c, 0);

const template = conversationTemplate();
const bodyFor = bodyFactory(template);
/** Every measured run, in order. */
const runs: Measurement[] = [];
/** Repeated next to the results, where they matter. */
const warnings: string[] = [];

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

interface Contender {
  target: Target;
  /** Requests answered 202, warm-ups included, for the durability check. */
  accepted: number;
  /** Counts what is stored, while the server still runs. */
  durability(accepted: number): Promise<string>;
  stop(): Promise<void>;
}

async function measure(contender: Contender, connections: number, round: number): Promise<void> {
  const warmup = await runLoad(contender.target, connections, warmupSeconds, bodyFor);
  const measured = await runLoad(contender.target, connections, measuredSeconds, bodyFor);
  contender.accepted += warmup.accepted + measured.accepted;
  runs.push(measured);
  const failures = warmup.non2xx + warmup.errors + measured.non2xx + measured.errors;
  log(
    `  round ${round}, ${contender.target.name} @ ${connections}: ${measured.requestsPerSecond.toFixed(0)} req/s, ` +
      `p99 ${measured.p99Ms.toFixed(2)} ms${failures ? `, ${failures} failed requests` : ''}`,
  );
}

async function bare(): Promise<Contender> {
  const target = await startBareServer();
  return { target, accepted: 0, durability: async () => '', stop: () => target.child.stop() };
}

async function embedded(): Promise<Contender> {
  const dataDir = makeTempDir('cqm-bench-');
  const target = await startService('embedded', { dataDir }, { worker: withWorker });
  return {
    target,
    accepted: 0,
    durability: async (accepted) => durabilityLine('embedded', accepted, countSqlite(dataDir), maxInFlight),
    async stop() {
      await target.child.stop();
      removeTempDir(dataDir);
    },
  };
}

async function postgres(): Promise<Contender | undefined> {
  let database: Awaited<ReturnType<typeof createBenchDatabase>>;
  try {
    database = await createBenchDatabase();
  } catch (error) {
    log(`postgres: skipped, PostgreSQL did not answer at ${ADMIN_URL} (${(error as Error).message})`);
    return undefined;
  }
  onCleanup(() => database.drop());
  // The service needs a data dir even on PostgreSQL; keep it out of the repository.
  const dataDir = makeTempDir('cqm-bench-pg-');
  const target = await startService('postgres', { dataDir, databaseUrl: database.url }, { worker: withWorker });
  return {
    target,
    accepted: 0,
    durability: async (accepted) =>
      durabilityLine('postgres', accepted, await countPostgres(database.url), maxInFlight),
    async stop() {
      await target.child.stop();
      await database.drop();
      removeTempDir(dataDir);
    },
  };
}

/** The run of median requests per second among a target's rounds at one connection count. */
function medianRun(target: string, connections: number): Measurement | undefined {
  const own = runs.filter((m) => m.target === target && m.connections === connections);
  return own.sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(own.length / 2)];
}

async function main(): Promise<void> {
  installExitHandlers();
  const sample = bodyFor('call-bench-00000000-1');
  const body = JSON.parse(sample) as { transcript: unknown[]; events: unknown[] };
  log(
    `body: ${Buffer.byteLength(sample)} bytes (${body.transcript.length} turns, ${body.events.length} events, metadata)`,
  );
  log(
    `runs: ${rounds} rounds of ${warmupSeconds} s warm-up + ${measuredSeconds} s measured per target, ` +
      `at ${CONNECTIONS.join(' and ')} connections; each store takes turns with the bare server, one store after the other`,
  );
  log(
    withWorker
      ? 'service: cqm serve with its scoring worker (BENCH_WORKER=1)'
      : 'service: cqm serve --no-worker (ingest path alone; BENCH_WORKER=1 keeps the scoring worker)',
  );

  // Each store has the machine to itself, taking turns with the bare server: PostgreSQL goes on working after
  // its turns (writing out checkpoints, vacuuming tables that just took thousands of rows), on the same two
  // cores and disk, and the embedded turns that followed measured that work as much as their own.
  const baseline = await bare();
  onCleanup(() => baseline.target.child.stop());
  const contenders: Contender[] = [baseline];
  for (const startStore of [embedded, postgres]) {
    const store = await startStore();
    if (!store) continue;
    onCleanup(() => store.target.child.stop());
    contenders.push(store);
    const warning = await busyWarning(`before the ${store.target.name} runs`);
    if (warning) {
      warnings.push(warning);
      log(warning);
    }
    for (const connections of CONNECTIONS) {
      for (let round = 1; round <= rounds; round++) {
        for (const contender of [baseline, store]) await measure(contender, connections, round);
      }
    }
    const line = await store.durability(store.accepted);
    if (line) log(line);
    await store.stop();
  }
  await baseline.stop();

  const medians = contenders.flatMap(({ target }) =>
    CONNECTIONS.flatMap((connections) => medianRun(target.name, connections) ?? []),
  );
  log('');
  log(`medians of each target's rounds (the bare server's across both stores' turns):`);
  log(table(medians));
  log('');
  for (const line of warnings) log(line);
  for (const target of ['embedded', 'postgres']) {
    if (!find(medians, target, HEADLINE_CONNECTIONS)) continue;
    const ratios = CONNECTIONS.map((c) => `${c} conns ${ratio(medians, target, c)?.toFixed(2) ?? 'n/a'}`);
    log(`full/bare ${target}: ${ratios.join(', ')}`);
  }
  if (SMOKE) log(SMOKE_GOALS_LINE);
  else for (const target of ['embedded', 'postgres']) if (find(medians, target, 50)) log(goalLine(medians, target));
  const headline = ratio(medians, 'embedded', HEADLINE_CONNECTIONS);
  if (headline === undefined) throw new Error(`no embedded measurement at ${HEADLINE_CONNECTIONS} connections`);
  log(`ratio: ${headline.toFixed(2)}`);
}

try {
  await main();
} catch (error) {
  if (!wasInterrupted())
    process.stderr.write(`bench:ingest failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
// Leftover keep-alive sockets from the readiness checks must not keep the process waiting.
process.exit();
