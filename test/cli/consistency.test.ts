/**
 * `bin/cqm` reads alike everywhere: every command and subcommand says what it does in `--help`; with `--json`
 * every command prints one JSON object (lists as `{"data": [...]}`, as the API's), times in ISO 8601 as the API
 * writes them; without it, lists are tables under a header row. `conversations rerun` names a conversation as
 * the API does, `workspaces update` changes a time zone, and a refused webhook URL names the setting to change.
 */
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '../../src/main/cli.js';
import { bearer } from '../harness/app.js';
import { tempDir } from '../harness/backends.js';
import {
  type CliResult,
  cqmEnv,
  keysIn,
  lastJsonLine,
  removeDir,
  runCqm,
  type ServerProcess,
  startServer,
  stopAllServers,
} from '../harness/cqm-process.js';
import { conversationBody } from '../harness/fixtures.js';

const ISO_8601 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)$/;

function expectOk(result: CliResult): void {
  expect(result.code, `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`).toBe(0);
}

/** Every `…_at` field at any depth, with its path, for the ISO 8601 check. */
function timeFields(value: unknown, path = '$'): Array<[string, unknown]> {
  if (Array.isArray(value)) return value.flatMap((item, i) => timeFields(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, field]) => [
    ...(key.endsWith('_at') && field !== null ? [[`${path}.${key}`, field] as [string, unknown]] : []),
    ...timeFields(field, `${path}.${key}`),
  ]);
}

/** The one JSON object a `--json` run prints: the whole of stdout is that one line. */
function jsonObject(result: CliResult): Record<string, unknown> {
  expectOk(result);
  const lines = result.stdout.split('\n').filter((line) => line.trim() !== '');
  expect(lines, result.stdout).toHaveLength(1);
  const printed = lastJsonLine(result.stdout);
  expect(printed).toEqual(expect.any(Object));
  expect(Array.isArray(printed)).toBe(false);
  for (const [path, time] of timeFields(printed)) expect(time, path).toMatch(ISO_8601);
  return printed as Record<string, unknown>;
}

/** The entries of the Commands section of a help text: [term, has a description]. */
function commandsIn(help: string): Array<{ name: string; described: boolean; line: string }> {
  const section = help.split(/^Commands:\n/m)[1];
  if (!section) return [];
  return section
    .split('\n')
    .filter((line) => /^ {2}\S/.test(line))
    .map((line) => ({
      name: line.trim().split(/\s+/)[0] as string,
      described: /^ {2}\S.*?\s{2,}\S/.test(line),
      line,
    }));
}

describe('bin/cqm reads alike everywhere', () => {
  const dataDir = tempDir('cqm-cli-consistency-');
  const env = cqmEnv({ dataDir });
  const cqm = (...args: string[]) => runCqm(args, env);
  let server: ServerProcess;
  let key: string;
  let conversation: { id: string; external_id: string };

  beforeAll(async () => {
    // No worker: nothing changes the stored conversation while the commands read it.
    server = await startServer(env, { args: ['--no-worker'] });
    key = keysIn(server.stdout())[0] as string;
    const body = conversationBody({ external_id: 'call-rerun-1' });
    const posted = await fetch(`${server.baseUrl}/v1/conversations`, {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(posted.status).toBe(202);
    conversation = { id: ((await posted.json()) as { id: string }).id, external_id: 'call-rerun-1' };
  });
  afterAll(async () => {
    await stopAllServers();
    removeDir(dataDir);
  });

  it('describes every command and subcommand in --help', () => {
    const program = buildCli(() => {
      throw new Error('no command runs here');
    });
    const all: string[] = [];
    const undescribed: string[] = [];
    const walk = (command: Command, path: string[]) => {
      for (const sub of command.commands) {
        const name = [...path, sub.name()];
        all.push(name.join(' '));
        if (sub.description().trim() === '') undescribed.push(`cqm ${name.join(' ')}`);
        walk(sub, name);
      }
    };
    walk(program, []);
    expect(all).toEqual(
      expect.arrayContaining(['conversations rerun', 'workspaces update', 'keys list', 'checks list']),
    );
    expect(undescribed, 'commands without a description').toEqual([]);
    // And help shows them: each group's help lists its subcommands with their descriptions.
    const help = program.commands.find((c) => c.name() === 'workspaces')?.helpInformation() ?? '';
    expect(commandsIn(help).every((entry) => entry.described)).toBe(true);
    expect(commandsIn(help).map((entry) => entry.name)).toEqual(['create', 'update', 'list', 'help']);
  });

  it('prints lists as {"data": [...]} with --json, and as tables under a header row without', {
    timeout: 120_000,
  }, async () => {
    const hook = jsonObject(
      await runCqm(
        ['webhooks', 'create', '--url', 'http://127.0.0.1:9/hooks', '--json'],
        cqmEnv({ dataDir }, { CQM_WEBHOOK_ALLOW_PRIVATE: '1' }),
      ),
    );
    const ping = jsonObject(await cqm('webhooks', 'test', hook.id as string, '--json'));
    expect(ping.message_id).toEqual(expect.any(String));

    const lists: Array<{ args: string[]; header: RegExp; row: string }> = [
      { args: ['workspaces', 'list'], header: /^ID\s+TIME ZONE\s+CREATED\s+NAME$/, row: 'Default workspace' },
      { args: ['projects', 'list'], header: /^ID\s+WORKSPACE\s+CREATED\s+NAME$/, row: 'Default project' },
      { args: ['keys', 'list'], header: /^ID\s+ENV\s+ROLE\s+HINT\s+STATE\s+CREATED\s+NAME$/, row: 'active' },
      { args: ['checks', 'list'], header: /^KEY\s+VERSION\s+STATUS\s+ON\s/, row: 'ai_disclosure' },
      { args: ['agents', 'list'], header: /^ID\s+GROUP\s+HEALTH\s+STATE\s+NAME$/, row: 'front-desk' },
      { args: ['webhooks', 'list'], header: /^ID\s+STATE\s+EVENTS\s+URL$/, row: 'http://127.0.0.1:9/hooks' },
      { args: ['webhooks', 'messages', hook.id as string], header: /^ID\s+EVENT\s+STATUS\s+ATTEMPTS/, row: 'ping' },
    ];
    const runs = await Promise.all(
      lists.map(async ({ args }) => ({ json: await cqm(...args, '--json'), human: await cqm(...args) })),
    );
    runs.forEach(({ json, human }, i) => {
      const { args, header, row } = lists[i] as (typeof lists)[number];
      const printed = jsonObject(json);
      expect(Object.keys(printed), args.join(' ')).toEqual(['data']);
      expect((printed.data as unknown[]).length, args.join(' ')).toBeGreaterThan(0);
      expectOk(human);
      const [first, ...rest] = human.stdout.trimEnd().split('\n');
      expect(first, args.join(' ')).toMatch(header);
      expect(rest.join('\n'), args.join(' ')).toContain(row);
    });
    // Stored times are epoch milliseconds; printed, they read as the API writes them.
    const keys = jsonObject(await cqm('keys', 'list', '--json')).data as Array<{ created_at: string }>;
    expect(Date.parse(keys[0]?.created_at as string)).toBeGreaterThan(Date.parse('2020-01-01'));
  });

  it('prints one JSON object for commands that act, times in ISO 8601', { timeout: 120_000 }, async () => {
    const created = jsonObject(
      await cqm('workspaces', 'create', '--name', 'Berlin', '--timezone', 'Europe/Berlin', '--json'),
    );
    expect(created.created_at).toMatch(ISO_8601);
    jsonObject(await cqm('migrate', '--json'));
    const newKey = jsonObject(await cqm('keys', 'create', '--env', 'live', '--role', 'read', '--json'));
    expect(newKey.created_at).toMatch(ISO_8601);
    expect(jsonObject(await cqm('keys', 'revoke', newKey.id as string, '--json'))).toEqual({
      id: newKey.id,
      revoked: true,
    });
  });

  it('reruns a conversation named by its external_id or its id, within --env and --project', {
    timeout: 120_000,
  }, async () => {
    const project = (jsonObject(await cqm('projects', 'list', '--json')).data as Array<{ id: string }>)[0]
      ?.id as string;
    const byExternal = jsonObject(
      await cqm('conversations', 'rerun', conversation.external_id, '--env', 'test', '--project', project, '--json'),
    );
    expect(byExternal).toEqual({ ...conversation, environment: 'test', status: 'queued' });
    // --env defaults to test, as in every other command.
    expect(jsonObject(await cqm('conversations', 'rerun', conversation.id, '--json'))).toMatchObject(conversation);

    const human = await cqm('conversations', 'rerun', conversation.external_id);
    expectOk(human);
    expect(human.stdout).toContain(`${conversation.external_id} (${conversation.id}) is queued`);

    // The live environment holds other conversations: the test one is not found there, and the message says why.
    const live = await cqm('conversations', 'rerun', conversation.external_id, '--env', 'live');
    expect(live.code).toBe(2);
    expect(live.stderr).toMatch(/No conversation call-rerun-1 in the live environment/);
    expect(live.stderr).toMatch(/--env test/);
    const badEnv = await cqm('conversations', 'rerun', conversation.external_id, '--env', 'staging');
    expect(badEnv.code).not.toBe(0);
    expect(badEnv.stderr).toMatch(/test.*live/);
    const badProject = await cqm('conversations', 'rerun', conversation.external_id, '--project', 'proj_nope');
    expect(badProject.code).toBe(2);
    expect(badProject.stderr).toMatch(/No project proj_nope/);

    // Queued again, as the API shows it.
    const read = await fetch(`${server.baseUrl}/v1/conversations/${conversation.external_id}`, {
      headers: bearer(key),
    });
    expect(((await read.json()) as { status: string }).status).toBe('queued');
  });

  it('workspaces update changes the time zone (and name) of a workspace', { timeout: 120_000 }, async () => {
    const workspaces = jsonObject(await cqm('workspaces', 'list', '--json')).data as Array<{
      id: string;
      name: string;
    }>;
    const workspace = workspaces.find((w) => w.name === 'Default workspace') as { id: string };
    const updated = jsonObject(
      await cqm('workspaces', 'update', workspace.id, '--timezone', 'America/New_York', '--name', 'Clinics', '--json'),
    );
    expect(updated).toMatchObject({ id: workspace.id, timezone: 'America/New_York', name: 'Clinics' });
    const listed = jsonObject(await cqm('workspaces', 'list', '--json')).data as Array<{
      id: string;
      timezone: string;
    }>;
    expect(listed.find((w) => w.id === workspace.id)?.timezone).toBe('America/New_York');

    const unknownZone = await cqm('workspaces', 'update', workspace.id, '--timezone', 'Mars/Olympus');
    expect(unknownZone.code).toBe(2);
    expect(unknownZone.stderr).toMatch(/Unknown time zone Mars\/Olympus/);
    const nothing = await cqm('workspaces', 'update', workspace.id);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/--name NAME and\/or --timezone IANA/);
    const unknownWorkspace = await cqm('workspaces', 'update', 'ws_nope', '--timezone', 'UTC');
    expect(unknownWorkspace.code).toBe(2);
    expect(unknownWorkspace.stderr).toMatch(/No workspace ws_nope/);
  });

  it('names the setting that would allow a refused webhook URL', { timeout: 120_000 }, async () => {
    const loopback = await runCqm(
      ['webhooks', 'create', '--url', 'http://127.0.0.1:9/hooks'],
      cqmEnv({ dataDir }, { CQM_WEBHOOK_ALLOW_PRIVATE: '0' }),
    );
    expect(loopback.code).toBe(2);
    expect(loopback.stderr).toMatch(/loopback/);
    expect(loopback.stderr).toMatch(/set CQM_WEBHOOK_ALLOW_PRIVATE=1 in the environment of this command/);

    // Plain http in live: the other setting. 93.184.216.34 is a public address, so no name is resolved.
    const http = await runCqm(['webhooks', 'create', '--env', 'live', '--url', 'http://93.184.216.34/hooks'], env);
    expect(http.code).toBe(2);
    expect(http.stderr).toMatch(/must use https in the live environment/);
    expect(http.stderr).toMatch(/set CQM_WEBHOOK_ALLOW_HTTP=1/);
    expect(http.stderr).not.toMatch(/ALLOW_PRIVATE/);

    // What no setting allows says nothing about settings.
    const fragment = await runCqm(['webhooks', 'create', '--url', 'https://93.184.216.34/hooks#x'], env);
    expect(fragment.code).toBe(2);
    expect(fragment.stderr).toMatch(/fragment/);
    expect(fragment.stderr).not.toMatch(/CQM_WEBHOOK/);
  });
});
