/**
 * The judge part of `npm run bench:scoring` (also alone: `npx tsx bench/scoring-judge.ts` after a build):
 * `cqm serve` on the embedded store, every conversation with one plain-language check, at 50 conversations a
 * second, three ways: without a judge (the check yields no result), with a judge that answers in 300 ms, and
 * with the judge down (nothing listens on its port). Reported: 202 to `done` by the server's clock, p50/p99.
 * Goals (the issue's): p99 under 2 s with the 300 ms judge; with the judge down, no slower than without one.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Sqlite from 'better-sqlite3';
import { closedPortUrl, startJudgeServer } from '../test/harness/judge-server.js';
import { installExitHandlers, makeTempDir, removeTempDir } from './lifecycle.js';
import {
  type LatencyResult,
  type LatencySettings,
  measureLatency,
  type StoreReader,
  sqliteReader,
} from './scoring-latency.js';
import { SMOKE, SMOKE_GOALS_LINE, sized } from './smoke.js';
import { startService } from './targets.js';

const cqm = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'cqm');
export const JUDGE_GOAL = { p99MaxMs: 2000, judgeDelayMs: 300, rate: 50 } as const;

const QUESTION = 'Did the agent confirm what the caller asked for before ending the call?';

/** The embedded store in `dataDir`, whatever DATABASE_URL the shell has. */
function embeddedEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CQM_DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return env;
}

/**
 * Progress counted by conversations rather than jobs: with a judge, a conversation takes two jobs (scoring,
 * then its second review), and "everything done" is every conversation `done` or `failed`.
 */
function conversationsReader(dataDir: string): StoreReader {
  const base = sqliteReader(dataDir);
  const db = new Sqlite(path.join(dataDir, 'cqm.sqlite'), { readonly: true, fileMustExist: true });
  const counts = db.prepare('SELECT status, COUNT(*) AS n FROM conversations GROUP BY status');
  return {
    async jobCounts() {
      const rows = counts.all() as Array<{ status: string; n: number }>;
      const count = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
      return { done: count('done'), failed: count('failed'), total: rows.reduce((sum, row) => sum + row.n, 0) };
    },
    times: () => base.times(),
    async close() {
      db.close();
      await base.close();
    },
  };
}

async function withJudgeEnv<T>(judgeUrl: string | null, work: () => Promise<T>): Promise<T> {
  const saved = { ...process.env };
  if (judgeUrl) {
    process.env.CQM_JUDGE_BASE_URL = judgeUrl;
    process.env.CQM_JUDGE_MODEL = 'bench-judge';
  } else {
    delete process.env.CQM_JUDGE_BASE_URL;
    delete process.env.CQM_JUDGE_MODEL;
  }
  try {
    return await work();
  } finally {
    process.env = saved;
  }
}

async function run(
  name: string,
  judgeUrl: string | null,
  settings: LatencySettings,
  runTag: string,
): Promise<LatencyResult> {
  const dataDir = makeTempDir('cqm-bench-judge-');
  try {
    // The check exists before the service starts (the CLI migrates the fresh store and makes the project).
    await promisify(execFile)(
      cqm,
      [
        'checks',
        'create',
        '--key',
        'confirmed_request',
        '--name',
        'Request confirmed',
        '--judge',
        QUESTION,
        '--status',
        'shadow',
      ],
      { env: embeddedEnv(dataDir) },
    );
    return await withJudgeEnv(judgeUrl, async () => {
      const service = await startService(name, { dataDir }, { worker: true });
      const reader = conversationsReader(dataDir);
      try {
        return await measureLatency(service, reader, settings, `${runTag}-${name}`);
      } finally {
        await reader.close();
        await service.child.stop();
      }
    });
  } finally {
    removeTempDir(dataDir);
  }
}

export interface JudgePartResult {
  without: LatencyResult;
  judge: LatencyResult;
  down: LatencyResult;
  judgeCalls: number;
}

export async function judgePart(runTag: string, log: (line: string) => void): Promise<JudgePartResult> {
  const settings: LatencySettings = {
    rate: sized(JUDGE_GOAL.rate, 10),
    seconds: Number(process.env.BENCH_JUDGE_SECONDS ?? sized(10, 1)),
    warmupSeconds: sized(2, 0),
    drainSeconds: 30,
    seed: 4,
  };
  const judge = await startJudgeServer();
  judge.script((call) => {
    const asksQuestion = call.body.messages.some((m) => m.content.includes(QUESTION));
    return {
      delayMs: Number(process.env.BENCH_JUDGE_DELAY_MS ?? JUDGE_GOAL.judgeDelayMs),
      answer: asksQuestion
        ? {
            reasoning: 'The agent repeats the request back in its last turn.',
            verdict: 'pass',
            confidence: 0.8,
            evidence_turns: [3],
          }
        : { reasoning: 'Read the whole call.', verdict: 'pass', confidence: 0.6, evidence_turns: [2] },
    };
  });
  try {
    log(`judge part: ${settings.rate}/s for ${settings.seconds} s, one plain-language check per conversation`);
    const without = await run('no-judge', null, settings, runTag);
    const judged = await run('judge-300ms', judge.baseUrl, settings, runTag);
    const down = await run('judge-down', await closedPortUrl(), settings, runTag);
    return { without, judge: judged, down, judgeCalls: judge.calls.length };
  } finally {
    await judge.close();
  }
}

export function judgeReport(result: JudgePartResult): string[] {
  const row = (label: string, r: LatencyResult) =>
    `  ${label.padEnd(22)} ${String(r.done).padStart(5)} done ${String(r.notDone + r.failed).padStart(4)} not   p50 ${r.serverDone.p50.toFixed(0).padStart(6)}   p99 ${r.serverDone.p99.toFixed(0).padStart(6)}   max ${r.serverDone.max.toFixed(0).padStart(6)}`;
  const judgeOk = result.judge.serverDone.p99 < JUDGE_GOAL.p99MaxMs && result.judge.notDone === 0;
  // "No slower": the judge-down p99 within the run-to-run noise of the machine (10% or 20 ms, whichever is more).
  const margin = Math.max(20, result.without.serverDone.p99 * 0.1);
  const downOk = result.down.serverDone.p99 <= result.without.serverDone.p99 + margin && result.down.notDone === 0;
  return [
    'judge part, 202 to done by the server clock (ms):',
    row('without a judge', result.without),
    row('judge answering 300ms', result.judge),
    row('judge down', result.down),
    `  judge calls: ${result.judgeCalls}`,
    SMOKE
      ? `  ${SMOKE_GOALS_LINE}`
      : `  goal p99 < ${JUDGE_GOAL.p99MaxMs} ms with the judge: ${judgeOk ? 'met' : 'NOT met'}; judge down no slower than without (p99 within ${margin.toFixed(0)} ms): ${downOk ? 'met' : 'NOT met'}`,
    `judge p99 ms: ${result.judge.serverDone.p99.toFixed(0)}, judge-down p99 ms: ${result.down.serverDone.p99.toFixed(0)}, no-judge p99 ms: ${result.without.serverDone.p99.toFixed(0)}`,
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  installExitHandlers();
  const result = await judgePart(Math.random().toString(36).slice(2, 8), (line) => process.stdout.write(`${line}\n`));
  for (const line of judgeReport(result)) process.stdout.write(`${line}\n`);
  process.exit(0);
}
