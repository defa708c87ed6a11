/**
 * Runs the compiled `bin/cqm` as a child process, the way people and scripts do: commands that exit, and
 * `serve` processes that tests start, kill and restart. Every child is tracked so a suite can always stop
 * what it started. `bin/cqm` runs dist/, so build first (`npm test` does).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { adminUrl, databaseUrl } from './postgres-admin.js';

export const CQM_BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/cqm');

/** Where the server keeps its data: the embedded file in a directory, or a PostgreSQL database. */
export interface StoreTarget {
  dataDir: string;
  databaseUrl?: string | undefined;
}

/** The environment of a child: ours minus anything that could point it at another store or port. */
export function cqmEnv(target: StoreTarget, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name.startsWith('CQM_') || name === 'DATABASE_URL' || name === 'PORT' || name === 'HOST') delete env[name];
  }
  env.CQM_DATA_DIR = target.dataDir;
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  env.HOST = '127.0.0.1';
  env.CQM_RATE_LIMIT = '0';
  env.CQM_LOG_LEVEL = 'info';
  return { ...env, ...extra };
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs one command to its end (killed after timeoutMs). */
export function runCqm(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 20_000): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(CQM_BIN, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** With --json the CLI prints one JSON object (or array) on its last line. */
export function lastJsonLine(stdout: string): unknown {
  const lines = stdout.split('\n').filter((line) => line.trim() !== '');
  const last = lines.at(-1);
  if (last === undefined) throw new Error('no output');
  return JSON.parse(last);
}

/** With --json a list prints `{"data": [...]}` on its last line, as the API's lists: the rows. */
export function lastJsonList(stdout: string): unknown[] {
  const printed = lastJsonLine(stdout) as { data?: unknown };
  if (!Array.isArray(printed.data)) throw new Error(`not a list: ${JSON.stringify(printed)}`);
  return printed.data;
}

/** Distinct API keys of an environment that appear in a text. */
export function keysIn(text: string, environment: 'test' | 'live' = 'test'): string[] {
  return [...new Set(text.match(new RegExp(`cqm_${environment}_[0-9A-Za-z]+`, 'g')) ?? [])];
}

/** A port that was free a moment ago (the kernel picks it; a clash is detected by startServer). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything printed to stdout so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL if it has not exited within graceMs. */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL at once (kill -9) and wait for the exit. */
  kill9(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ServerProcess>();

/** Stops every server still running (for afterAll, whatever happened in the tests). */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()));
}

function spawnServer(env: NodeJS.ProcessEnv, port: number, args: string[]): ServerProcess {
  const child = spawn(CQM_BIN, ['serve', ...args], {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const server: ServerProcess = {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    stdout: () => out,
    stderr: () => err,
    exited,
    async stop(graceMs = 5_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        const result = await exited;
        clearTimeout(timer);
        running.delete(server);
        return result;
      }
      running.delete(server);
      return exited;
    },
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      const result = await exited;
      running.delete(server);
      return result;
    },
  };
  running.add(server);
  void exited.then(() => running.delete(server));
  return server;
}

/**
 * Starts `bin/cqm serve` on a free port and waits until it says it listens on that port and /healthz
 * answers 200. Retries on another port if the chosen one was taken in the meantime.
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  options: { args?: string[]; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  let lastProblem = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const server = spawnServer(env, port, options.args ?? []);
    const deadline = Date.now() + timeoutMs;
    let exited = false;
    void server.exited.then(() => {
      exited = true;
    });
    while (Date.now() < deadline && !exited) {
      if (server.stdout().includes(`127.0.0.1:${port}`)) {
        try {
          const response = await fetch(`${server.baseUrl}/healthz`);
          if (response.status === 200) return server;
        } catch {
          // not accepting connections yet
        }
      }
      await sleep(50);
    }
    lastProblem = `stdout:\n${server.stdout()}\nstderr:\n${server.stderr()}`;
    await server.stop();
    if (!/EADDRINUSE/.test(server.stderr() + server.stdout())) break;
  }
  throw new Error(`bin/cqm serve did not become ready.\n${lastProblem}`);
}

/** An empty (not migrated) PostgreSQL database, for tests of `migrate` itself. */
export async function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cqm_test_empty_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  return { url: databaseUrl(name), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Removes a temporary directory, ignoring one that is already gone. */
export function removeDir(dir: string | undefined): void {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
