/**
 * Health follows the workspace's time zone: changing it (PATCH /app/api/workspace, or `updateWorkspace`
 * from the CLI) moves every stored day of the workspace into the new zone, so a window's figures move with
 * it, and the agents' health is re-evaluated at once. Another workspace is untouched.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agentHealthReport } from '../../src/storage/health/reports.js';
import type { OpenedStore } from '../../src/storage/open.js';
import { createTenancyRepo } from '../../src/storage/tenancy-repo.js';
import { backends } from '../harness/backends.js';
import { calls, createWorld, type World } from '../health/world.js';

describe.each(backends)('the workspace time zone and health ($name)', (backend) => {
  let store: OpenedStore;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    if (!backend.available) return;
    const opened = await backend.open();
    store = opened.store;
    dispose = opened.dispose;
  });
  afterEach(async () => {
    if (backend.available) await dispose();
  });

  const report = (w: World, zone: string) => agentHealthReport(store.db, w.scope, zone, 'front-desk', w.clock());
  const days = async (w: World) =>
    (
      await store.db
        .selectFrom('health_daily')
        .select(['day', 'conversations', 'resolved'])
        .where('project_id', '=', w.projectId)
        .orderBy('day')
        .execute()
    ).map((r) => [r.day, Number(r.conversations), Number(r.resolved)]);

  it.skipIf(!backend.available)("moves a window's figures and the days with the zone, and back", async () => {
    // Now: Nov 20 20:00 UTC, which is Nov 20 12:00 in Los Angeles; both 7-day windows run Nov 14 to Nov 20.
    const w = await createWorld(store, 'UTC', '2026-11-20T20:00:00Z');
    const other = await createWorld(store, 'UTC', '2026-11-20T20:00:00Z');
    // 02:00 UTC on Nov 14 is 18:00 on Nov 13 in Los Angeles: inside the UTC window, outside the Los Angeles one.
    await w.scoreAll([
      ...calls(4, 0, '2026-11-14T02:00:00Z', { version: '2.0' }),
      ...calls(6, 6, '2026-11-18T12:00:00Z', { version: '2.0' }),
    ]);
    await other.scoreAll(calls(2, 1, '2026-11-14T02:00:00Z'));
    const utc = await report(w, 'UTC');
    expect(utc?.last_7_days).toMatchObject({ conversations: 10, resolution_rate: 0.6 });
    expect(await days(w)).toEqual([
      ['2026-11-14', 4, 0],
      ['2026-11-18', 6, 6],
    ]);
    const otherBefore = await days(other);

    const tenancy = createTenancyRepo(store, w.clock);
    const updated = await tenancy.updateWorkspace(w.workspaceId, { timezone: 'America/Los_Angeles' });
    expect(updated?.timezone).toBe('America/Los_Angeles');

    expect(await days(w)).toEqual([
      ['2026-11-13', 4, 0],
      ['2026-11-18', 6, 6],
    ]);
    const la = await report(w, 'America/Los_Angeles');
    expect(la?.last_7_days).toMatchObject({ conversations: 6, resolution_rate: 1 });
    expect(la?.last_30_days).toMatchObject({ conversations: 10, resolution_rate: 0.6 });
    const release = await store.db
      .selectFrom('agent_releases')
      .select('first_seen_day')
      .where('project_id', '=', w.projectId)
      .executeTakeFirstOrThrow();
    expect(release.first_seen_day).toBe('2026-11-13');
    const contributionDays = await store.db
      .selectFrom('health_contributions')
      .select('day')
      .distinct()
      .where('project_id', '=', w.projectId)
      .orderBy('day')
      .execute();
    expect(contributionDays.map((r) => r.day)).toEqual(['2026-11-13', '2026-11-18']);
    // The stored state was re-evaluated in the new zone: it is what a fresh evaluation says.
    expect(await w.state('agent', 'front-desk')).toMatchObject({ status: la?.health_status, reason: la?.reason });
    expect(await days(other)).toEqual(otherBefore);

    await tenancy.updateWorkspace(w.workspaceId, { timezone: 'UTC' });
    expect(await days(w)).toEqual([
      ['2026-11-14', 4, 0],
      ['2026-11-18', 6, 6],
    ]);
    expect((await report(w, 'UTC'))?.last_7_days).toMatchObject({ conversations: 10 });
  });

  it.skipIf(!backend.available)('refuses an unknown zone and changes nothing', async () => {
    const w = await createWorld(store, 'UTC', '2026-11-20T20:00:00Z');
    await w.scoreAll(calls(2, 1, '2026-11-14T02:00:00Z'));
    const tenancy = createTenancyRepo(store, w.clock);
    await expect(tenancy.updateWorkspace(w.workspaceId, { timezone: 'Mars/Base' })).rejects.toThrow(RangeError);
    expect((await tenancy.findWorkspace(w.workspaceId))?.timezone).toBe('UTC');
    expect(await tenancy.updateWorkspace('ws_nope', { name: 'x' })).toBeUndefined();
    const renamed = await tenancy.updateWorkspace(w.workspaceId, { name: 'Renamed' });
    expect(renamed).toMatchObject({ name: 'Renamed', timezone: 'UTC' });
  });
});
