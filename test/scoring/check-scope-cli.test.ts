/** Where a check applies, from the shell: `--scope JSON`, the scope flags, `--everywhere`, and refusals. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../harness/backends.js';
import { cqmEnv, lastJsonLine, lastJsonList, removeDir, runCqm } from '../harness/cqm-process.js';

describe('bin/cqm checks with a scope', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  const rule = JSON.stringify({
    type: 'phrase',
    speaker: 'agent',
    mode: 'must_say',
    phrases: ['this call is recorded'],
    within: 'first_turn',
  });

  beforeAll(() => {
    dataDir = tempDir('cqm-cli-scope-');
    env = cqmEnv({ dataDir });
  });
  afterAll(() => removeDir(dataDir));

  it('creates a voice-only check, narrows it with flags, lifts it, and refuses what cannot apply', async () => {
    const created = await runCqm(
      [
        'checks',
        'create',
        '--key',
        'recording_notice',
        '--name',
        'Recording notice',
        '--rule',
        rule,
        '--scope',
        '{"channels":["voice"]}',
        '--json',
      ],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    expect(lastJsonLine(created.stdout)).toMatchObject({ version: 1, status: 'draft', scope: { channels: ['voice'] } });

    const narrowed = await runCqm(
      [
        'checks',
        'update',
        'recording_notice',
        '--channels',
        'voice',
        '--agents',
        'front-desk, night-desk',
        '--metadata',
        'line=sales',
        '--metadata',
        'floor=7',
        '--json',
      ],
      env,
    );
    expect(narrowed.code, narrowed.stderr).toBe(0);
    expect(lastJsonLine(narrowed.stdout)).toMatchObject({
      version: 2,
      scope: { channels: ['voice'], agents: ['front-desk', 'night-desk'], metadata: { line: 'sales', floor: '7' } },
    });
    const listed = lastJsonList((await runCqm(['checks', 'list', '--json'], env)).stdout) as Array<{
      key: string;
      scope?: unknown;
    }>;
    expect(listed.find((c) => c.key === 'recording_notice')?.scope).toMatchObject({
      agents: ['front-desk', 'night-desk'],
    });

    // A built-in can be scoped too.
    const builtin = await runCqm(['checks', 'update', 'frustration', '--groups', 'clinics', '--json'], env);
    expect(lastJsonLine(builtin.stdout)).toMatchObject({
      key: 'frustration',
      version: 2,
      scope: { groups: ['clinics'] },
    });

    const lifted = await runCqm(['checks', 'update', 'recording_notice', '--everywhere', '--json'], env);
    expect(lifted.code, lifted.stderr).toBe(0);
    expect(lastJsonLine(lifted.stdout)).toMatchObject({ version: 3 });
    expect((lastJsonLine(lifted.stdout) as { scope?: unknown }).scope).toBeUndefined();

    const badChannel = await runCqm(['checks', 'update', 'recording_notice', '--channels', 'fax'], env);
    expect(badChannel.code).toBe(2);
    expect(badChannel.stderr).toMatch(/voice and\/or chat/);
    const both = await runCqm(['checks', 'update', 'recording_notice', '--everywhere', '--channels', 'voice'], env);
    expect(both.code).toBe(2);
    const badJson = await runCqm(['checks', 'update', 'recording_notice', '--scope', '{channels'], env);
    expect(badJson.code).toBe(2);
    expect(badJson.stderr).toMatch(/--scope must be JSON/);
  });
});
