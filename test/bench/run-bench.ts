/**
 * Runs a `bench:*` script in smoke mode (BENCH_SMOKE=1, bench/smoke.ts) the way package.json spells it, minus
 * its leading build steps: `npm test` has built dist/ (and the application) before vitest starts, and eight
 * concurrent rebuilds would only race each other. Shared by the smoke tests of every benchmark.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPOSITORY = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface BenchRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The last line printed that is not empty: every benchmark's summary line. */
  lastLine: string;
}

/** The script's command without `npm run build… &&` in front. Fails when package.json has no such script. */
export function benchCommand(script: string): string {
  const scripts = (
    JSON.parse(readFileSync(join(REPOSITORY, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const command = scripts[script];
  if (!command) throw new Error(`package.json has no script ${script}`);
  return command.replace(/^(?:npm run build(?::\w+)?\s*&&\s*)+/, '');
}

export function runBenchSmoke(script: string, env: Record<string, string>, timeoutMs: number): Promise<BenchRun> {
  const child = spawn('sh', ['-c', benchCommand(script)], {
    cwd: REPOSITORY,
    env: {
      ...process.env,
      PATH: `${join(REPOSITORY, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
      BENCH_SMOKE: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  // A hung benchmark is stopped the way Ctrl-C would (it cleans up its servers and temp dirs), then killed.
  const stop = setTimeout(() => {
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  }, timeoutMs);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(stop);
      const lines = stdout.split('\n').filter((line) => line.trim() !== '');
      resolve({ code, signal, stdout, stderr, lastLine: lines[lines.length - 1] ?? '' });
    });
  });
}
