/**
 * Child processes, temp dirs and other things the benchmark must undo however it ends: normally, on an
 * error, or on Ctrl-C. A server left running would hold its port and skew the next run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
/** Async undo steps (such as dropping a database), run last-registered first. */
const undoSteps: Array<() => Promise<void>> = [];
let cleaning: Promise<void> | undefined;
let interrupted = false;

/** True after Ctrl-C or SIGTERM: whatever fails from then on failed because the servers were stopped. */
export function wasInterrupted(): boolean {
  return interrupted;
}

export interface Child {
  process: ChildProcess;
  /** Everything written to stdout so far, for reading the key or port a server prints at start. */
  stdout(): string;
  stop(): Promise<void>;
}

/**
 * Starts a server process. Its stderr is passed through with a prefix so a crash is visible; stdout is
 * kept for the caller (servers run with log level warn, so it stays small).
 */
export function startChild(label: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    output += text;
  });
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    for (const line of text.split('\n')) if (line.trim()) process.stderr.write(`[${label}] ${line}\n`);
  });
  child.once('exit', () => children.delete(child));
  return { process: child, stdout: () => output, stop: () => stopChild(child) };
}

/** SIGTERM, then SIGKILL if the process has not gone within a few seconds. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
  children.delete(child);
}

export function makeTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

export function onCleanup(step: () => Promise<void>): void {
  undoSteps.push(step);
}

/** Stops every child, runs the undo steps and removes temp dirs. Safe to call more than once. */
export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all([...children].map(stopChild));
    for (const step of undoSteps.reverse()) {
      try {
        await step();
      } catch (error) {
        process.stderr.write(`cleanup: ${error instanceof Error ? error.message : String(error)}\n`);
      }
    }
    for (const dir of tempDirs) removeTempDir(dir);
  })();
  return cleaning;
}

/** Installs the handlers that make sure nothing outlives the benchmark. */
export function installExitHandlers(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      process.stderr.write(`\n${signal}: stopping servers and cleaning up\n`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  // Last resort when the process exits without cleanup() having finished: only synchronous work is possible.
  process.once('exit', () => {
    for (const child of children) child.kill('SIGKILL');
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  });
}

/** A port the OS says is free now. Another process could take it before the server binds; unlikely here. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls until the URL answers at all (any status), failing early if the child exits. */
export async function waitUntilAnswering(url: string, child: Child, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { exitCode, signalCode } = child.process;
    if (exitCode !== null || signalCode !== null)
      throw new Error(`${url}: the server exited (${exitCode ?? signalCode})`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url}: no answer within ${timeoutMs} ms`);
}
