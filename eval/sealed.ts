/**
 * Which eval sets may be read. A batch in `eval/fresh*` stays sealed until its README records a last run (text
 * under its "## Last run" heading); after that it is spent, and development data like the rest.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function isSealed(directory: string, name: string): boolean {
  if (!name.startsWith('fresh')) return false;
  const readme = join(directory, name, 'README.md');
  // A batch without a README has no record of a last run: sealed, to be safe.
  if (!existsSync(readme)) return true;
  const text = readFileSync(readme, 'utf8');
  const lastRun = text.search(/^## Last run/m);
  if (lastRun === -1) return true;
  const section = text.slice(lastRun).split('\n').slice(1).join('\n');
  const untilNextHeading = section.split(/^## /m)[0] ?? '';
  return untilNextHeading.trim() === '';
}

/**
 * The eval sets that may be read, in name order (fresh-2 before fresh-10): every folder of labelled cases that is
 * not sealed.
 */
export function readableSets(directory: string): string[] {
  return readdirSync(directory)
    .filter((name) => statSync(join(directory, name)).isDirectory())
    .filter((name) => readdirSync(join(directory, name)).some((file) => file.endsWith('.json')))
    .filter((name) => !isSealed(directory, name))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}
