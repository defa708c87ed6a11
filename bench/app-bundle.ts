/**
 * The first screen's JavaScript, gzipped, as the web build's own benchmark measures it (bench/bundle-size.ts,
 * `npm run bench:bundle`), printed beside the page timings when that benchmark and a built dist/web exist.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));

/** A line about the bundle, or undefined when it cannot be measured here. */
export async function firstScreenBundle(): Promise<string | undefined> {
  const file = path.join(benchDir, 'bundle-size.ts');
  if (!fs.existsSync(file) || !fs.existsSync(path.join(benchDir, '..', 'dist', 'web'))) return undefined;
  // Imported by path: the web build's benchmark may not exist in every checkout.
  const module = (await import(pathToFileURL(file).href)) as {
    measureFirstScreen?: () => Promise<{ gzipBytes: number }>;
  };
  if (typeof module.measureFirstScreen !== 'function') return undefined;
  const { gzipBytes } = await module.measureFirstScreen();
  return `first screen JavaScript: ${(gzipBytes / 1024).toFixed(1)} KB gzipped (goal < 250 KB)`;
}
