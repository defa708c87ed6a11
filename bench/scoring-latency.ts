/**
 * Part B of `npm run bench:scoring`: `cqm serve` with its worker receives conversations at a steady rate,
 * and each one's time from the 202 to `done` is read from the store afterwards.
 *
 * The sender is an open loop: request i leaves at start + i / rate whatever happened to earlier ones (a
 * closed loop would slow down with the server and hide the queueing this measures). Node's global fetch
 * (undici) keeps connections alive, so a handful of sockets carry the whole run.
 */
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { percentile } from './load.js';
import { generateConversation } from './scoring-conversations.js';
import type { Target } from './targets.js';

export interface LatencySettings {
  rate: number;
  seconds: number;
  warmupSeconds: number;
  /** Longest wait, after the last answer, for the backlog to be scored. */
  drainSeconds: number;
  seed: number;
}

export interface Stats {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface LatencyResult {
  store: string;
  /** Measured requests (warm-up excluded). */
  sent: number;
  accepted: number;
  /** Status code to count, for answers other than 202. */
  otherStatuses: Record<string, number>;
  errors: number;
  /** How late requests left against their schedule: the client's own lag. */
  sendLag: Stats;
  /** Request sent to 202 arrived (client clock). */
  ack: Stats;
  done: number;
  failed: number;
  /** Accepted but not done when the wait ended. */
  notDone: number;
  /** updated_at − received_at, both stamped by the server. */
  serverDone: Stats;
  /** updated_at − the moment the client got the 202 (same machine, same wall clock). */
  clientDone: Stats;
  /** Conversations (warm-up included) not yet done when the last 202 arrived. */
  backlogAtEnd: number;
  /** From the last 202 until everything was done (or the wait ended). */
  drainMs: number;
  /** From the last warm-up 202 until the warm-up was scored, before the measured run began (NaN: it never was). */
  warmupDrainMs: number;
}

/** Reads progress and times from the service's store without going through the service. */
export interface StoreReader {
  jobCounts(): Promise<{ done: number; failed: number; total: number }>;
  times(): Promise<Array<{ external_id: string; status: string; received_at: number; updated_at: number }>>;
  close(): Promise<void>;
}

const JOB_COUNTS_SQL = 'SELECT status, COUNT(*) AS n FROM jobs GROUP BY status';
const TIMES_SQL = 'SELECT external_id, status, received_at, updated_at FROM conversations';

interface CountRow {
  status: string;
  n: number | string;
}
interface TimeRow {
  external_id: string;
  status: string;
  received_at: number | string;
  updated_at: number | string;
}

function toCounts(rows: CountRow[]) {
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  const total = rows.reduce((sum, row) => sum + Number(row.n), 0);
  return { done: count('done'), failed: count('failed'), total };
}

function toTimes(rows: TimeRow[]) {
  return rows.map((row) => ({
    external_id: row.external_id,
    status: row.status,
    received_at: Number(row.received_at),
    updated_at: Number(row.updated_at),
  }));
}

/** Read-only on the server's WAL database: every statement sees what was committed before it began. */
export function sqliteReader(dataDir: string): StoreReader {
  const db = new Sqlite(path.join(dataDir, 'cqm.sqlite'), { readonly: true, fileMustExist: true });
  const counts = db.prepare(JOB_COUNTS_SQL);
  const times = db.prepare(TIMES_SQL);
  return {
    jobCounts: async () => toCounts(counts.all() as CountRow[]),
    times: async () => toTimes(times.all() as TimeRow[]),
    close: async () => {
      db.close();
    },
  };
}

export async function postgresReader(databaseUrl: string): Promise<StoreReader> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    jobCounts: async () => toCounts((await client.query<CountRow>(JOB_COUNTS_SQL)).rows),
    times: async () => toTimes((await client.query<TimeRow>(TIMES_SQL)).rows),
    close: () => client.end(),
  };
}

interface Sent {
  externalId: string;
  measured: boolean;
  /** Epoch ms (fractional) the request was due, left, and got its answer. */
  dueAt: number;
  sentAt: number;
  answeredAt?: number;
  status?: number;
  error?: string;
}

/** Epoch milliseconds with sub-millisecond precision, comparable with the server's Date.now(). */
function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

export function stats(values: number[]): Stats {
  return {
    count: values.length,
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: values.length ? Math.max(...values) : Number.NaN,
  };
}

async function post(target: Target, record: Sent, body: string): Promise<void> {
  try {
    const response = await fetch(`${target.url}/v1/conversations`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${target.apiKey}`,
        'content-type': 'application/json',
        'idempotency-key': record.externalId,
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    record.answeredAt = epochNow();
    record.status = response.status;
    // Read the (small) body so the connection goes back to the pool.
    await response.arrayBuffer();
  } catch (error) {
    record.error = error instanceof Error ? error.message : String(error);
  }
}

/** Sends every body at its scheduled time (start + i / rate), catching up at once when the timer was late. */
async function sendPaced(target: Target, bodies: string[], records: Sent[], rate: number): Promise<void> {
  const interval = 1000 / rate;
  const start = epochNow() + 20;
  const inFlight: Array<Promise<void>> = [];
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = epochNow();
      while (next < bodies.length && start + next * interval <= now) {
        const record = records[next] as Sent;
        record.dueAt = start + next * interval;
        record.sentAt = epochNow();
        inFlight.push(post(target, record, bodies[next] as string));
        next++;
      }
      if (next >= bodies.length) resolve();
      else setTimeout(tick, Math.max(0, start + next * interval - epochNow()));
    };
    setTimeout(tick, 20);
  });
  await Promise.all(inFlight);
}

export async function measureLatency(
  target: Target,
  reader: StoreReader,
  settings: LatencySettings,
  runTag: string,
): Promise<LatencyResult> {
  const warmup = Math.round(settings.rate * settings.warmupSeconds);
  const total = warmup + Math.round(settings.rate * settings.seconds);
  // Bodies are serialised before the clock starts, so the sender does no more than send.
  const records: Sent[] = [];
  const bodies: string[] = [];
  for (let i = 0; i < total; i++) {
    const measured = i >= warmup;
    const externalId = `bench-${runTag}-${target.name}-${measured ? 'm' : 'w'}-${i}`;
    records.push({ externalId, measured, dueAt: 0, sentAt: 0 });
    bodies.push(JSON.stringify(generateConversation(settings.seed, i, externalId).body));
  }

  // The goal is about a steady rate: the warm-up (a service just started scores its first conversations
  // slowly, and the backlog they leave would take seconds to clear at a rate near capacity) is scored before
  // the measured run starts. How long that took is reported.
  const warmupDrain = await sendAndDrain(target, reader, bodies.slice(0, warmup), records.slice(0, warmup), settings);
  const drain = await sendAndDrain(target, reader, bodies.slice(warmup), records.slice(warmup), settings);

  const stored = new Map((await reader.times()).map((row) => [row.external_id, row]));
  const measured = records.filter((r) => r.measured);
  const otherStatuses: Record<string, number> = {};
  const serverDone: number[] = [];
  const clientDone: number[] = [];
  let done = 0;
  let failed = 0;
  for (const record of measured) {
    if (record.status !== undefined && record.status !== 202) {
      otherStatuses[record.status] = (otherStatuses[record.status] ?? 0) + 1;
    }
    if (record.status !== 202) continue;
    const row = stored.get(record.externalId);
    if (row?.status === 'failed') failed++;
    if (row?.status !== 'done') continue;
    done++;
    serverDone.push(row.updated_at - row.received_at);
    clientDone.push(row.updated_at - (record.answeredAt as number));
  }
  const accepted = measured.filter((r) => r.status === 202);
  return {
    store: target.name,
    sent: measured.length,
    accepted: accepted.length,
    otherStatuses,
    errors: measured.filter((r) => r.error !== undefined).length,
    sendLag: stats(measured.map((r) => r.sentAt - r.dueAt)),
    ack: stats(accepted.map((r) => (r.answeredAt as number) - r.sentAt)),
    done,
    failed,
    notDone: accepted.length - done - failed,
    serverDone: stats(serverDone),
    clientDone: stats(clientDone),
    backlogAtEnd: drain.backlogAtEnd,
    drainMs: drain.drainMs,
    warmupDrainMs: warmupDrain.drainMs,
  };
}

/**
 * Sends the bodies at the rate, then waits until every conversation accepted so far is done or failed, or
 * the wait is over. Returns how many were not done when the last answer came, and how long they took after it.
 */
async function sendAndDrain(
  target: Target,
  reader: StoreReader,
  bodies: string[],
  records: Sent[],
  settings: LatencySettings,
): Promise<{ backlogAtEnd: number; drainMs: number }> {
  if (bodies.length === 0) return { backlogAtEnd: 0, drainMs: 0 };
  const acceptedBefore = (await reader.jobCounts()).total;
  await sendPaced(target, bodies, records, settings.rate);
  const lastAnswer = Math.max(...records.map((r) => r.answeredAt ?? 0));
  const accepted = acceptedBefore + records.filter((r) => r.status === 202).length;

  let counts = await reader.jobCounts();
  const backlogAtEnd = accepted - counts.done - counts.failed;
  const deadline = Date.now() + settings.drainSeconds * 1000;
  while (counts.done + counts.failed < accepted && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    counts = await reader.jobCounts();
  }
  const drainMs = Math.max(0, epochNow() - lastAnswer);
  return { backlogAtEnd, drainMs: counts.done + counts.failed >= accepted ? drainMs : Number.NaN };
}
