/** `bin/cqm checks …` and `conversations rerun` on the embedded store. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../harness/backends.js';
import { cqmEnv, lastJsonLine, lastJsonList, removeDir, runCqm } from '../harness/cqm-process.js';

describe('bin/cqm checks', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  const rule = JSON.stringify({ type: 'event', name: 'book_appointment', mode: 'must_succeed' });

  beforeAll(() => {
    dataDir = tempDir('cqm-cli-checks-');
    env = cqmEnv({ dataDir });
  });
  afterAll(() => removeDir(dataDir));

  it('lists the built-in checks of the default project', async () => {
    const listed = await runCqm(['checks', 'list', '--json'], env);
    expect(listed.code, listed.stderr).toBe(0);
    const keys = (lastJsonList(listed.stdout) as Array<{ key: string; enabled: boolean }>).map((c) => c.key);
    expect(keys).toEqual(expect.arrayContaining(['outcome', 'real_inquiry', 'frustration', 'ai_disclosure']));
  });

  it('creates, edits (new version), disables and enables a custom check', async () => {
    const created = await runCqm(
      [
        'checks',
        'create',
        '--key',
        'booking_made',
        '--name',
        'Booking made',
        '--rule',
        rule,
        '--status',
        'active',
        '--json',
      ],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    expect(lastJsonLine(created.stdout)).toMatchObject({ key: 'booking_made', version: 1, status: 'active' });

    const edited = await runCqm(['checks', 'update', 'booking_made', '--name', 'Booking completed', '--json'], env);
    expect(lastJsonLine(edited.stdout)).toMatchObject({ version: 2, name: 'Booking completed' });

    expect((await runCqm(['checks', 'disable', 'booking_made'], env)).code).toBe(0);
    let listed = lastJsonList((await runCqm(['checks', 'list', '--json'], env)).stdout) as Array<{
      key: string;
      enabled: boolean;
    }>;
    expect(listed.find((c) => c.key === 'booking_made')?.enabled).toBe(false);
    expect((await runCqm(['checks', 'enable', 'booking_made'], env)).code).toBe(0);
    listed = lastJsonList((await runCqm(['checks', 'list', '--json'], env)).stdout) as Array<{
      key: string;
      enabled: boolean;
    }>;
    expect(listed.find((c) => c.key === 'booking_made')?.enabled).toBe(true);
  });

  it('refuses a bad rule, a duplicate key and an unknown check with exit code 2', async () => {
    const badRule = await runCqm(['checks', 'create', '--key', 'broken', '--name', 'B', '--rule', '{nope'], env);
    expect(badRule.code).toBe(2);
    const duplicate = await runCqm(['checks', 'create', '--key', 'booking_made', '--name', 'B', '--rule', rule], env);
    expect(duplicate.code).toBe(2);
    expect(duplicate.stderr).toMatch(/already exists/);
    const unknown = await runCqm(['checks', 'disable', 'no_such_check'], env);
    expect(unknown.code).toBe(2);
  });

  it('re-runs a conversation, and refuses an unknown one', async () => {
    const unknown = await runCqm(['conversations', 'rerun', 'conv_nope'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/No conversation/);
  });
});
