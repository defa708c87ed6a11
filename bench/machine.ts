/**
 * How busy the machine is before a target is measured. Client, server and database share two cores, so
 * anything else running (a build, a test suite) moves the numbers a lot; the report says so rather than
 * printing a ratio that silently includes someone else's load.
 */
import fs from 'node:fs';
import os from 'node:os';

/** Above this share of all cores busy before a run, the numbers are flagged as unreliable. */
export const BUSY_WARNING_PERCENT = 15;

function cpuTicks(): { idle: number; total: number } {
  // First line of /proc/stat: "cpu user nice system idle iowait irq softirq steal ..."
  const fields = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total };
}

/** Percentage of all cores busy over the sample, or undefined where /proc/stat does not exist. */
export async function busyPercent(sampleMs = 1_000): Promise<number | undefined> {
  if (!fs.existsSync('/proc/stat')) return undefined;
  const before = cpuTicks();
  await new Promise((resolve) => setTimeout(resolve, sampleMs));
  const after = cpuTicks();
  const total = after.total - before.total;
  return total > 0 ? 100 * (1 - (after.idle - before.idle) / total) : undefined;
}

/** A line for the log when other work is running, otherwise undefined. */
export async function busyWarning(when: string): Promise<string | undefined> {
  const busy = await busyPercent();
  if (busy === undefined || busy < BUSY_WARNING_PERCENT) return undefined;
  return `warning: ${busy.toFixed(0)}% of the ${os.availableParallelism()} cores were busy ${when}; other processes skew these numbers`;
}
