/**
 * The first screen's JavaScript, gzipped, as the web build's own benchmark measures it: bench/bundle-size.ts
 * (`npm run bench:bundle`) is a script that prints its report when imported, so it is imported here, beside the
 * page timings, when it and a built dist/web exist.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));

/** Prints the bundle report; false when it cannot be measured here (no such benchmark, or no web build). */
export async function printFirstScreenBundle(): Promise<boolean> {
  const script = path.join(benchDir, 'bundle-size.ts');
  // bundle-size.ts exits the process when the web build is missing, so that is checked first.
  if (!fs.existsSync(script) || !fs.existsSync(path.join(benchDir, '..', 'dist', 'web', 'index.html'))) return false;
  await import(pathToFileURL(script).href);
  return true;
}
