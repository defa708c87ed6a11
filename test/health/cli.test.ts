import os from 'node:os';
/** `cqm agents list|move|archive|unarchive`, run in-process against real stores, with --json on the last line. */
import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { registerAgentCommands } from '../../src/main/commands/agents.js';
import { UsageError } from '../../src/main/commands/shared.js';
import { backends, type TestBackend } from '../harness/backends.js';
import { calls, createWorld, type World } from './world.js';

describe.each(backends)('agents commands on $name', (backend: TestBackend) => {
  let opened: Awaited<ReturnType<TestBackend['open']>>;
  let w: World;

  beforeEach(async () => {
    if (!backend.available) return;
    opened = await backend.open();
    w = await createWorld(opened.store, 'UTC', new Date().toISOString());
    const today = new Date().toISOString();
    await w.scoreAll([
      ...calls(5, 5, today, { agent: 'front-desk', agentName: 'Front desk', group: 'clinics' }),
      {
        agent: 'front-desk',
        group: 'clinics',
        endedAt: today,
        outcome: 'resolved',
        failures: [{ name: 'AI disclosure' }],
      },
      { agent: 'billing', endedAt: today, outcome: 'resolved' },
      { agent: 'front-desk', endedAt: today, outcome: 'resolved', environment: 'live' },
    ]);
  });
  afterEach(async () => {
    if (backend.available) await opened.dispose();
  });

  /** Runs `cqm <args>` and returns the parsed JSON of its last line. */
  async function cqm(...args: string[]): Promise<Record<string, unknown>> {
    const program = new Command('cqm').exitOverride();
    const config = loadConfig({
      // With PostgreSQL the data dir is never used, so nothing is created there.
      CQM_DATA_DIR: opened.dataDir ?? os.tmpdir(),
      ...(opened.url ? { DATABASE_URL: opened.url } : {}),
    });
    registerAgentCommands(program, () => config);
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      await program.parseAsync(['node', 'cqm', ...args, '--project', w.projectId]);
    } finally {
      spy.mockRestore();
    }
    const last = lines.join('').trim().split('\n').at(-1) ?? '';
    return args.includes('--json') ? JSON.parse(last) : { text: lines.join('') };
  }

  it.skipIf(!backend.available)(
    'lists agents of the test environment by default, with group and last status',
    async () => {
      const listed = await cqm('agents', 'list', '--json');
      expect(listed).toMatchObject({
        data: [
          { id: 'billing', group: null, health_status: 'not_enough_calls', archived_at: null },
          {
            id: 'front-desk',
            name: 'Front desk',
            group: { id: 'clinics', name: 'clinics' },
            placed_by_kind: 'conversation',
            health_status: 'watch',
          },
        ],
      });
      expect((await cqm('agents', 'list', '--env', 'live', '--json')).data).toHaveLength(1);
      expect(((await cqm('agents', 'list', '--group', 'clinics', '--json')).data as unknown[]).length).toBe(1);
      expect((await cqm('agents', 'list')).text).toMatch(/front-desk\s+clinics\s+watch\s+active\s+Front desk/);
    },
  );

  it.skipIf(!backend.available)(
    'moves an agent into a group, out of any group, and refuses what cannot be done',
    async () => {
      await expect(cqm('agents', 'move', 'front-desk', '--group', 'dental')).rejects.toThrow(UsageError);
      expect(
        await cqm('agents', 'move', 'front-desk', '--group', 'dental', '--create-group', 'Dental', '--json'),
      ).toEqual({
        agent_id: 'front-desk',
        from_group: 'clinics',
        to_group: 'dental',
        created_group: true,
        environment: 'test',
      });
      expect(await w.state('group', 'dental')).toMatchObject({ status: 'watch' });
      expect(await w.state('group', 'clinics')).toMatchObject({ status: 'not_enough_calls' });
      const [entry] = (await cqm('agents', 'list', '--group', 'dental', '--json')).data as Array<
        Record<string, unknown>
      >;
      expect(entry).toMatchObject({
        id: 'front-desk',
        placed_by_kind: 'person',
        placed_by: expect.stringMatching(/^cli/),
      });

      expect(await cqm('agents', 'move', 'front-desk', '--no-group', '--json')).toMatchObject({
        from_group: 'dental',
        to_group: null,
      });
      await expect(cqm('agents', 'move', 'front-desk')).rejects.toThrow(/--group ID, or --no-group/);
      await expect(cqm('agents', 'move', 'nobody', '--no-group')).rejects.toThrow(
        /No agent nobody in the test environment/,
      );
      // The live agent of the same id is another agent.
      expect(
        await cqm('agents', 'move', 'front-desk', '--env', 'live', '--group', 'x', '--create-group', '--json'),
      ).toMatchObject({
        environment: 'live',
        from_group: null,
        to_group: 'x',
      });
    },
  );

  it.skipIf(!backend.available)(
    'archives an agent so it no longer counts for its group, and brings it back',
    async () => {
      expect(await cqm('agents', 'archive', 'front-desk', '--json')).toMatchObject({
        agent_id: 'front-desk',
        archived: true,
        changed: true,
      });
      expect(await w.state('group', 'clinics')).toMatchObject({ status: 'not_enough_calls' });
      expect(await cqm('agents', 'archive', 'front-desk', '--json')).toMatchObject({ changed: false });
      expect(
        ((await cqm('agents', 'list', '--json')).data as Array<{ id: string; archived_at: unknown }>).find(
          (a) => a.id === 'front-desk',
        )?.archived_at,
      ).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(await cqm('agents', 'unarchive', 'front-desk', '--json')).toMatchObject({
        archived: false,
        archived_at: null,
        changed: true,
      });
      expect(await w.state('group', 'clinics')).toMatchObject({ status: 'watch' });
    },
  );
});
