/** The job queue and scoring job on real stores: state moves, retries, leases, re-runs. */
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCheckCatalogue } from '../../src/checks/catalogue.js';
import type { CheckDefinition } from '../../src/domain/checks.js';
import type { Environment } from '../../src/domain/conversation.js';
import { handlerRegistry, type JobHandler } from '../../src/jobs/job-handler.js';
import { createQueue, MAX_ATTEMPTS, type Queue } from '../../src/jobs/queue.js';
import { rerunConversation } from '../../src/jobs/rerun.js';
import { type Scorer, scoreConversationHandler } from '../../src/jobs/score-conversation.js';
import { createWorker } from '../../src/jobs/worker.js';
import { createConversationRepo } from '../../src/storage/conversation-repo.js';
import type { OpenedStore } from '../../src/storage/open.js';
import { createTenancyRepo } from '../../src/storage/tenancy-repo.js';
import { backends } from '../harness/backends.js';
import { conversationBody } from '../harness/fixtures.js';

const OUTCOME_CHECK: CheckDefinition = {
  key: 'outcome',
  name: 'Outcome',
  description: 'What came of the conversation',
  kind: 'multiple_choice',
  category: 'outcome',
  severity: 'medium',
  status: 'active',
  version: 1,
  options: ['resolved', 'unresolved', 'escalated', 'not_real_inquiry'],
  builtin: true,
};

/** A scorer whose verdict the test controls, and that counts how often it ran. */
function countingScorer(choice = 'resolved') {
  const state = { calls: 0, fail: 0 };
  const scorer: Scorer = {
    score(_conversation, checks) {
      state.calls += 1;
      if (state.fail > 0) {
        state.fail -= 1;
        throw new Error('model exploded');
      }
      return {
        outcome: choice as 'resolved',
        results: checks.map((check) => ({
          check_key: check.key,
          score: 0.1,
          verdict: 'pass' as const,
          choice,
          decided_by: 'model' as const,
          reason: `scored as ${choice}`,
          evidence_turns: [0],
          latency_ms: 0,
        })),
      };
    },
    scorerVersion: (check) => `test-${check.key}-${check.version}`,
  };
  return { scorer, state };
}

/** Claims the one job the test expects to be ready. */
async function claimOne(queue: Queue, workerId: string) {
  const [job] = await queue.claim(workerId, 10);
  if (!job) throw new Error('expected a ready job');
  return job;
}

describe.each(backends)('job queue on $name', (backend) => {
  let store: OpenedStore;
  let dispose: () => Promise<void>;
  let now: number;
  const clock = () => now;
  let scope: { projectId: string; environment: Environment };

  beforeEach(async () => {
    if (!backend.available) return;
    const opened = await backend.open();
    store = opened.store;
    dispose = opened.dispose;
    now = Date.parse('2026-11-18T12:00:00Z');
    const tenancy = createTenancyRepo(store, clock);
    const workspace = await tenancy.createWorkspace('W', 'UTC');
    const project = await tenancy.createProject(workspace.id, 'P');
    scope = { projectId: project.id, environment: 'test' };
  });
  afterEach(async () => {
    if (backend.available) await dispose();
  });

  function build(scorer: Scorer): { queue: Queue; handler: JobHandler } {
    const catalogue = createCheckCatalogue({ store, builtins: [OUTCOME_CHECK], validateRule: () => null, clock });
    const handler = scoreConversationHandler({ store, catalogue, scorer, clock });
    const queue = createQueue(store, handlerRegistry([handler]), { leaseMs: 1_000, backoffMs: () => 0 }, clock);
    return { queue, handler };
  }

  async function ingest(): Promise<string> {
    const body = conversationBody();
    const outcome = await createConversationRepo(store, clock).ingest(
      scope,
      {
        external_id: String(body.external_id),
        channel: 'chat',
        started_at: null,
        ended_at: '2026-11-18T12:00:00Z',
        ended_at_ms: now,
        ended_by: null,
        agent: { id: 'a1', name: null, version: null },
        group: null,
        transcript: [{ speaker: 'user', text: 'hello' }],
        events: [],
        metadata: {},
      },
      null,
    );
    if (outcome.kind !== 'created') throw new Error('expected a new conversation');
    return outcome.response.body.id;
  }

  const statusOf = async (id: string) =>
    await store.db
      .selectFrom('conversations')
      .select(['status', 'outcome'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const jobOf = async (id: string) =>
    store.db.selectFrom('jobs').selectAll().where('subject_id', '=', id).executeTakeFirstOrThrow();

  it.skipIf(!backend.available)('moves queued -> evaluating -> done and writes one result per check', async () => {
    const { scorer, state } = countingScorer();
    const { queue, handler } = build(scorer);
    const id = await ingest();
    expect((await statusOf(id)).status).toBe('queued');

    const job = await claimOne(queue, 'w1');
    expect(job?.subject_id).toBe(id);
    expect((await statusOf(id)).status).toBe('evaluating');
    expect((await jobOf(id)).attempts).toBe(1);

    await handler.run(job);
    expect(await statusOf(id)).toEqual({ status: 'done', outcome: 'resolved' });
    expect((await jobOf(id)).status).toBe('done');
    const results = await store.db.selectFrom('check_results').selectAll().where('conversation_id', '=', id).execute();
    expect(results.map((r) => [r.check_key, r.check_version, r.scorer_version])).toEqual([
      ['outcome', 1, 'test-outcome-1'],
    ]);
    expect(state.calls).toBe(1);
    expect(await queue.claim('w1', 10)).toEqual([]);
  });

  it.skipIf(!backend.available)(
    'retries a failing attempt and marks the conversation failed after exactly five',
    async () => {
      const { scorer, state } = countingScorer();
      state.fail = 100;
      const { queue, handler } = build(scorer);
      const id = await ingest();
      const outcomes: string[] = [];
      for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
        const [job] = await queue.claim('w1', 10);
        if (!job) break;
        await handler.run(job).catch(async (error) => outcomes.push(await queue.fail(job, error)));
        if (outcomes.at(-1) === 'retrying') expect((await statusOf(id)).status).toBe('queued');
      }
      expect(outcomes).toEqual(['retrying', 'retrying', 'retrying', 'retrying', 'failed']);
      expect(state.calls).toBe(5);
      expect((await statusOf(id)).status).toBe('failed');
      expect(await jobOf(id)).toMatchObject({ status: 'failed', attempts: 5, last_error: 'model exploded' });
      expect(await queue.claim('w1', 10)).toEqual([]);

      // A re-run starts over with fresh attempts.
      state.fail = 0;
      expect(await rerunConversation(store, id, clock)).toBe(true);
      expect((await statusOf(id)).status).toBe('queued');
      const again = await claimOne(queue, 'w1');
      await handler.run(again);
      expect(await statusOf(id)).toEqual({ status: 'done', outcome: 'resolved' });
      expect((await jobOf(id)).attempts).toBe(1);
    },
  );

  it.skipIf(!backend.available)(
    "gives an expired lease to another worker and refuses the first worker's late writes",
    async () => {
      const { scorer, state } = countingScorer();
      const { queue, handler } = build(scorer);
      const id = await ingest();
      const stale = await claimOne(queue, 'w1');
      expect(await queue.claim('w2', 10)).toEqual([]);

      now += 1_001;
      const fresh = await claimOne(queue, 'w2');
      expect(fresh?.id).toBe(stale?.id);
      expect(fresh?.attempts).toBe(2);

      await expect(handler.run(stale)).rejects.toThrow(/lease/);
      expect((await statusOf(id)).status).toBe('evaluating');
      expect(
        await store.db.selectFrom('check_results').selectAll().where('conversation_id', '=', id).execute(),
      ).toEqual([]);
      expect(await queue.heartbeat(stale)).toBe(false);

      await handler.run(fresh);
      expect((await statusOf(id)).status).toBe('done');
      expect(state.calls).toBe(2);
    },
  );

  it.skipIf(!backend.available)('hands an unstarted job back on release without counting the attempt', async () => {
    const { queue } = build(countingScorer().scorer);
    const id = await ingest();
    const job = await claimOne(queue, 'w1');
    await queue.release(job);
    expect(await jobOf(id)).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });
    expect((await statusOf(id)).status).toBe('queued');
  });

  it.skipIf(!backend.available)('replaces results atomically on a re-score', async () => {
    const first = countingScorer('resolved');
    const { queue, handler } = build(first.scorer);
    const id = await ingest();
    const job = await claimOne(queue, 'w1');
    await handler.run(job);

    const second = build(countingScorer('unresolved').scorer);
    await rerunConversation(store, id, clock);
    const before = await store.db
      .selectFrom('check_results')
      .select('choice')
      .where('conversation_id', '=', id)
      .execute();
    expect(before).toEqual([{ choice: 'resolved' }]);
    const again = await claimOne(second.queue, 'w1');
    await second.handler.run(again);
    const after = await store.db
      .selectFrom('check_results')
      .select('choice')
      .where('conversation_id', '=', id)
      .execute();
    expect(after).toEqual([{ choice: 'unresolved' }]);
    expect((await statusOf(id)).outcome).toBe('unresolved');
    void queue;
  });

  it.skipIf(!backend.available)(
    'stops gracefully: finishes the running job and hands back the claimed rest',
    async () => {
      const { queue, handler } = build(countingScorer().scorer);
      let started!: () => void;
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      let finish!: () => void;
      const finishing = new Promise<void>((resolve) => {
        finish = resolve;
      });
      // The first job blocks until the test lets it finish, so the others stay claimed but not started.
      const slow: JobHandler = {
        ...handler,
        async run(job) {
          started();
          await finishing;
          await handler.run(job);
        },
      };
      const ids = [await ingest(), await ingest(), await ingest()];
      const worker = createWorker(queue, [slow], pino({ level: 'silent' }), {
        concurrency: 1,
        batchSize: 10,
        pollMs: 10,
        heartbeatMs: 10_000,
        attemptTimeoutMs: 10_000,
      });
      worker.start();
      await running;
      const stopped = worker.stop();
      finish();
      await stopped;

      const statuses = await Promise.all(ids.map(async (id) => (await statusOf(id)).status));
      expect(statuses.filter((status) => status === 'done')).toHaveLength(1);
      expect(statuses.filter((status) => status === 'queued')).toHaveLength(2);
      for (const id of ids) {
        const job = await jobOf(id);
        if (job.status === 'queued') expect(job).toMatchObject({ attempts: 0, locked_by: null });
      }
    },
  );

  it.skipIf(!backend.available)('never gives one job to two concurrent claimers', async () => {
    const { queue } = build(countingScorer().scorer);
    const ids = await Promise.all(Array.from({ length: 40 }, () => ingest()));
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => queue.claim(`w${i}`, 10)));
    const claimed = claims.flat().map((job) => job.subject_id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.length).toBe(ids.length);
  });

  it.skipIf(!backend.available)(
    'writes jobs scored together in one go, and a lost lease fails only its own job',
    async () => {
      const { scorer } = countingScorer('resolved');
      const { queue, handler } = build(scorer);
      const ids = [await ingest(), await ingest(), await ingest()];
      const jobs = await queue.claim('w1', 10);
      expect(jobs).toHaveLength(3);
      const lost = jobs.find((job) => job.subject_id === ids[1]);
      if (!lost) throw new Error('expected the second conversation claimed');
      // Another worker took the second job over after w1's lease ran out.
      await store.db.updateTable('jobs').set({ locked_by: 'w2' }).where('id', '=', lost.id).execute();

      // Started in one turn, the three submit their writes to one batch; the batch fails on the lost lease
      // and each job is written again alone.
      const settled = await Promise.allSettled(jobs.map((job) => handler.run(job)));
      const byConversation = new Map(jobs.map((job, index) => [job.subject_id, settled[index]?.status]));
      expect(byConversation.get(ids[0] as string)).toBe('fulfilled');
      expect(byConversation.get(ids[1] as string)).toBe('rejected');
      expect(byConversation.get(ids[2] as string)).toBe('fulfilled');
      expect((await statusOf(ids[0] as string)).status).toBe('done');
      expect((await statusOf(ids[1] as string)).status).toBe('evaluating');
      expect((await statusOf(ids[2] as string)).status).toBe('done');
      const written = await store.db
        .selectFrom('check_results')
        .select('conversation_id')
        .where('conversation_id', 'in', ids)
        .execute();
      expect(written.map((row) => row.conversation_id).sort()).toEqual([ids[0], ids[2]].sort());
    },
  );
});
