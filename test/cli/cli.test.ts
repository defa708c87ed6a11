/**
 * `bin/cqm` as people and scripts use it (DESIGN.md, "Operational contract"): migrate, workspaces,
 * projects and keys with --json on the last line, revocation seen at once by a running server that shares
 * the store, and the README's quick start (first start prints one test key, which works right away).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../harness/app.js';
import { postgresBackend, sqliteBackend, type TestBackend, tempDir } from '../harness/backends.js';
import {
  type CliResult,
  cqmEnv,
  createEmptyDatabase,
  keysIn,
  lastJsonLine,
  lastJsonList,
  removeDir,
  runCqm,
  type ServerProcess,
  type StoreTarget,
  startServer,
  stopAllServers,
} from '../harness/cqm-process.js';
import { conversationBody } from '../harness/fixtures.js';

interface Target {
  target: StoreTarget;
  dispose(): Promise<void>;
}

/** A store nobody has touched: an empty data dir, or an empty (not even migrated) PostgreSQL database. */
async function emptyTarget(backend: TestBackend): Promise<Target> {
  const dataDir = tempDir('cqm-cli-');
  if (backend.name === 'sqlite') return { target: { dataDir }, dispose: async () => removeDir(dataDir) };
  const database = await createEmptyDatabase();
  return {
    target: { dataDir, databaseUrl: database.url },
    async dispose() {
      await database.drop();
      removeDir(dataDir);
    },
  };
}

function expectOk(result: CliResult): void {
  expect(result.code, `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`).toBe(0);
}

function expectRefused(result: CliResult, message: RegExp): void {
  expect(result.code, `stdout: ${result.stdout}`).not.toBe(0);
  expect(result.code).not.toBeNull();
  expect(result.stderr).toMatch(message);
}

interface Project {
  id: string;
  workspace_id: string;
  name: string;
}

interface CreatedKey {
  id: string;
  key: string;
  environment: string;
  project_id: string;
  role: string;
}

describe.each([sqliteBackend, postgresBackend])('bin/cqm on $name', (backend) => {
  let store: Target;
  let env: NodeJS.ProcessEnv;
  const cqm = (...args: string[]) => runCqm(args, env);
  const disposals: Array<() => Promise<void>> = [];

  /** Shared by the tests below, in order: the server started on the store, and what was created. */
  let server: ServerProcess | undefined;
  let firstKey: string;
  let workspaceId: string;
  let project: Project;

  beforeAll(async () => {
    if (!backend.available) return;
    store = await emptyTarget(backend);
    disposals.push(store.dispose);
    env = cqmEnv(store.target);
  });
  afterAll(async () => {
    await stopAllServers();
    for (const dispose of disposals) await dispose();
  });

  const post = (key: string, body: Record<string, unknown> = conversationBody()) =>
    fetch(`${server?.baseUrl}/v1/conversations`, {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it.skipIf(!backend.available)('migrate applies the migrations once, then says it is up to date', async () => {
    const first = await cqm('migrate', '--json');
    expectOk(first);
    const applied = (lastJsonLine(first.stdout) as { applied: string[] }).applied;
    expect(applied).toContain('001-initial');

    const [human, again] = await Promise.all([cqm('migrate'), cqm('migrate', '--json')]);
    expectOk(human);
    expect(human.stdout).toMatch(/up to date/i);
    expectOk(again);
    expect(lastJsonLine(again.stdout)).toEqual({ applied: [] });
  });

  it.skipIf(!backend.available)(
    'first start prints one test key, which works for POST and GET (the quick start); the next start prints none',
    async () => {
      const first = await startServer(env);
      try {
        const printed = keysIn(first.stdout());
        expect(printed).toHaveLength(1);
        expect(keysIn(first.stdout(), 'live')).toEqual([]);
        firstKey = printed[0] as string;

        const body = conversationBody();
        const created = await fetch(`${first.baseUrl}/v1/conversations`, {
          method: 'POST',
          headers: { ...bearer(firstKey), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(created.status).toBe(202);
        const { id } = (await created.json()) as { id: string };
        for (const lookup of [id, body.external_id as string]) {
          const read = await fetch(`${first.baseUrl}/v1/conversations/${encodeURIComponent(lookup)}`, {
            headers: bearer(firstKey),
          });
          expect(read.status).toBe(200);
          const conversation = (await read.json()) as { id: string; external_id: string };
          expect(conversation.id).toBe(id);
          expect(conversation.external_id).toBe(body.external_id);
        }
      } finally {
        const stopped = await first.stop();
        expect(stopped.code).toBe(0);
      }

      // Started again on the same store: no new key, and the first one still works. It stays running for
      // the tests below, which use the CLI beside it.
      server = await startServer(env);
      expect(keysIn(server.stdout())).toEqual([]);
      const read = await fetch(`${server.baseUrl}/v1/conversations/no-such-conversation`, {
        headers: bearer(firstKey),
      });
      expect(read.status).toBe(404);
    },
  );

  it.skipIf(!backend.available)('workspaces create takes an IANA time zone and refuses an unknown one', async () => {
    const [created, invalid] = await Promise.all([
      cqm('workspaces', 'create', '--name', 'W', '--timezone', 'Europe/Berlin', '--json'),
      cqm('workspaces', 'create', '--name', 'X', '--timezone', 'Mars/Olympus_Mons', '--json'),
    ]);
    expectOk(created);
    const workspace = lastJsonLine(created.stdout) as { id: string; name: string; timezone: string };
    expect(workspace.id).toEqual(expect.any(String));
    expect(workspace.name).toBe('W');
    expect(workspace.timezone).toBe('Europe/Berlin');
    workspaceId = workspace.id;

    expectRefused(invalid, /time zone/i);
    expect(invalid.stderr).toContain('Mars/Olympus_Mons');
  });

  it.skipIf(!backend.available)(
    'projects create goes in the named workspace, and asks which one when there are several',
    async () => {
      const created = await cqm('projects', 'create', '--name', 'P', '--workspace', workspaceId, '--json');
      expectOk(created);
      project = lastJsonLine(created.stdout) as Project;
      expect(project.id).toEqual(expect.any(String));
      expect(project.name).toBe('P');
      expect(project.workspace_id).toBe(workspaceId);

      const [ambiguous, listed, workspaces] = await Promise.all([
        // The first start made a default workspace, so there are two now.
        cqm('projects', 'create', '--name', 'Q', '--json'),
        cqm('projects', 'list', '--json'),
        cqm('workspaces', 'list', '--json'),
      ]);
      expectRefused(ambiguous, /--workspace/);
      expectOk(listed);
      const projects = lastJsonList(listed.stdout) as Project[];
      expect(projects.map((p) => p.name).sort()).toEqual(['Default project', 'P']);
      expect(projects.find((p) => p.name === 'P')?.id).toBe(project.id);
      const names = (lastJsonList(workspaces.stdout) as Array<{ name: string }>).map((w) => w.name);
      expect(names).toHaveLength(2);
      expect(names).toContain('W');
    },
  );

  it.skipIf(!backend.available)('keys create prints the secret once, with the fields scripts rely on', async () => {
    const [test, live, badRole, noProject] = await Promise.all([
      cqm('keys', 'create', '--env', 'test', '--project', project.id, '--json'),
      cqm('keys', 'create', '--env', 'live', '--role', 'read', '--project', project.id, '--json'),
      cqm('keys', 'create', '--env', 'test', '--role', 'admin', '--project', project.id, '--json'),
      // Two projects: the CLI does not guess.
      cqm('keys', 'create', '--env', 'test', '--json'),
    ]);
    expectOk(test);
    const testKey = lastJsonLine(test.stdout) as CreatedKey;
    expect(testKey).toMatchObject({ environment: 'test', project_id: project.id, role: 'full' });
    expect(testKey.id).toEqual(expect.any(String));
    expect(testKey.key).toMatch(/^cqm_test_[0-9A-Za-z]+$/);

    expectOk(live);
    const liveKey = lastJsonLine(live.stdout) as CreatedKey;
    expect(liveKey).toMatchObject({ environment: 'live', project_id: project.id, role: 'read' });
    expect(liveKey.key).toMatch(/^cqm_live_[0-9A-Za-z]+$/);

    expectRefused(badRole, /role/);
    expect(keysIn(badRole.stdout + badRole.stderr)).toEqual([]);
    expectRefused(noProject, /--project/);

    // The running server accepts the new keys at once, each within its role.
    expect((await post(testKey.key)).status).toBe(202);
    expect((await post(liveKey.key)).status).toBe(403);
    const read = await fetch(`${server?.baseUrl}/v1/conversations/no-such`, { headers: bearer(liveKey.key) });
    expect(read.status).toBe(404);

    // keys list shows hints, never a secret.
    const [listed, humanList] = await Promise.all([cqm('keys', 'list', '--json'), cqm('keys', 'list')]);
    expectOk(listed);
    expectOk(humanList);
    const rows = lastJsonList(listed.stdout) as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).not.toHaveProperty('key');
      expect(row).not.toHaveProperty('key_hash');
      expect(row.key_hint).toEqual(expect.any(String));
    }
    const hintOf = (id: string) => rows.find((row) => row.id === id)?.key_hint as string;
    expect(hintOf(testKey.id).startsWith('cqm_test_')).toBe(true);
    expect(testKey.key.endsWith(hintOf(testKey.id).slice(-4))).toBe(true);
    expect(hintOf(liveKey.id).startsWith('cqm_live_')).toBe(true);
    for (const secret of [testKey.key, liveKey.key, firstKey]) {
      expect(listed.stdout).not.toContain(secret);
      expect(humanList.stdout).not.toContain(secret);
    }
    expect(humanList.stdout).toContain(testKey.id);
  });

  it.skipIf(!backend.available)('keys revoke: the running server refuses the key at once', async () => {
    const created = lastJsonLine(
      (await cqm('keys', 'create', '--env', 'test', '--project', project.id, '--name', 'to revoke', '--json')).stdout,
    ) as CreatedKey;
    expect((await post(created.key)).status).toBe(202);

    const revoked = await cqm('keys', 'revoke', created.id, '--json');
    expectOk(revoked);
    expect(lastJsonLine(revoked.stdout)).toMatchObject({ id: created.id, revoked: true });

    const refused = await post(created.key);
    expect(refused.status).toBe(401);
    const error = ((await refused.json()) as { error: { type: string; request_id: string } }).error;
    expect(error.type).toBe('authentication_error');
    expect(error.request_id).toBe(refused.headers.get('service-request-id'));
    const read = await fetch(`${server?.baseUrl}/v1/conversations/anything`, { headers: bearer(created.key) });
    expect(read.status).toBe(401);
    // Other keys are untouched.
    expect((await post(firstKey)).status).toBe(202);

    const [twice, listed] = await Promise.all([cqm('keys', 'revoke', created.id), cqm('keys', 'list', '--json')]);
    expectRefused(twice, new RegExp(created.id));
    const rows = lastJsonList(listed.stdout) as Array<{ id: string; revoked_at: unknown }>;
    // Times as the API writes them: ISO 8601.
    expect(rows.find((row) => row.id === created.id)?.revoked_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(rows.filter((row) => row.revoked_at !== null)).toHaveLength(1);
  });

  it.skipIf(!backend.available)(
    'on an empty store the CLI makes the default workspace and project; serve then prints no key',
    async () => {
      const fresh = await emptyTarget(backend);
      disposals.push(fresh.dispose);
      const freshEnv = cqmEnv(fresh.target);

      const created = await runCqm(['keys', 'create', '--env', 'test', '--json'], freshEnv);
      expectOk(created);
      const key = lastJsonLine(created.stdout) as CreatedKey;
      expect(key).toMatchObject({ environment: 'test', role: 'full' });
      expect(key.key).toMatch(/^cqm_test_/);

      // One workspace (the default, in UTC), so a project needs no --workspace.
      const [solo, workspaces] = await Promise.all([
        runCqm(['projects', 'create', '--name', 'Solo', '--json'], freshEnv),
        runCqm(['workspaces', 'list', '--json'], freshEnv),
      ]);
      expectOk(solo);
      const listedWorkspaces = lastJsonList(workspaces.stdout) as Array<{ id: string; timezone: string }>;
      expect(listedWorkspaces).toHaveLength(1);
      expect(listedWorkspaces[0]?.timezone).toBe('UTC');
      expect((lastJsonLine(solo.stdout) as Project).workspace_id).toBe(listedWorkspaces[0]?.id);

      const started = await startServer(freshEnv);
      try {
        expect(keysIn(started.stdout())).toEqual([]);
        const response = await fetch(`${started.baseUrl}/v1/conversations`, {
          method: 'POST',
          headers: { ...bearer(key.key), 'content-type': 'application/json' },
          body: JSON.stringify(conversationBody()),
        });
        expect(response.status).toBe(202);
      } finally {
        await started.stop();
      }
    },
  );
});
