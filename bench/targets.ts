/** The servers under test: the bare node:http yardstick and `bin/cqm serve` on either store. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Child, freePort, startChild, waitUntilAnswering } from './lifecycle.js';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const cqm = path.join(repoRoot, 'bin', 'cqm');

export interface Target {
  name: string;
  /** Base URL, e.g. http://127.0.0.1:40123 */
  url: string;
  /** Bearer key to send; the bare server ignores it but still receives a header of the same size. */
  apiKey: string;
  child: Child;
}

export async function startBareServer(): Promise<Target> {
  const port = await freePort();
  const child = startChild('bare', process.execPath, ['--import', 'tsx', path.join(benchDir, 'bare-server.ts')], {
    ...process.env,
    PORT: String(port),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(url, child);
  return { name: 'bare', url, apiKey: `cqm_test_${'0'.repeat(39)}`, child };
}

export interface ServiceStore {
  /** Embedded store: the data dir holding cqm.sqlite. */
  dataDir: string;
  /** PostgreSQL store when set. */
  databaseUrl?: string;
}

/** The settings the issue fixes for the benchmark: no rate limit (it would cap the load) and quiet logs. */
function serviceEnv(port: number, store: ServiceStore): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    CQM_DATA_DIR: store.dataDir,
    CQM_RATE_LIMIT: '0',
    CQM_LOG_LEVEL: 'warn',
  };
  // A DATABASE_URL inherited from the shell must not turn the embedded run into a PostgreSQL one.
  delete env.DATABASE_URL;
  if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
  return env;
}

/**
 * The scoring worker is off unless asked for: the full path is auth, validation, idempotency and
 * the durable insert. With the worker in the same process, scoring the growing backlog takes CPU from
 * ingest in proportion to how much was ingested, so the numbers would depend on the run's length.
 */
export async function startService(name: string, store: ServiceStore, options: { worker: boolean }): Promise<Target> {
  const port = await freePort();
  const env = serviceEnv(port, store);
  const child = startChild(name, cqm, options.worker ? ['serve'] : ['serve', '--no-worker'], env);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/healthz`, child);
  return { name, url, apiKey: printedKey(child) ?? (await createTestKey(env)), child };
}

/** On first start with an empty store, serve prints a test key before it listens. */
function printedKey(child: Child): string | undefined {
  return /cqm_test_[0-9A-Za-z]+/.exec(child.stdout())?.[0];
}

/** Fallback when the store was not empty: `cqm keys create --json` prints the key as JSON on its last line. */
async function createTestKey(env: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await promisify(execFile)(cqm, ['keys', 'create', '--env', 'test', '--name', 'bench', '--json'], {
    env,
  });
  const lastLine = stdout.trim().split('\n').at(-1) ?? '';
  const key: unknown = (JSON.parse(lastLine) as { key?: unknown }).key;
  if (typeof key !== 'string') throw new Error(`cqm keys create printed no key: ${lastLine}`);
  return key;
}
