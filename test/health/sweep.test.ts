/**
 * Health that moves with time alone: the sweep after each local midnight re-evaluates from the rollups, once
 * per workspace and day, even when several processes sweep at the same moment.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHealthSweeper } from '../../src/jobs/health-sweep.js';
import { sweepHealth } from '../../src/storage/health/sweep.js';
import type { OpenedStore } from '../../src/storage/open.js';
import { openPostgresStore } from '../../src/storage/postgres.js';
import { openSqliteStore } from '../../src/storage/sqlite/open.js';
import type { Store } from '../../src/storage/store.js';
import { backends, type TestBackend } from '../harness/backends.js';
import { calls, createWorld } from './world.js';

const silent = { info() {}, error() {} } as unknown as Parameters<typeof createHealthSweeper>[0]['logger'];

describe.each(backends)('midnight health sweep on $name', (backend: TestBackend) => {
  let opened: Awaited<ReturnType<TestBackend['open']>>;
  let store: OpenedStore;
  const others: Store[] = [];

  beforeEach(async () => {
    if (!backend.available) return;
    opened = await backend.open();
    store = opened.store;
  });
  afterEach(async () => {
    if (!backend.available) return;
    for (const other of others.splice(0)) await other.close();
    await opened.dispose();
  });

  /** Another process's connection to the same store. */
  function anotherProcess(): Store {
    const other =
      backend.name === 'postgres'
        ? openPostgresStore({ connectionString: opened.url as string })
        : openSqliteStore({ dataDir: opened.dataDir as string, synchronous: 'NORMAL', backgroundCheckpoints: false });
    others.push(other);
    return other;
  }

  async function markers(workspaceId: string) {
    return store.db
      .selectFrom('health_sweeps')
      .select('day')
      .where('workspace_id', '=', workspaceId)
      .orderBy('day')
      .execute();
  }

  it.skipIf(!backend.available)('moves health when a bad day leaves the 7-day window, once per local day', async () => {
    const w = await createWorld(store, 'UTC', '2026-11-20T12:00:00Z');
    await w.scoreAll(calls(10, 10, '2026-11-18T09:00:00Z', { group: 'clinics' }));
    await w.score({
      endedAt: '2026-11-14T09:00:00Z',
      outcome: 'resolved',
      group: 'clinics',
      failures: [{ name: 'AI disclosure' }],
    });
    expect(await w.state('agent', 'front-desk')).toMatchObject({ status: 'watch' });

    expect(await sweepHealth(store, w.clock())).toEqual([
      { workspace_id: w.workspaceId, day: '2026-11-20', changed: 0 },
    ]);
    expect(await sweepHealth(store, w.clock())).toEqual([]);

    w.setNow('2026-11-21T00:00:30Z');
    expect(await sweepHealth(store, w.clock())).toEqual([
      { workspace_id: w.workspaceId, day: '2026-11-21', changed: 2 },
    ]);
    expect(await w.state('agent', 'front-desk')).toMatchObject({ status: 'healthy' });
    expect(await w.state('group', 'clinics')).toMatchObject({ status: 'healthy' });
    w.setNow('2026-11-21T18:00:00Z');
    expect(await sweepHealth(store, w.clock())).toEqual([]);

    const atMidnight = (await w.transitions('agent', 'front-desk')).filter(
      (t) => t.created_at >= Date.parse('2026-11-21T00:00:00Z'),
    );
    expect(atMidnight.map((t) => [t.old_status, t.new_status, t.event, t.group_id])).toEqual([
      ['watch', 'healthy', 'agent.health_changed', 'clinics'],
    ]);
    expect((await w.transitions('group', 'clinics')).at(-1)).toMatchObject({
      old_status: 'watch',
      new_status: 'healthy',
    });
    expect(await markers(w.workspaceId)).toEqual([{ day: '2026-11-20' }, { day: '2026-11-21' }]);
  });

  it.skipIf(!backend.available)('follows each workspace’s own midnight', async () => {
    const tokyo = await createWorld(store, 'Asia/Tokyo', '2026-11-20T14:59:00Z'); // 23:59 in Tokyo
    const la = await createWorld(store, 'America/Los_Angeles', '2026-11-20T14:59:00Z'); // 06:59 in Los Angeles
    const swept = await sweepHealth(store, Date.parse('2026-11-20T14:59:00Z'));
    expect(swept.map((r) => r.day).sort()).toEqual(['2026-11-20', '2026-11-20']);
    // One minute later it is a new day in Tokyo only.
    const next = await sweepHealth(store, Date.parse('2026-11-20T15:00:00Z'));
    expect(next.map((r) => [r.workspace_id, r.day])).toEqual([[tokyo.workspaceId, '2026-11-21']]);
    const laNext = await sweepHealth(store, Date.parse('2026-11-21T08:00:00Z'));
    expect(laNext.map((r) => [r.workspace_id, r.day])).toEqual([[la.workspaceId, '2026-11-21']]);
  });

  it.skipIf(!backend.available)('runs once even when several processes sweep at the same moment', async () => {
    const w = await createWorld(store, 'UTC', '2026-11-20T12:00:00Z');
    await w.scoreAll(calls(6, 6, '2026-11-18T09:00:00Z', { group: 'clinics' }));
    expect(await w.state('agent', 'front-desk')).toMatchObject({ status: 'healthy' });
    const at = Date.parse('2026-11-25T00:00:05Z'); // Nov 18 has left the 7-day window
    const processes = [store, anotherProcess(), anotherProcess()];
    const results = await Promise.all(processes.flatMap((p) => [sweepHealth(p, at), sweepHealth(p, at)]));
    expect(results.flat()).toEqual([{ workspace_id: w.workspaceId, day: '2026-11-25', changed: 2 }]);
    expect(await markers(w.workspaceId)).toEqual([{ day: '2026-11-25' }]);
    const path = await w.transitions('agent', 'front-desk');
    expect(path.filter((t) => t.new_status === 'not_enough_calls')).toHaveLength(1);
    expect(path.at(-1)).toMatchObject({
      old_status: 'healthy',
      new_status: 'not_enough_calls',
      event: null,
      reason: 'No calls in the last 7 days',
    });
  });

  it.skipIf(!backend.available)('re-evaluates from the rollups alone', async () => {
    const w = await createWorld(store, 'UTC', '2026-11-20T12:00:00Z');
    // Rows loaded straight into the rollups, with no conversation behind them.
    await store.db
      .insertInto('agents')
      .values({
        project_id: w.projectId,
        environment: 'live',
        id: 'loaded',
        name: 'Loaded',
        group_id: null,
        placed_by_kind: null,
        placed_by: null,
        placed_at: null,
        archived_at: null,
        created_at: 0,
      })
      .execute();
    await store.db
      .insertInto('health_daily')
      .values({
        project_id: w.projectId,
        environment: 'live',
        agent_id: 'loaded',
        day: '2026-11-19',
        conversations: 20,
        with_outcome: 20,
        resolved: 10,
        handed_to_person: 0,
        requests_for_person_not_honored: 0,
        frustration_sum: 0,
        frustration_count: 0,
        compliance_failures: 0,
        high_severity_compliance_failures: 0,
      })
      .execute();
    await store.db
      .insertInto('health_daily')
      .values({
        project_id: w.projectId,
        environment: 'live',
        agent_id: 'loaded',
        day: '2026-11-01',
        conversations: 20,
        with_outcome: 20,
        resolved: 20,
        handed_to_person: 0,
        requests_for_person_not_honored: 0,
        frustration_sum: 0,
        frustration_count: 0,
        compliance_failures: 0,
        high_severity_compliance_failures: 0,
      })
      .execute();
    await sweepHealth(store, w.clock());
    const state = await store.db
      .selectFrom('health_states')
      .select(['status', 'reason'])
      .where('project_id', '=', w.projectId)
      .where('environment', '=', 'live')
      .where('subject_id', '=', 'loaded')
      .executeTakeFirst();
    expect(state).toEqual({ status: 'at_risk', reason: 'Resolution fell 25 points below the 30-day rate' });
  });

  it.skipIf(!backend.available)('runs as a background loop that a process starts and stops', async () => {
    const w = await createWorld(store, 'UTC', '2026-11-20T12:00:00Z');
    const sweeper = createHealthSweeper({ store, logger: silent, clock: w.clock, intervalMs: 10 });
    sweeper.start();
    for (let i = 0; i < 100 && (await markers(w.workspaceId)).length === 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    await sweeper.stop();
    expect(await markers(w.workspaceId)).toEqual([{ day: '2026-11-20' }]);
    expect(await sweeper.runOnce()).toEqual([]);
  });
});
