/**
 * `bin/cqm serve` prints a one-time setup link beside the first key; `bin/cqm users create|invite|
 * reset-password|list` manage people from a shell (--json on the last line). Against the built CLI and a
 * running server, over real HTTP, on both stores.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBackend, sqliteBackend, type TestBackend, tempDir } from '../harness/backends.js';
import {
  type CliResult,
  CQM_BIN,
  cqmEnv,
  createEmptyDatabase,
  keysIn,
  lastJsonLine,
  lastJsonList,
  removeDir,
  runCqm,
  type ServerProcess,
  startServer,
  stopAllServers,
} from '../harness/cqm-process.js';

/** A browser over real HTTP: cookies by name, the CSRF token it was last given. */
class HttpBrowser {
  private readonly cookies = new Map<string, string>();
  private csrf: string | undefined;
  constructor(private readonly baseUrl: string) {}

  async call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}/app/api${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (name && value) this.cookies.set(name, value);
      else if (name) this.cookies.delete(name);
    }
    const json = response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>);
    if (typeof json.csrf_token === 'string') this.csrf = json.csrf_token;
    return { status: response.status, json };
  }

  async signIn(email: string, password: string) {
    await this.call('GET', '/csrf');
    return this.call('POST', '/sign-in', { email, password });
  }
}

function expectOk(result: CliResult): void {
  expect(result.code, `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`).toBe(0);
}

/** Runs the CLI with `input` on standard input (runCqm closes it). */
function runWithStdin(args: string[], env: NodeJS.ProcessEnv, input: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(CQM_BIN, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe.each([sqliteBackend, postgresBackend] as TestBackend[])('people from the command line ($name)', (backend) => {
  let env: NodeJS.ProcessEnv;
  let server: ServerProcess;
  const disposals: Array<() => Promise<void> | void> = [];
  const cqm = (...args: string[]) => runCqm(args, env);

  beforeAll(async () => {
    if (!backend.available) return;
    const dataDir = tempDir('cqm-users-');
    disposals.push(() => removeDir(dataDir));
    if (backend.name === 'postgres') {
      const database = await createEmptyDatabase();
      disposals.push(database.drop);
      env = cqmEnv({ dataDir, databaseUrl: database.url });
    } else {
      env = cqmEnv({ dataDir });
    }
  });
  afterAll(async () => {
    await stopAllServers();
    for (const dispose of disposals.reverse()) await dispose();
  });

  it.skipIf(!backend.available)('first start prints the test key and a setup link that works once', async () => {
    server = await startServer(env);
    const out = server.stdout();
    expect(keysIn(out)).toHaveLength(1);
    const link = /(http:\/\/\S+\/app\/invite\/([A-Za-z0-9_-]{43}))/.exec(out);
    expect(link, out).not.toBeNull();
    const token = link?.[2] as string;
    expect(link?.[1]).toBe(`${server.baseUrl}/app/invite/${token}`);

    const browser = new HttpBrowser(server.baseUrl);
    expect((await browser.call('GET', `/invitations/${token}`)).json).toMatchObject({ kind: 'setup', role: 'owner' });
    await browser.call('GET', '/csrf');
    const accepted = await browser.call('POST', `/invitations/${token}/accept`, {
      email: 'owner@example.test',
      name: 'Owner',
      password: 'the owner password',
    });
    expect(accepted.status).toBe(200);
    expect((await browser.call('GET', '/session')).json).toMatchObject({ user: { role: 'owner' } });
    const again = new HttpBrowser(server.baseUrl);
    await again.call('GET', '/csrf');
    const reused = await again.call('POST', `/invitations/${token}/accept`, {
      email: 'other@example.test',
      name: 'Other',
      password: 'another password',
    });
    expect(reused.status).toBe(404);

    // Someone has signed up: a restart prints neither a key nor a setup link.
    await server.stop();
    server = await startServer(env);
    expect(server.stdout()).not.toMatch(/app\/invite\//);
    expect(keysIn(server.stdout())).toEqual([]);
  });

  it.skipIf(!backend.available)('users create makes a user whose generated password signs in', async () => {
    const created = await cqm(
      'users',
      'create',
      '--email',
      'Ada@Example.test',
      '--name',
      'Ada',
      '--role',
      'admin',
      '--json',
    );
    expectOk(created);
    const user = lastJsonLine(created.stdout) as { id: string; email: string; role: string; password: string };
    expect(user).toMatchObject({ email: 'ada@example.test', role: 'admin' });
    expect(user.password.length).toBeGreaterThanOrEqual(20);
    const signIn = await new HttpBrowser(server.baseUrl).signIn('ada@example.test', user.password);
    expect(signIn.status).toBe(200);
    expect(signIn.json.user).toMatchObject({ id: user.id, role: 'admin' });

    const human = await cqm(
      'users',
      'create',
      '--email',
      'ada@example.test',
      '--name',
      'Ada again',
      '--role',
      'viewer',
    );
    expect(human.code).toBe(2);
    expect(human.stderr).toMatch(/already belongs to a user/);
    const badRole = await cqm('users', 'create', '--email', 'b@example.test', '--name', 'B', '--role', 'boss');
    expect(badRole.code).not.toBe(0);

    const fromStdin = await runWithStdin(
      [
        'users',
        'create',
        '--email',
        'grace@example.test',
        '--name',
        'Grace',
        '--role',
        'member',
        '--password-stdin',
        '--json',
      ],
      env,
      'graces own password\n',
    );
    expectOk(fromStdin);
    expect(lastJsonLine(fromStdin.stdout)).not.toHaveProperty('password');
    expect((await new HttpBrowser(server.baseUrl).signIn('grace@example.test', 'graces own password')).status).toBe(
      200,
    );

    const list = await cqm('users', 'list', '--json');
    expectOk(list);
    const listed = lastJsonList(list.stdout) as { email: string }[];
    expect(listed.map((u) => u.email)).toEqual(['owner@example.test', 'ada@example.test', 'grace@example.test']);
    expect(list.stdout).not.toMatch(/scrypt|password/);
  });

  it.skipIf(!backend.available)('users invite prints a link for the role; it works once', async () => {
    const invited = await cqm('users', 'invite', '--role', 'viewer', '--email', 'vic@example.test', '--json');
    expectOk(invited);
    const invitation = lastJsonLine(invited.stdout) as { url: string; role: string; expires_at: string };
    expect(invitation).toMatchObject({ role: 'viewer', email: 'vic@example.test' });
    expect(Date.parse(invitation.expires_at) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    const token = invitation.url.split('/').at(-1) as string;
    const browser = new HttpBrowser(server.baseUrl);
    await browser.call('GET', '/csrf');
    const accepted = await browser.call('POST', `/invitations/${token}/accept`, {
      name: 'Vic',
      password: 'vics password!',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json.user).toMatchObject({ email: 'vic@example.test', role: 'viewer' });
    expect(
      (await browser.call('POST', `/invitations/${token}/accept`, { name: 'Vic', password: 'vics password!' })).status,
    ).toBe(404);
  });

  it.skipIf(!backend.available)('users reset-password sets a new password and ends the sessions', async () => {
    const browser = new HttpBrowser(server.baseUrl);
    expect((await browser.signIn('grace@example.test', 'graces own password')).status).toBe(200);
    const reset = await cqm('users', 'reset-password', '--email', 'GRACE@example.test', '--json');
    expectOk(reset);
    const result = lastJsonLine(reset.stdout) as { password: string; sessions_ended: boolean };
    expect(result.sessions_ended).toBe(true);
    expect((await browser.call('GET', '/session')).status).toBe(401);
    expect((await new HttpBrowser(server.baseUrl).signIn('grace@example.test', 'graces own password')).status).toBe(
      401,
    );
    expect((await new HttpBrowser(server.baseUrl).signIn('grace@example.test', result.password)).status).toBe(200);

    const unknown = await cqm('users', 'reset-password', '--email', 'nobody@example.test');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/No user nobody@example.test/);
  });
});
