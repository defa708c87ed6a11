/**
 * Every benchmark runs whole in smoke mode (tiny sizes, no goals judged) and prints its summary line, so a
 * change that breaks a benchmark breaks the build. No figure is checked: timings do not belong in tests.
 */
import { describe, expect, inject, it } from 'vitest';
import { adminUrl } from '../harness/postgres-admin.js';
import { runBenchSmoke } from './run-bench.js';

const postgres = inject('pgTemplate') !== null;
/** PostgreSQL parts run when the test database answers (they skip themselves with a line otherwise). */
const env: Record<string, string> = postgres ? { BENCH_PG_ADMIN_URL: adminUrl(), BENCH_HEALTH_POSTGRES: '1' } : {};
const number = String.raw`\d+(?:\.\d+)?`;

const BENCHMARKS = [
  { script: 'bench:ingest', summary: new RegExp(`^ratio: ${number}$`) },
  {
    script: 'bench:health',
    summary: new RegExp(`^agent p99 ms: ${number}, group p99 ms: ${number}, growth: ${number}$`),
  },
  {
    script: 'bench:webhooks',
    summary: new RegExp(`^deliveries/s: ${number}, evaluated p50 ms: ${number}, p99 ms: ${number}$`),
  },
  {
    script: 'bench:scoring',
    summary: new RegExp(`^scored per second: ${number}, p50 ms: ${number}, p99 ms: ${number}$`),
  },
] as const;

describe('benchmarks in smoke mode', () => {
  for (const { script, summary } of BENCHMARKS) {
    it(`${script} runs its whole path and prints its summary line`, { timeout: 240_000 }, async () => {
      const run = await runBenchSmoke(script, env, 200_000);
      expect({ code: run.code, signal: run.signal, stderr: run.stderr.slice(-2000) }).toMatchObject({
        code: 0,
        signal: null,
      });
      expect(run.lastLine).toMatch(summary);
      expect(run.stdout).not.toMatch(/\bNaN\b/);
    });
  }

  it('finds each script in package.json', async () => {
    const { benchCommand } = await import('./run-bench.js');
    expect(benchCommand('bench:health')).toMatch(/^tsx bench\/health\.ts$/);
    expect(benchCommand('bench:ingest')).toMatch(/^tsx bench\/ingest\.ts$/);
    expect(() => benchCommand('bench:nothing')).toThrow(/no script bench:nothing/);
  });
});
