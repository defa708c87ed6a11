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
import { startBareServer, startService, type Target } from './targets.js';

const CONNECTIONS = [10, 50] as const;

function secondsFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 1) throw new Error(`${name} must be a whole number of seconds >= 1`);
  return Math.round(value);
}

const measuredSeconds = secondsFromEnv('BENCH_SECONDS', 10);
const warmupSeconds = secondsFromEnv('BENCH_WARMUP_SECONDS', 2);
/** BENCH_WORKER=1 runs `cqm serve` with its scoring worker; by default the ingest path is measured alone. */
const withWorker = ['1', 'true'].includes(process.env.BENCH_WORKER ?? '');
/** Requests cut off when a run's time is up can be stored without being counted as 202 (two runs per count). */
const maxInFlight = CONNECTIONS.reduce((sum, c) => sum + 2 * c, 0);

const template = conversationTemplate();
const bodyFor = bodyFactory(template);
const measurements: Measurement[] = [];
/** Repeated next to the results, where they matter. */
const warnings: string[] = [];

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

/**
 * A warm-up per connection count (JIT, connection pools, SQLite page cache) before the measured run.
 * Returns how many requests were answered 202 in all runs, warm-ups included, for the durability check.
 */
async function benchTarget(target: Target): Promise<number> {
  const warning = await busyWarning(`before the ${target.name} runs`);
  if (warning) {
    warnings.push(warning);
    log(warning);
  }
  let accepted = 0;
  for (const connections of CONNECTIONS) {
    const warmup = await runLoad(target, connections, warmupSeconds, bodyFor);
    const measured = await runLoad(target, connections, measuredSeconds, bodyFor);
    accepted += warmup.accepted + measured.accepted;
    measurements.push(measured);
    const failures = warmup.non2xx + warmup.errors + measured.non2xx + measured.errors;
    log(
      `  ${target.name} @ ${connections}: ${measured.requestsPerSecond.toFixed(0)} req/s, ` +
        `p99 ${measured.p99Ms.toFixed(2)} ms${failures ? `, ${failures} failed requests` : ''}`,
    );
  }
  return accepted;
}

async function benchBare(): Promise<void> {
  const bare = await startBareServer();
  await benchTarget(bare);
  await bare.child.stop();
}

async function benchEmbedded(): Promise<void> {
  const dataDir = makeTempDir('cqm-bench-');
  const service = await startService('embedded', { dataDir }, { worker: withWorker });
  const accepted = await benchTarget(service);
  log(durabilityLine('embedded', accepted, countSqlite(dataDir), maxInFlight));
  await service.child.stop();
  removeTempDir(dataDir);
}

async function benchPostgres(): Promise<void> {
  let database: Awaited<ReturnType<typeof createBenchDatabase>>;
  try {
    database = await createBenchDatabase();
  } catch (error) {
    log(`postgres: skipped, PostgreSQL did not answer at ${ADMIN_URL} (${(error as Error).message})`);
    return;
  }
  onCleanup(() => database.drop());
  // The service needs a data dir even on PostgreSQL; keep it out of the repository.
  const dataDir = makeTempDir('cqm-bench-pg-');
  const service = await startService('postgres', { dataDir, databaseUrl: database.url }, { worker: withWorker });
  const accepted = await benchTarget(service);
  log(durabilityLine('postgres', accepted, await countPostgres(database.url), maxInFlight));
  await service.child.stop();
  await database.drop();
  removeTempDir(dataDir);
}

async function main(): Promise<void> {
  installExitHandlers();
  const sample = bodyFor('call-bench-00000000-1');
  const body = JSON.parse(sample) as { transcript: unknown[]; events: unknown[] };
  log(
    `body: ${Buffer.byteLength(sample)} bytes (${body.transcript.length} turns, ${body.events.length} events, metadata)`,
  );
  log(`runs: ${warmupSeconds} s warm-up + ${measuredSeconds} s measured, at ${CONNECTIONS.join(' and ')} connections`);
  log(
    withWorker
      ? 'service: cqm serve with its scoring worker (BENCH_WORKER=1)'
      : 'service: cqm serve --no-worker (ingest path alone; BENCH_WORKER=1 keeps the scoring worker)',
  );

  await benchBare();
  await benchEmbedded();
  await benchPostgres();

  log('');
  log(table(measurements));
  log('');
  for (const warning of warnings) log(warning);
  for (const target of ['embedded', 'postgres']) {
    if (!find(measurements, target, 50)) continue;
    const ratios = CONNECTIONS.map((c) => `${c} conns ${ratio(measurements, target, c)?.toFixed(2) ?? 'n/a'}`);
    log(`full/bare ${target}: ${ratios.join(', ')}`);
  }
  for (const target of ['embedded', 'postgres'])
    if (find(measurements, target, 50)) log(goalLine(measurements, target));
  const headline = ratio(measurements, 'embedded', 50);
  if (headline === undefined) throw new Error('no embedded measurement at 50 connections');
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
