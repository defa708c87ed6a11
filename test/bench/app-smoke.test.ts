/**
 * `npm run bench:app` runs whole in smoke mode (a few thousand conversations, a few requests per page, no
 * goal judged) and prints its summary line, so a change that breaks the benchmark breaks the build. No figure
 * is checked: timings do not belong in tests.
 */
import { describe, expect, inject, it } from 'vitest';
import { adminUrl } from '../harness/postgres-admin.js';
import { benchCommand, runBenchSmoke } from './run-bench.js';

const postgres = inject('pgTemplate') !== null;
/** The PostgreSQL part runs when the test database answers (it skips itself with a line otherwise). */
const env: Record<string, string> = postgres ? { BENCH_PG_ADMIN_URL: adminUrl() } : {};
const number = String.raw`\d+(?:\.\d+)?`;

describe('bench:app in smoke mode', () => {
  it('loads, serves, signs in, measures every page and prints its summary line', { timeout: 240_000 }, async () => {
    expect(benchCommand('bench:app')).toBe('tsx bench/app.ts');
    const run = await runBenchSmoke('bench:app', env, 200_000);
    expect({ code: run.code, signal: run.signal, stderr: run.stderr.slice(-2000) }).toMatchObject({
      code: 0,
      signal: null,
    });
    // Later pages may append their own figures after these three.
    expect(run.lastLine).toMatch(
      new RegExp(`^list p99 ms: ${number}, filtered p99 ms: ${number}, view p99 ms: ${number}(?:, .+)?$`),
    );
    expect(run.stdout).not.toMatch(/\bNaN\b/);
    expect(run.stdout).toContain('app: conversation view');
    expect(run.stdout).not.toMatch(/\d+ failed/);
    if (postgres) expect(run.stdout).toMatch(/^postgres: 3,000 conversations/m);
  });
});
