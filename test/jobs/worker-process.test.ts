/** Real worker processes: killed with SIGKILL mid-job, and two side by side on PostgreSQL. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Environment } from '../../src/domain/conversation.js';
import { createConversationRepo, type NewConversation } from '../../src/storage/conversation-repo.js';
import type { OpenedStore } from '../../src/storage/open.js';
import { createTenancyRepo } from '../../src/storage/tenancy-repo.js';
import { backends, postgresBackend } from '../harness/backends.js';
import { startCqm, stopProcess, waitFor } from '../harness/processes.js';

const CONVERSATIONS = 1000;

function conversation(i: number): NewConversation {
  return {
    external_id: `call-${i}`,
    channel: 'voice',
    started_at: null,
    ended_at: '2026-11-18T12:00:00Z',
    ended_at_ms: Date.parse('2026-11-18T12:00:00Z'),
    ended_by: 'caller',
    agent: { id: `agent-${i % 7}`, name: null, version: null },
    group: null,
    transcript: [
      { speaker: 'agent', text: 'Thanks for calling Northside Plumbing, I am the virtual assistant. How can I help?' },
      { speaker: 'user', text: 'My kitchen sink is leaking and I need someone to come out tomorrow.' },
      { speaker: 'agent', text: 'I can book a technician for tomorrow between 9 and 11. Does that work?' },
      { speaker: 'user', text: 'Yes, that works, thank you.' },
      { speaker: 'agent', text: 'You are all set for tomorrow between 9 and 11.' },
    ],
    events: [{ type: 'tool_call', name: 'book_visit', status: 'success' }],
    metadata: {},
  };
}

describe.each(backends)('worker processes on $name', (backend) => {
  let store: OpenedStore;
  let env: Record<string, string>;
  let dispose: () => Promise<void>;
  const children: ReturnType<typeof startCqm>[] = [];

  beforeEach(async () => {
    if (!backend.available) return;
    const opened = await backend.open();
    store = opened.store;
    dispose = opened.dispose;
    env = {
      ...(opened.url ? { DATABASE_URL: opened.url } : { CQM_DATA_DIR: opened.dataDir ?? '' }),
      CQM_JOB_LEASE_MS: '1500',
      CQM_WORKER_CONCURRENCY: '4',
    };
    const tenancy = createTenancyRepo(store);
    const workspace = await tenancy.createWorkspace('W', 'UTC');
    const project = await tenancy.createProject(workspace.id, 'P');
    const scope = { projectId: project.id, environment: 'test' as Environment };
    const repo = createConversationRepo(store);
    await Promise.all(Array.from({ length: CONVERSATIONS }, (_, i) => repo.ingest(scope, conversation(i), null)));
  });

  afterEach(async () => {
    if (!backend.available) return;
    await Promise.all(children.splice(0).map((child) => stopProcess(child, 'SIGKILL')));
    await dispose();
  });

  const countDone = async () =>
    Number(
      (
        await store.db
          .selectFrom('conversations')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'done')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.skipIf(!backend.available)('scores exactly once what a worker killed mid-job had claimed', async () => {
    const first = startCqm(['worker'], env);
    children.push(first);
    await waitFor(
      async () => (await countDone()) >= 20 || false,
      60_000,
      'the first worker to score some conversations',
    );
    await stopProcess(first, 'SIGKILL');

    const orphaned = await store.db.selectFrom('jobs').select('subject_id').where('status', '=', 'running').execute();
    const second = startCqm(['worker'], env);
    children.push(second);
    await waitFor(
      async () => (await countDone()) === CONVERSATIONS || false,
      90_000,
      'every conversation to be scored',
    );

    const jobs = await store.db.selectFrom('jobs').select(['subject_id', 'status', 'attempts']).execute();
    expect(jobs).toHaveLength(CONVERSATIONS);
    expect(jobs.every((job) => job.status === 'done')).toBe(true);
    // A job is claimed (attempts + 1) for every scoring: orphans twice (killed, then finished), the rest once.
    const orphanIds = new Set(orphaned.map((row) => row.subject_id));
    for (const job of jobs) expect(job.attempts).toBe(orphanIds.has(job.subject_id) ? 2 : 1);
    const perConversation = await store.db
      .selectFrom('check_results')
      .select(['conversation_id', (eb) => eb.fn.countAll().as('n')])
      .groupBy('conversation_id')
      .execute();
    expect(perConversation).toHaveLength(CONVERSATIONS);
    expect(new Set(perConversation.map((row) => Number(row.n))).size).toBe(1);
    await stopProcess(second);
  });

  it.skipIf(!backend.available || backend !== postgresBackend)(
    'never scores one conversation twice with two workers side by side',
    async () => {
      children.push(startCqm(['worker'], env), startCqm(['worker'], env));
      await waitFor(
        async () => (await countDone()) === CONVERSATIONS || false,
        90_000,
        'every conversation to be scored',
      );
      const jobs = await store.db.selectFrom('jobs').select(['attempts', 'locked_by']).execute();
      expect(jobs.every((job) => job.attempts === 1)).toBe(true);
    },
  );
});
