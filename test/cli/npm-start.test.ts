/**
 * `npm start` execs the server, so stopping npm stops the server: before, npm ran it under `sh -c`, a SIGTERM
 * to npm left the server running, holding its port and its data dir.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../harness/backends.js';
import { cqmEnv, freePort, removeDir } from '../harness/cqm-process.js';
import { waitFor } from '../harness/processes.js';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Whether something accepts connections on the port (the server, or anything left of it). */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('npm start', () => {
  const dataDir = tempDir('cqm-npm-start-');
  let npm: ChildProcess | undefined;
  afterAll(() => {
    if (npm && npm.exitCode === null) npm.kill('SIGKILL');
    removeDir(dataDir);
  });

  it('stops the server when npm is stopped with SIGTERM, releasing the port', { timeout: 90_000 }, async () => {
    const port = await freePort();
    npm = spawn('npm', ['start'], {
      cwd: REPOSITORY,
      env: cqmEnv({ dataDir }, { PORT: String(port), CQM_LOG_LEVEL: 'warn' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    npm.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      npm?.once('exit', (code, signal) => resolve({ code, signal })),
    );
    await waitFor(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200;
        } catch {
          return false;
        }
      },
      60_000,
      `npm start to answer on port ${port}:\n${output}`,
    );

    npm.kill('SIGTERM');
    await exited;
    // Nothing is left listening: the server got the signal and shut down (not orphaned under a shell).
    await waitFor(async () => !(await listening(port)), 20_000, `port ${port} to be released:\n${output}`);
    expect(await listening(port)).toBe(false);
  });
});
