/** Long-running `bin/cqm` processes (workers) that durability tests kill, and polling for what they do. */
import { type ChildProcess, spawn } from 'node:child_process';
import { CQM_BIN } from './cqm-process.js';

export function startCqm(args: string[], env: Record<string, string>): ChildProcess & { output: () => string } {
  const child = spawn(CQM_BIN, args, {
    env: { ...process.env, CQM_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return Object.assign(child, { output: () => output });
}

export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Polls until the condition holds, failing after `timeoutMs`. */
export async function waitFor<T>(condition: () => Promise<T | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
