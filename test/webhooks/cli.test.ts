import os from 'node:os';
/** `cqm webhooks …`, run in-process against real stores, with --json on the last line. */
import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { UsageError } from '../../src/main/commands/shared.js';
import { registerWebhookCommands } from '../../src/main/commands/webhooks.js';
import { createTenancyRepo } from '../../src/storage/tenancy-repo.js';
import { backends, type TestBackend } from '../harness/backends.js';

describe.each(backends)('webhooks commands on $name', (backend: TestBackend) => {
  let opened: Awaited<ReturnType<TestBackend['open']>>;
  let projectId: string;

  beforeEach(async () => {
    if (!backend.available) return;
    opened = await backend.open();
    const tenancy = createTenancyRepo(opened.store);
    const workspace = await tenancy.createWorkspace('CLI', 'UTC');
    projectId = (await tenancy.createProject(workspace.id, 'CLI project')).id;
  });
  afterEach(async () => {
    if (backend.available) await opened.dispose();
  });

  async function cqm(env: Record<string, string>, ...args: string[]): Promise<Record<string, unknown>> {
    const program = new Command('cqm').exitOverride();
    // No test resolves names on the internet: private targets are allowed unless a test says otherwise.
    const config = loadConfig({
      // With PostgreSQL the data dir is never used, so nothing is created there.
      CQM_DATA_DIR: opened.dataDir ?? os.tmpdir(),
      ...(opened.url ? { DATABASE_URL: opened.url } : {}),
      CQM_WEBHOOK_ALLOW_PRIVATE: '1',
      ...env,
    });
    registerWebhookCommands(program, () => config);
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      await program.parseAsync(['node', 'cqm', ...args, '--project', projectId, '--json']);
    } finally {
      spy.mockRestore();
    }
    return JSON.parse(lines.join('').trim().split('\n').at(-1) ?? '');
  }

  it.skipIf(!backend.available)('creates, lists, rotates, pings, disables and deletes endpoints', async () => {
    const created = await cqm(
      {},
      'webhooks',
      'create',
      '--url',
      'https://hooks.example.com/x',
      '--events',
      'ping,check.failed',
    );
    expect(created).toMatchObject({
      url: 'https://hooks.example.com/x',
      events: ['check.failed', 'ping'],
      enabled: true,
    });
    expect(created.secret).toMatch(/^whsec_/);
    const id = created.id as string;
    expect(((await cqm({}, 'webhooks', 'list')).data as unknown[]).length).toBe(1);
    expect((await cqm({}, 'webhooks', 'rotate', id)).secret).not.toBe(created.secret);
    const ping = await cqm({}, 'webhooks', 'test', id);
    expect(ping.message_id).toMatch(/^msg_/);
    expect(((await cqm({}, 'webhooks', 'messages', id)).data as unknown[]).length).toBe(1);
    expect((await cqm({}, 'webhooks', 'attempts', ping.message_id as string)).data).toEqual([]);
    expect(await cqm({}, 'webhooks', 'disable', id)).toMatchObject({ enabled: false });
    expect(await cqm({}, 'webhooks', 'update', id, '--enable', '--events', 'all')).toMatchObject({
      enabled: true,
      events: null,
    });
    expect(await cqm({}, 'webhooks', 'delete', id)).toEqual({ id, deleted: true });
    expect(((await cqm({}, 'webhooks', 'list', '--env', 'live')).data as unknown[]).length).toBe(0);
  });

  it.skipIf(!backend.available)('refuses private targets unless CQM_WEBHOOK_ALLOW_PRIVATE=1', async () => {
    await expect(
      cqm({ CQM_WEBHOOK_ALLOW_PRIVATE: '0' }, 'webhooks', 'create', '--url', 'http://localhost:9/x'),
    ).rejects.toThrow(UsageError);
    await expect(cqm({}, 'webhooks', 'create', '--url', 'https://x.example.com', '--events', 'nope')).rejects.toThrow(
      /Unknown event/,
    );
    const allowed = await cqm(
      { CQM_WEBHOOK_ALLOW_PRIVATE: '1' },
      'webhooks',
      'create',
      '--url',
      'http://localhost:9/x',
    );
    expect(allowed.url).toBe('http://localhost:9/x');
  });
});
