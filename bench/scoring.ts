/**
 * `npm run bench:scoring`: how fast conversations are scored.
 *
 * Part A: conversations per second scored by ONE worker (in this process, embedded store, a stored backlog),
 * per wall second and per CPU second (per core), next to the cost of the scoring pipeline alone.
 * Part B: `cqm serve` with its worker receiving a steady 200 conversations per second; the time from each
 * 202 to `done` at p50/p99, on the embedded store and, when it answers, on PostgreSQL.
 *
 * The last line is `scored per second: <A per core>, p50 ms: <B>, p99 ms: <B>` (embedded store, 202 to done
 * by the server's clock). See bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { WORKER_CONCURRENCY_BY_STORE } from '../src/main/background.js';
import { cleanup, installExitHandlers, makeTempDir, onCleanup, removeTempDir, wasInterrupted } from './lifecycle.js';
import { busyWarning } from './machine.js';
import { ADMIN_URL, createBenchDatabase } from './postgres.js';
import {
  type GeneratedConversation,
  generateConversations,
  SCENARIOS,
  TURNS_PER_CONVERSATION,
  transcriptCharacters,
} from './scoring-conversations.js';
import { judgePart, judgeReport } from './scoring-judge.js';
import {
  type LatencyResult,
  type LatencySettings,
  measureLatency,
  postgresReader,
  type Stats,
  sqliteReader,
} from './scoring-latency.js';
import { measureThroughput, type ThroughputResult, WORKER_WARMUP } from './scoring-throughput.js';
import { SMOKE, SMOKE_GOALS_LINE, sized } from './smoke.js';
import { startService } from './targets.js';

/** The issue's goals. */
const GOAL = { perCoreMin: 500, p99MaxMs: 1000 } as const;

function numberFromEnv(name: string, fallback: number, min: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number >= ${min}`);
  return value;
}

const conversationCount = Math.round(numberFromEnv('BENCH_CONVERSATIONS', sized(3000, 40), 1));
const latency: LatencySettings = {
  rate: numberFromEnv('BENCH_RATE', sized(200, 20), 1),
  seconds: numberFromEnv('BENCH_SECONDS', sized(15, 1), 1),
  warmupSeconds: numberFromEnv('BENCH_WARMUP_SECONDS', sized(2, 0), 0),
  drainSeconds: numberFromEnv('BENCH_DRAIN_SECONDS', 30, 1),
  seed: 2,
};
/** Part A's conversations; part B draws from another seed, so the service never sees the same text twice. */
const THROUGHPUT_SEED = 1;
/** The worker's warm-up conversations in part A: other text again, so that nothing measured was seen before. */
const WARMUP_SEED = 3;
const runTag = randomBytes(4).toString('hex');
const warnings: string[] = [];

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

async function noteBusy(when: string): Promise<void> {
  const warning = await busyWarning(when);
  if (!warning) return;
  warnings.push(warning);
  log(warning);
}

function describeConversations(generated: GeneratedConversation[]): void {
  const n = generated.length;
  const characters = generated.map((g) => transcriptCharacters(g.body));
  const bytes = generated.reduce((sum, g) => sum + Buffer.byteLength(JSON.stringify(g.body)), 0) / n;
  const events = generated.reduce((sum, g) => sum + g.body.events.length, 0) / n;
  const chats = generated.filter((g) => g.body.channel === 'chat').length;
  const mix = SCENARIOS.map((s) => `${s} ${Math.round((100 * generated.filter((g) => g.scenario === s).length) / n)}%`);
  log(
    `conversations: ${TURNS_PER_CONVERSATION} turns, transcript ${Math.round(characters.reduce((a, b) => a + b, 0) / n)} ` +
      `characters on average (${Math.min(...characters)}-${Math.max(...characters)}), ${events.toFixed(1)} events, ` +
      `metadata; request body ${(bytes / 1024).toFixed(1)} KB; ${Math.round((100 * chats) / n)}% chat`,
  );
  log(`  mix: ${mix.join(', ')} (seeded: every run scores the same conversations)`);
}

async function partA(): Promise<ThroughputResult> {
  log('');
  log(
    `part A: one scoring worker in this process (concurrency ${WORKER_CONCURRENCY_BY_STORE.sqlite}), embedded store, ` +
      `${conversationCount} stored conversations`,
  );
  await noteBusy('before part A');
  const generated = generateConversations(conversationCount, THROUGHPUT_SEED, `bench-${runTag}-a-`);
  describeConversations(generated);
  const warmup = generateConversations(WORKER_WARMUP, WARMUP_SEED, `bench-${runTag}-w-`);
  const result = await measureThroughput(warmup, generated, log);
  log(
    `  worker: ${result.conversations} done in ${(result.wallMs / 1000).toFixed(2)} s wall, ` +
      `${(result.cpuMs / 1000).toFixed(2)} s CPU => ${result.perWallSecond.toFixed(0)} conversations/s (wall), ` +
      `${result.perCpuSecond.toFixed(0)} per CPU-second (per core)` +
      (result.failedJobs ? `; ${result.failedJobs} jobs FAILED` : ''),
  );
  log(
    `  pure scoring (scoreConversation, ${result.checksPerConversation.toFixed(1)} checks): ` +
      `${result.pureWallMsPerConversation.toFixed(3)} ms wall, ${result.pureCpuMsPerConversation.toFixed(3)} ms CPU ` +
      `per conversation => at most ${(1000 / result.pureCpuMsPerConversation).toFixed(0)} per CPU-second from scoring alone`,
  );
  log(
    `  trained models (models/*.json): ${(result.modelBytes / 1e6).toFixed(2)} MB, loaded in ${result.modelLoadMs.toFixed(0)} ms ` +
      `(${result.modelLoadCpuMs.toFixed(0)} ms CPU); scoring without them ${result.pureCpuMsPerConversationWithoutModels.toFixed(3)} ms CPU ` +
      `per conversation in the same rounds, so they cost ${(result.pureCpuMsPerConversation - result.pureCpuMsPerConversationWithoutModels).toFixed(3)} ms`,
  );
  log(
    `  scoring is ${((100 * result.pureCpuMsPerConversation) / (result.cpuMs / result.conversations)).toFixed(0)}% ` +
      `of the worker's CPU per conversation (${(result.cpuMs / result.conversations).toFixed(3)} ms); ` +
      `the rest is claiming, loading, writing ${result.resultsPerConversation.toFixed(1)} results and health rollups`,
  );
  log(`  outcomes (warm-up included): ${result.outcomes.map((o) => `${o.outcome} ${o.count}`).join(', ')}`);
  return result;
}

async function partBEmbedded(): Promise<LatencyResult> {
  await noteBusy('before part B (embedded)');
  const dataDir = makeTempDir('cqm-bench-scoring-serve-');
  const service = await startService('embedded', { dataDir }, { worker: true });
  const reader = sqliteReader(dataDir);
  try {
    return await measureLatency(service, reader, latency, runTag);
  } finally {
    await reader.close();
    await service.child.stop();
    removeTempDir(dataDir);
  }
}

async function partBPostgres(): Promise<LatencyResult | undefined> {
  let database: Awaited<ReturnType<typeof createBenchDatabase>>;
  try {
    database = await createBenchDatabase();
  } catch (error) {
    log(`  postgres: skipped, PostgreSQL did not answer at ${ADMIN_URL} (${(error as Error).message})`);
    return undefined;
  }
  onCleanup(() => database.drop());
  await noteBusy('before part B (postgres)');
  const dataDir = makeTempDir('cqm-bench-scoring-pg-');
  const service = await startService('postgres', { dataDir, databaseUrl: database.url }, { worker: true });
  const reader = await postgresReader(database.url);
  try {
    return await measureLatency(service, reader, latency, runTag);
  } finally {
    await reader.close();
    await service.child.stop();
    await database.drop();
    removeTempDir(dataDir);
  }
}

function summary(result: LatencyResult): string {
  const others = Object.entries(result.otherStatuses).map(([status, count]) => `${count}x ${status}`);
  return (
    `  ${result.store}: warm-up scored ${
      Number.isNaN(result.warmupDrainMs) ? 'NOT all' : `${result.warmupDrainMs.toFixed(0)} ms`
    } after its last 202; ${result.accepted}/${result.sent} answered 202` +
    (others.length ? ` (others: ${others.join(', ')})` : '') +
    (result.errors ? `, ${result.errors} request errors` : '') +
    `; ${result.done} done, ${result.failed} failed, ${result.notDone} not done after the wait; ` +
    `backlog when sending stopped ${result.backlogAtEnd}, scored ` +
    (Number.isNaN(result.drainMs) ? 'NOT all' : `all ${result.drainMs.toFixed(0)} ms`) +
    ` after the last 202; sender lag p99 ${result.sendLag.p99.toFixed(1)} ms, max ${result.sendLag.max.toFixed(1)} ms`
  );
}

function table(results: LatencyResult[]): string {
  const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : value.toFixed(0));
  const triple = (s: Stats) => [ms(s.p50), ms(s.p99), ms(s.max)];
  const header = [
    'store',
    'sent',
    '202',
    'non-202',
    'errors',
    'done',
    'send->202 p50',
    'p99',
    '202->done p50',
    'p99',
    'max',
    'client p50',
    'p99',
    'max',
  ];
  const rows = results.map((r) => [
    r.store,
    String(r.sent),
    String(r.accepted),
    String(Object.values(r.otherStatuses).reduce((a, b) => a + b, 0)),
    String(r.errors),
    String(r.done),
    r.ack.p50.toFixed(1),
    r.ack.p99.toFixed(1),
    ...triple(r.serverDone),
    ...triple(r.clientDone),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function latencyGoal(result: LatencyResult): string {
  const missing = result.sent - result.done;
  const complete = missing === 0;
  const met = complete && result.serverDone.p99 < GOAL.p99MaxMs;
  return (
    `goal (${result.store}: p99 202->done < ${GOAL.p99MaxMs} ms at ${latency.rate}/s, every conversation done): ` +
    `${met ? 'met' : 'NOT met'} (p99 ${result.serverDone.p99.toFixed(0)} ms, ${result.done}/${result.sent} done` +
    (complete ? '' : `, ${missing} not accepted or not done`) +
    ')'
  );
}

async function main(): Promise<void> {
  installExitHandlers();
  log(`machine: ${os.availableParallelism()} cores, load average ${loadAverage()} (1, 5, 15 min) at start`);

  const a = await partA();

  log('');
  log(
    `part B: cqm serve with its worker, ${latency.rate} conversations/s for ${latency.seconds} s ` +
      `(after ${latency.warmupSeconds} s at the same rate, not counted, and scored before the measured run), ` +
      'open loop, keep-alive fetch',
  );
  const results: LatencyResult[] = [];
  const embedded = await partBEmbedded();
  results.push(embedded);
  log(summary(embedded));
  const postgres = await partBPostgres();
  if (postgres) {
    results.push(postgres);
    log(summary(postgres));
  }

  // Part C: the LLM judge (bench/scoring-judge.ts); BENCH_JUDGE=0 leaves it out.
  const judge = process.env.BENCH_JUDGE === '0' ? undefined : await judgePart(runTag, log);

  log('');
  log(`load average at the end: ${loadAverage()}`);
  log(
    'part A, one worker: ' +
      `${a.perWallSecond.toFixed(0)} conversations/s wall, ${a.perCpuSecond.toFixed(0)} per CPU-second; ` +
      `pure scoring ${a.pureCpuMsPerConversation.toFixed(3)} ms CPU per conversation`,
  );
  log('');
  log(`part B, ${latency.rate}/s for ${latency.seconds} s (milliseconds):`);
  log(table(results));
  log(
    '  202->done: updated_at - received_at, both stamped by the server (received_at in the acknowledged transaction)',
  );
  log('  client:    updated_at - the moment the 202 reached this process (same machine, same wall clock)');
  log('');
  if (judge) {
    for (const line of judgeReport(judge)) log(line);
    log('');
  }
  for (const warning of warnings) log(warning);
  const perCoreMet = a.perCpuSecond >= GOAL.perCoreMin && a.failedJobs === 0;
  if (SMOKE) log(SMOKE_GOALS_LINE);
  else {
    log(
      `goal (scoring: >= ${GOAL.perCoreMin} conversations/s per core): ${perCoreMet ? 'met' : 'NOT met'} ` +
        `(${a.perCpuSecond.toFixed(0)} per CPU-second, ${a.perWallSecond.toFixed(0)}/s wall)`,
    );
    for (const result of results) log(latencyGoal(result) + (result.store === 'embedded' ? '' : ' (for information)'));
  }
  if (embedded.serverDone.count === 0) throw new Error('no conversation was scored on the embedded store');
  log(
    `scored per second: ${a.perCpuSecond.toFixed(0)}, p50 ms: ${embedded.serverDone.p50.toFixed(0)}, ` +
      `p99 ms: ${embedded.serverDone.p99.toFixed(0)}`,
  );
}

try {
  await main();
} catch (error) {
  if (!wasInterrupted())
    process.stderr.write(`bench:scoring failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
// Keep-alive sockets must not keep the process waiting.
process.exit();
