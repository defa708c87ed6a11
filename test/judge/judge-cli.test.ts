/** `cqm judge set|show|test`: the key is sealed at rest and never printed again; test finds and remembers the form. */
import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { registerJudgeCommands } from '../../src/main/commands/judge.js';
import { backends } from '../harness/backends.js';
import { type JudgeServer, startJudgeServer } from '../harness/judge-server.js';

const SECRET = 'sk-test-0123456789abcdefSECRET';

async function run(env: NodeJS.ProcessEnv, args: string[]): Promise<{ out: string; error?: Error }> {
  const program = new Command('cqm').exitOverride();
  const config = loadConfig(env);
  registerJudgeCommands(program, () => config);
  const writes: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    writes.push(String(chunk));
    return true;
  });
  try {
    await program.parseAsync(['node', 'cqm', ...args]);
    return { out: writes.join('') };
  } catch (error) {
    return { out: writes.join(''), error: error as Error };
  } finally {
    spy.mockRestore();
  }
}

describe.each(backends)('cqm judge on $name', (backend) => {
  let judge: JudgeServer | undefined;
  let dispose: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await judge?.close();
    await dispose?.();
  });

  it.skipIf(!backend.available)('seals the key, never shows it, and tests the connection with it', async () => {
    judge = await startJudgeServer();
    judge.supportForms(['json_object', 'tools']);
    const opened = await backend.open();
    dispose = opened.dispose;
    const env: NodeJS.ProcessEnv = opened.url
      ? { DATABASE_URL: opened.url, CQM_DATA_DIR: '/nonexistent-cqm-test' }
      : { CQM_DATA_DIR: opened.dataDir as string };
    // The project the commands pick: the only one.
    const tenancy = (await import('../../src/storage/tenancy-repo.js')).createTenancyRepo(opened.store);
    const project = await tenancy.ensureDefaultProject();

    if (opened.url) {
      // PostgreSQL has no shared data dir to keep a generated secret key in: the key is refused, clearly.
      const refused = await run(env, [
        'judge',
        'set',
        '--base-url',
        judge.baseUrl,
        '--model',
        'm',
        '--api-key',
        SECRET,
      ]);
      expect(refused.error?.message).toMatch(/Set CQM_SECRET_KEY/);
      env.CQM_SECRET_KEY = 'a passphrase shared by every process';
    }
    const set = await run(env, [
      'judge',
      'set',
      '--base-url',
      judge.baseUrl,
      '--model',
      'gpt-test',
      '--api-key',
      SECRET,
      '--json',
    ]);
    expect(set.error).toBeUndefined();
    expect(set.out).not.toContain(SECRET);
    expect(JSON.parse(set.out.trim().split('\n').at(-1) as string)).toMatchObject({
      api_key_set: true,
      model: 'gpt-test',
    });

    const shown = await run(env, ['judge', 'show', '--json']);
    expect(shown.out).not.toContain(SECRET);
    expect(JSON.parse(shown.out.trim().split('\n').at(-1) as string)).toMatchObject({
      source: 'project',
      api_key_set: true,
      structured_output: null,
    });
    const row = await opened.store.db
      .selectFrom('judge_settings')
      .selectAll()
      .where('project_id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(row.api_key_sealed).toMatch(/^v1\./);

    const tested = await run(env, ['judge', 'test', '--json']);
    expect(tested.out).not.toContain(SECRET);
    expect(JSON.parse(tested.out.trim().split('\n').at(-1) as string)).toMatchObject({
      ok: true,
      structured_output: 'json_object',
      tried: [{ form: 'json_schema' }],
    });
    // The endpoint received the key the project set.
    expect(judge.calls.at(-1)?.authorization).toBe(`Bearer ${SECRET}`);
    const after = await run(env, ['judge', 'show', '--json']);
    expect(JSON.parse(after.out.trim().split('\n').at(-1) as string)).toMatchObject({
      structured_output: 'json_object',
    });
  });
});
