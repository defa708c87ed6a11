/**
 * Health on real stores: rollups written with the results, re-scoring moving contributions, time zones,
 * windows sliding with the clock, group aggregation, placement and archiving, transitions recorded once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Environment } from '../../src/domain/conversation.js';
import { agentHealthReport, groupHealthReport } from '../../src/storage/health/reports.js';
import type { OpenedStore } from '../../src/storage/open.js';
import { backends } from '../harness/backends.js';
import { calls, createWorld, type World } from './world.js';

describe.each(backends)('health in the store on $name', (backend) => {
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

  async function world(timeZone = 'UTC', start?: string): Promise<World> {
    return createWorld(store, timeZone, start);
  }

  function agent(w: World, id = 'front-desk', environment: Environment = 'test') {
    return agentHealthReport(store.db, { projectId: w.projectId, environment }, timeZoneOf(w), id, w.clock());
  }
  function group(w: World, id: string) {
    return groupHealthReport(store.db, w.scope, timeZoneOf(w), id, w.clock());
  }
  const zones = new Map<string, string>();
  function timeZoneOf(w: World): string {
    return zones.get(w.workspaceId) ?? 'UTC';
  }
  async function zoned(timeZone: string, start?: string): Promise<World> {
    const w = await world(timeZone, start);
    zones.set(w.workspaceId, timeZone);
    return w;
  }

  async function dailyRows(w: World, agentId = 'front-desk') {
    return store.db
      .selectFrom('health_daily')
      .selectAll()
      .where('project_id', '=', w.projectId)
      .where('agent_id', '=', agentId)
      .orderBy('day')
      .execute();
  }

  it.skipIf(!backend.available)('rolls every scored conversation up into its agent and day', async () => {
    const w = await zoned('UTC');
    await w.score({
      endedAt: '2026-11-20T09:00:00Z',
      outcome: 'resolved',
      frustration: 0.2,
      personRequestFailed: false,
    });
    await w.score({
      endedAt: '2026-11-20T10:00:00Z',
      outcome: 'escalated',
      frustration: 0.6,
      personRequestFailed: true,
    });
    await w.score({ endedAt: '2026-11-19T10:00:00Z', outcome: 'not_real_inquiry', failures: [{ severity: 'medium' }] });
    await w.score({ endedAt: '2026-11-19T11:00:00Z', outcome: 'unresolved', failures: [{ status: 'shadow' }] });
    const rows = await dailyRows(w);
    expect(rows.map((r) => r.day)).toEqual(['2026-11-19', '2026-11-20']);
    expect(rows[1]).toMatchObject({
      conversations: 2,
      with_outcome: 2,
      resolved: 1,
      handed_to_person: 1,
      requests_for_person_not_honored: 1,
      frustration_count: 2,
    });
    expect(rows[0]).toMatchObject({
      conversations: 2,
      with_outcome: 1,
      resolved: 0,
      compliance_failures: 1,
      high_severity_compliance_failures: 0,
    });
    const report = await agent(w);
    expect(report?.last_7_days).toEqual({
      conversations: 4,
      with_outcome: 3,
      resolution_rate: 1 / 3,
      handed_to_person_rate: 1 / 3,
      requests_for_person_not_honored: 1,
      avg_frustration: 0.4,
      compliance_failures: 1,
    });
    expect(report?.last_30_days).toEqual(report?.last_7_days);
  });

  it.skipIf(!backend.available)('moves the old contribution out and the new one in on a re-score', async () => {
    const w = await zoned('UTC');
    const id = await w.score({
      endedAt: '2026-11-20T09:00:00Z',
      outcome: 'resolved',
      frustration: 0.9,
      failures: [
        { key: 'ai_disclosure', severity: 'high' },
        { key: 'recording', name: 'Recording notice', severity: 'low' },
      ],
    });
    await w.rescore(id, {
      outcome: 'unresolved',
      frustration: 0.3,
      personRequestFailed: true,
      failures: [{ key: 'recording', name: 'Recording notice', severity: 'low' }],
    });
    await w.rescore(id, {
      outcome: 'unresolved',
      frustration: 0.3,
      personRequestFailed: true,
      failures: [{ key: 'recording', name: 'Recording notice', severity: 'low' }],
    });
    const [row] = await dailyRows(w);
    expect(row).toMatchObject({
      conversations: 1,
      with_outcome: 1,
      resolved: 0,
      requests_for_person_not_honored: 1,
      frustration_count: 1,
      compliance_failures: 1,
      high_severity_compliance_failures: 0,
    });
    expect(row?.frustration_sum).toBeCloseTo(0.3, 10);
    const checks = await store.db
      .selectFrom('health_daily_checks')
      .selectAll()
      .where('project_id', '=', w.projectId)
      .orderBy('check_key')
      .execute();
    expect(checks.map((c) => [c.check_key, c.failures, c.high_severity_failures])).toEqual([
      ['ai_disclosure', 0, 0],
      ['recording', 1, 0],
    ]);
    expect((await agent(w))?.last_7_days.avg_frustration).toBe(0.3);
  });

  it.skipIf(!backend.available)(
    'takes a re-scored contribution out of the day it went into, even after a time-zone change',
    async () => {
      const w = await zoned('UTC');
      const id = await w.score({ endedAt: '2026-11-20T02:00:00Z', outcome: 'resolved' });
      await store.db
        .updateTable('workspaces')
        .set({ timezone: 'America/Los_Angeles' })
        .where('id', '=', w.workspaceId)
        .execute();
      await w.rescore(id, { outcome: 'unresolved' });
      const rows = await dailyRows(w);
      expect(rows.map((r) => [r.day, r.conversations, r.resolved])).toEqual([
        ['2026-11-19', 1, 0],
        ['2026-11-20', 0, 0],
      ]);
    },
  );

  it.skipIf(!backend.available)('counts days in the workspace time zone on both sides of midnight', async () => {
    // Los Angeles: 2026-11-14T07:30Z is Nov 13 23:30, outside the 7 days to Nov 20; 08:30Z is Nov 14 00:30, inside.
    const la = await zoned('America/Los_Angeles', '2026-11-20T20:00:00Z');
    await la.score({ endedAt: '2026-11-14T07:30:00Z', outcome: 'resolved' });
    await la.score({ endedAt: '2026-11-14T08:30:00Z', outcome: 'resolved' });
    expect((await dailyRows(la)).map((r) => r.day)).toEqual(['2026-11-13', '2026-11-14']);
    expect((await agent(la))?.last_7_days.conversations).toBe(1);
    expect((await agent(la))?.last_30_days.conversations).toBe(2);

    // Tokyo: 2026-11-13T14:30Z is Nov 13 23:30; 15:30Z is Nov 14 00:30.
    const tokyo = await zoned('Asia/Tokyo', '2026-11-20T03:00:00Z');
    await tokyo.score({ endedAt: '2026-11-13T14:30:00Z', outcome: 'resolved' });
    await tokyo.score({ endedAt: '2026-11-13T15:30:00Z', outcome: 'resolved' });
    expect((await agent(tokyo))?.last_7_days.conversations).toBe(1);

    // "Today" is the local date of the clock too: just before and just after local midnight.
    la.setNow('2026-11-21T07:59:00Z'); // Nov 20 23:59 in Los Angeles: Nov 14 still inside
    expect((await agent(la))?.last_7_days.conversations).toBe(1);
    la.setNow('2026-11-21T08:00:00Z'); // Nov 21 00:00: Nov 14 leaves the 7-day window
    expect((await agent(la))?.last_7_days.conversations).toBe(0);
    expect((await agent(la))?.last_30_days.conversations).toBe(2);
  });

  it.skipIf(!backend.available)('slides both windows with time', async () => {
    const w = await zoned('UTC');
    await w.scoreAll([...calls(5, 5, '2026-11-20T09:00:00Z'), ...calls(3, 0, '2026-10-22T09:00:00Z')]);
    expect((await agent(w))?.last_30_days).toMatchObject({ conversations: 8, resolution_rate: 5 / 8 });
    w.setNow('2026-11-21T00:00:00Z'); // Oct 22 leaves the 30-day window
    expect((await agent(w))?.last_30_days).toMatchObject({ conversations: 5, resolution_rate: 1 });
    w.setNow('2026-11-26T23:59:59Z'); // Nov 20 is still the 7th day
    expect((await agent(w))?.last_7_days.conversations).toBe(5);
    w.setNow('2026-11-27T00:00:00Z');
    expect(await agent(w)).toMatchObject({ health_status: 'not_enough_calls', reason: 'No calls in the last 7 days' });
  });

  it.skipIf(!backend.available)('records the release of each version with the day it was first seen', async () => {
    const w = await zoned('UTC');
    await w.scoreAll([
      ...calls(10, 10, '2026-11-02T09:00:00Z', { version: '2.3' }),
      ...calls(10, 10, '2026-11-05T09:00:00Z', { version: '2.3' }),
    ]);
    await w.scoreAll(calls(10, 7, '2026-11-19T09:00:00Z', { version: '2.4' }));
    await w.score({ endedAt: '2026-11-18T09:00:00Z', outcome: 'unresolved', version: '2.4' }); // earlier, arrives later
    const releases = await store.db
      .selectFrom('agent_releases')
      .select(['version', 'first_seen_day'])
      .where('project_id', '=', w.projectId)
      .orderBy('version')
      .execute();
    expect(releases).toEqual([
      { version: '2.3', first_seen_day: '2026-11-02' },
      { version: '2.4', first_seen_day: '2026-11-18' },
    ]);
    const report = await agent(w);
    // 7 of 11 against 27 of 31: 23.5 points.
    expect(report).toMatchObject({
      health_status: 'at_risk',
      reason: 'Resolution fell 23.5 points below the 30-day rate since release 2.4 on Nov 18',
    });
  });

  it.skipIf(!backend.available)(
    'records each change of status once, with the webhook it fires, in the scoring transaction',
    async () => {
      const w = await zoned('UTC');
      await w.scoreAll(calls(4, 4, '2026-11-20T09:00:00Z'));
      expect(await w.state('agent', 'front-desk')).toMatchObject({
        status: 'not_enough_calls',
        reason: 'Needs 1 more call this week',
      });
      expect(await w.transitions('agent', 'front-desk')).toEqual([]);
      await w.score({ endedAt: '2026-11-20T10:00:00Z', outcome: 'resolved' });
      const compliance = await w.score({
        endedAt: '2026-11-20T11:00:00Z',
        outcome: 'resolved',
        failures: [{ name: 'AI disclosure' }],
      });
      await w.score({ endedAt: '2026-11-20T12:00:00Z', outcome: 'resolved' }); // still watch: nothing new recorded
      await w.rescore(compliance, { outcome: 'resolved' });
      const transitions = await w.transitions('agent', 'front-desk');
      expect(transitions.map((t) => [t.old_status, t.new_status, t.event])).toEqual([
        ['not_enough_calls', 'healthy', null],
        ['healthy', 'watch', 'agent.health_changed'],
        ['watch', 'healthy', 'agent.health_changed'],
      ]);
      expect(transitions[1]?.reason).toBe('AI disclosure failed once in the last 7 days');
      expect(transitions.every((t) => t.created_at === w.clock())).toBe(true);
    },
  );

  it.skipIf(!backend.available)(
    'rolls back the health change with the results when the transaction fails',
    async () => {
      const w = await zoned('UTC');
      const id = await w.score({ endedAt: '2026-11-20T09:00:00Z', outcome: 'resolved' });
      const duplicate = { outcome: 'resolved' as const, failures: [{ key: 'x' }, { key: 'x' }] };
      await expect(w.rescore(id, duplicate)).rejects.toThrow();
      expect((await dailyRows(w))[0]).toMatchObject({ conversations: 1, compliance_failures: 0 });
      expect(await w.transitions('agent', 'front-desk')).toEqual([]);
    },
  );

  it.skipIf(!backend.available)('keeps environments apart', async () => {
    const w = await zoned('UTC');
    await w.score({ endedAt: '2026-11-20T09:00:00Z', outcome: 'resolved', environment: 'live' });
    expect(await agent(w, 'front-desk', 'test')).toBeNull();
    expect((await agent(w, 'front-desk', 'live'))?.last_7_days.conversations).toBe(1);
  });

  it.skipIf(!backend.available)(
    'aggregates a group over its active agents and names the agent that sets its status',
    async () => {
      const w = await zoned('UTC');
      await w.scoreAll([
        ...calls(10, 9, '2026-11-19T09:00:00Z', { agent: 'front-desk', agentName: 'Front desk', group: 'clinics' }),
        ...calls(6, 6, '2026-11-19T09:00:00Z', { agent: 'billing', agentName: 'Billing', group: 'clinics' }),
        {
          // Named as the other billing calls: scoreAll stores calls concurrently, and the first one stored names
          // the agent.
          agent: 'billing',
          agentName: 'Billing',
          group: 'clinics',
          endedAt: '2026-11-19T10:00:00Z',
          outcome: 'resolved',
          failures: [{}, {}, {}],
        },
        ...calls(2, 2, '2026-11-19T09:00:00Z', { agent: 'night', agentName: 'Night line', group: 'clinics' }),
        ...calls(5, 5, '2026-11-19T09:00:00Z', { agent: 'elsewhere', group: 'other' }),
      ]);
      const report = await group(w, 'clinics');
      expect(report).toMatchObject({
        group_id: 'clinics',
        name: 'clinics',
        environment: 'test',
        health_status: 'at_risk',
        reason: 'Billing is at risk: AI disclosure failed 3 times in the last 7 days',
        agents: [
          { id: 'billing', name: 'Billing', health_status: 'at_risk' },
          { id: 'front-desk', name: 'Front desk', health_status: 'healthy' },
          { id: 'night', name: 'Night line', health_status: 'not_enough_calls' },
        ],
      });
      expect(report?.last_7_days).toMatchObject({
        conversations: 19,
        with_outcome: 19,
        compliance_failures: 3,
        resolution_rate: 18 / 19,
      });
      expect(await w.state('group', 'clinics')).toMatchObject({ status: 'at_risk' });
      // Scored concurrently, the path there may differ; it arrives at at_risk once, firing the group webhook.
      const path = await w.transitions('group', 'clinics');
      expect(path.filter((t) => t.new_status === 'at_risk')).toHaveLength(1);
      expect(path.at(-1)).toMatchObject({ new_status: 'at_risk', event: 'group.health_changed' });

      // Archived: no longer active, left out of the totals and the list.
      await w.agents.setArchived(w.scope, 'billing', true);
      expect(await group(w, 'clinics')).toMatchObject({
        health_status: 'healthy',
        reason: 'Front desk is healthy and 1 other needs more calls this week',
      });
      expect((await group(w, 'clinics'))?.agents.map((a) => a.id)).toEqual(['front-desk', 'night']);
      expect((await w.transitions('group', 'clinics')).at(-1)).toMatchObject({
        old_status: 'at_risk',
        new_status: 'healthy',
        event: 'group.health_changed',
      });

      expect(await group(w, 'missing')).toBeNull();
    },
  );

  it.skipIf(!backend.available)('is not_enough_calls only when every active agent is', async () => {
    const w = await zoned('UTC');
    await w.scoreAll([
      ...calls(2, 2, '2026-11-19T09:00:00Z', { agent: 'a', agentName: 'A', group: 'g' }),
      ...calls(3, 3, '2026-11-19T09:00:00Z', { agent: 'b', agentName: 'B', group: 'g' }),
      ...calls(9, 9, '2026-10-01T09:00:00Z', { agent: 'stale', agentName: 'Stale', group: 'g' }), // not active: nothing in 30 days
    ]);
    expect(await group(w, 'g')).toMatchObject({
      health_status: 'not_enough_calls',
      reason: 'None of the 2 active agents has 5 calls with an outcome this week yet',
    });
    await w.scoreAll(calls(2, 2, '2026-11-20T09:00:00Z', { agent: 'b', group: 'g' }));
    expect(await group(w, 'g')).toMatchObject({
      health_status: 'healthy',
      reason: 'B is healthy and 1 other needs more calls this week',
    });
  });

  it.skipIf(!backend.available)(
    'places an agent as a person would, re-evaluating both groups, and ingest no longer moves it',
    async () => {
      const w = await zoned('UTC');
      await w.scoreAll([
        ...calls(6, 6, '2026-11-19T09:00:00Z', { agent: 'front-desk', group: 'clinics' }),
        { agent: 'front-desk', group: 'clinics', endedAt: '2026-11-19T10:00:00Z', outcome: 'resolved', failures: [{}] },
      ]);
      expect(await w.state('group', 'clinics')).toMatchObject({ status: 'watch' });
      await expect(w.agents.place(w.scope, 'front-desk', 'dental', { actor: 'test' })).rejects.toThrow(
        /No group dental/,
      );
      const moved = await w.agents.place(w.scope, 'front-desk', 'dental', {
        actor: 'person:ann',
        createGroup: { name: 'Dental' },
      });
      expect(moved).toEqual({ agent_id: 'front-desk', from_group: 'clinics', to_group: 'dental', created_group: true });
      expect(await w.state('group', 'clinics')).toMatchObject({
        status: 'not_enough_calls',
        reason: 'No agents are in this group',
      });
      expect(await w.state('group', 'dental')).toMatchObject({ status: 'watch' });
      expect((await w.transitions('group', 'clinics')).at(-1)).toMatchObject({
        old_status: 'watch',
        new_status: 'not_enough_calls',
        event: 'group.health_changed',
      });
      expect((await agent(w))?.group).toEqual({ id: 'dental', name: 'Dental' });

      // A later conversation naming another group is accepted but does not move the agent.
      await w.score({ agent: 'front-desk', group: 'clinics', endedAt: '2026-11-20T09:00:00Z', outcome: 'resolved' });
      expect((await agent(w))?.group?.id).toBe('dental');
      expect((await w.agents.list(w.scope)).find((a) => a.id === 'front-desk')).toMatchObject({
        placed_by_kind: 'person',
        placed_by: 'person:ann',
        health_status: 'watch',
      });

      await w.agents.place(w.scope, 'front-desk', null, { actor: 'person:ann' });
      expect((await agent(w))?.group).toBeNull();
      expect(await w.state('group', 'dental')).toMatchObject({ status: 'not_enough_calls' });
      await w.score({ agent: 'front-desk', group: 'clinics', endedAt: '2026-11-20T10:00:00Z', outcome: 'resolved' });
      expect((await agent(w))?.group).toBeNull();
      await expect(w.agents.place(w.scope, 'nobody', null, { actor: 'x' })).rejects.toThrow(/No agent nobody/);
    },
  );
});
