/** Plain-text output: one table of runs, then full/bare ratios and the goal. */
import type { Measurement } from './load.js';

/** The goal for the full path at 50 connections. */
export const GOAL = { connections: 50, minRatio: 0.33, maxP99Ms: 20 } as const;

const COLUMNS = ['target', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'] as const;

export function table(measurements: Measurement[]): string {
  const rows = measurements.map((m) => [
    m.target,
    String(m.connections),
    m.requestsPerSecond.toFixed(0),
    m.p50Ms.toFixed(2),
    m.p99Ms.toFixed(2),
    String(m.non2xx),
    String(m.errors),
  ]);
  const widths = COLUMNS.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)));
  // Left-align the target name, right-align the numbers.
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  return [line(COLUMNS), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function find(measurements: Measurement[], target: string, connections: number): Measurement | undefined {
  return measurements.find((m) => m.target === target && m.connections === connections);
}

/** Requests per second of the full service relative to the bare server at the same connection count. */
export function ratio(measurements: Measurement[], target: string, connections: number): number | undefined {
  const full = find(measurements, target, connections);
  const bare = find(measurements, 'bare', connections);
  if (!full || !bare || bare.requestsPerSecond === 0) return undefined;
  return full.requestsPerSecond / bare.requestsPerSecond;
}

export function goalLine(measurements: Measurement[], target: string): string {
  const full = find(measurements, target, GOAL.connections);
  const fullRatio = ratio(measurements, target, GOAL.connections);
  if (!full || fullRatio === undefined) return `goal (${target}): not measured`;
  const failures = full.non2xx + full.errors;
  const met = fullRatio >= GOAL.minRatio && full.p99Ms < GOAL.maxP99Ms && failures === 0;
  return (
    `goal (${target}, ${GOAL.connections} connections: ratio >= ${GOAL.minRatio}, p99 < ${GOAL.maxP99Ms} ms, ` +
    `no failures): ${met ? 'met' : 'NOT met'} ` +
    `(ratio ${fullRatio.toFixed(2)}, p99 ${full.p99Ms.toFixed(2)} ms, ${failures} failures)`
  );
}
