/**
 * The JavaScript a browser downloads before the application's first screen can show: the entry script of
 * dist/web/index.html and every module it preloads, gzipped (level 9, as a server or CDN would send it).
 * Run by `npm run bench:bundle`, which builds the application first. Goal: under 250 KB.
 * Last line: `first screen JS gzip KB: X`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const GOAL_KB = 250;
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/web');

function assetsOf(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) => match[1] ?? '').filter(Boolean);
}

function fileOf(url: string): string {
  // Built with base /app/: /app/assets/x.js is dist/web/assets/x.js.
  return path.join(webRoot, url.replace(/^\/app\//, ''));
}

function gzipKb(files: string[]): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = fs.readFileSync(file);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw: raw / 1024, gzip: gzip / 1024 };
}

const indexFile = path.join(webRoot, 'index.html');
if (!fs.existsSync(indexFile)) {
  console.error(`No build at ${webRoot}: run npm run build:web first.`);
  process.exit(1);
}
const html = fs.readFileSync(indexFile, 'utf8');
const scripts = [
  ...assetsOf(html, /<script[^>]*type="module"[^>]*src="([^"]+)"/g),
  ...assetsOf(html, /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
].map(fileOf);
const styles = assetsOf(html, /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g).map(fileOf);
const allJs = fs
  .readdirSync(path.join(webRoot, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => path.join(webRoot, 'assets', name));

const first = gzipKb(scripts);
const css = gzipKb(styles);
const everything = gzipKb(allJs);
for (const file of scripts) console.log(`first screen: ${path.relative(webRoot, file)}`);
console.log(`first screen JS: ${first.raw.toFixed(1)} KB raw, ${first.gzip.toFixed(1)} KB gzipped (goal < ${GOAL_KB})`);
console.log(`first screen CSS: ${css.raw.toFixed(1)} KB raw, ${css.gzip.toFixed(1)} KB gzipped`);
console.log(
  `all JS chunks (${allJs.length}): ${everything.raw.toFixed(1)} KB raw, ${everything.gzip.toFixed(1)} KB gzipped`,
);
console.log(first.gzip < GOAL_KB ? 'goal met' : `goal missed: over ${GOAL_KB} KB`);
console.log(`first screen JS gzip KB: ${first.gzip.toFixed(1)}`);
