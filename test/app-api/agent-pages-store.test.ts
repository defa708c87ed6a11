/**
 * The agents and groups pages' reads on real stores: lists with health and both windows, an agent's trend per
 * local day with its release markers and health history, a group's members and the agent that set its status.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgentPages } from '../../src/storage/agent-pages.js';
import { createHomeReads } from '../../src/storage/home-page.js';
import type { OpenedStore } from '../../src/storage/open.js';
import { backends } from '../harness/backends.js';
import { createWorld, type World } from '../health/world.js';

describe.each(backends)('agent and group pages on $name', (backend) => {
  let store: OpenedStore;
  let dispose: () => Promise<void>;
  let w: World;

  beforeEach(async () => {
    if (!backend.available) return;
    const opened = await backend.open();
    store = opened.store;
    dispose = opened.dispose;
    // A zone far from UTC: 03:00 UTC is still the day before there.
    w = await createWorld(store, 'America/Los_Angeles', '2026-11-20T20:00:00Z');
  });
  afterEach(async () => {
    if (backend.available) await dispose();
  });

  it.skipIf(!backend.available)('an agent page: trend per local day, two release markers, health history', async () => {
    // Version 1.0 ten days ago, 2.0 from three days ago; three compliance failures put the agent at risk.
    await w.scoreAll([
      ...Array.from({ length: 4 }, () => ({
        agent: 'front-desk',
        agentName: 'Front desk',
        group: 'clinics',
        version: '1.0',
        endedAt: '2026-11-10T18:00:00Z',
        outcome: 'resolved' as const,
        frustration: 0.2,
      })),
      {
        agent: 'front-desk',
        group: 'clinics',
        version: '1.0',
        endedAt: '2026-11-10T19:00:00Z',
        outcome: 'escalated' as const,
      },
    ]);
    for (let i = 0; i < 3; i++) {
      await w.score({
        agent: 'front-desk',
        version: '2.0',
        // 03:00 UTC on the 18th is the 17th in Los Angeles.
        endedAt: '2026-11-18T03:00:00Z',
        outcome: 'unresolved',
        failures: [{ key: 'ai_disclosure', name: 'AI disclosure' }],
      });
    }
    const pages = createAgentPages(store);
    const page = await pages.agentPage(w.scope, 'front-desk', w.clock(), 30);
    expect(page).not.toBeNull();
    if (!page) return;
    expect(page.health_status).toBe('at_risk');
    expect(page.group).toEqual({ id: 'clinics', name: 'clinics' });
    expect(page.trend.time_zone).toBe('America/Los_Angeles');
    expect(page.trend.points).toHaveLength(30);
    expect(page.trend.to).toBe('2026-11-20');
    const byDay = new Map(page.trend.points.map((p) => [p.day, p]));
    expect(byDay.get('2026-11-10')).toEqual({
      day: '2026-11-10',
      conversations: 5,
      resolution_rate: 0.8,
      handed_to_person_rate: 0.2,
      avg_frustration: 0.2,
      compliance_failures: 0,
    });
    expect(byDay.get('2026-11-17')).toMatchObject({ conversations: 3, resolution_rate: 0, compliance_failures: 3 });
    expect(byDay.get('2026-11-18')).toMatchObject({ conversations: 0, resolution_rate: null });
    expect(page.trend.releases.map((r) => [r.version, r.day])).toEqual([
      ['1.0', '2026-11-10'],
      ['2.0', '2026-11-17'],
    ]);
    expect(page.transitions[0]).toMatchObject({ new_status: 'at_risk' });
    expect(page.transitions.length).toBeGreaterThanOrEqual(1);
    expect(page.last_conversation_at).toBe(Date.parse('2026-11-18T03:00:00Z'));
    expect(page.last_7_days).toMatchObject({ conversations: 3, compliance_failures: 3 });
    expect(page.last_30_days).toMatchObject({ conversations: 8 });

    // 90 days reach back further, with the same markers.
    const long = await pages.agentPage(w.scope, 'front-desk', w.clock(), 90);
    expect(long?.trend.points).toHaveLength(90);
    expect(long?.trend.from).toBe('2026-08-23');
    expect(await pages.agentPage(w.scope, 'nobody', w.clock())).toBeNull();
    expect(await pages.agentPage({ ...w.scope, environment: 'live' }, 'front-desk', w.clock())).toBeNull();
  });

  it.skipIf(!backend.available)('lists agents and groups; a group page names the agent that set it', async () => {
    const healthy = Array.from({ length: 6 }, () => ({
      agent: 'calm',
      agentName: 'Calm agent',
      group: 'clinics',
      endedAt: '2026-11-19T18:00:00Z',
      outcome: 'resolved' as const,
    }));
    const failing = Array.from({ length: 6 }, () => ({
      agent: 'rude',
      agentName: 'Rude agent',
      group: 'clinics',
      endedAt: '2026-11-19T18:00:00Z',
      outcome: 'resolved' as const,
      failures: [{ key: 'ai_disclosure', name: 'AI disclosure' }],
    }));
    await w.scoreAll([...healthy, ...failing, { agent: 'loner', endedAt: '2026-11-19T18:00:00Z', outcome: null }]);
    const pages = createAgentPages(store);

    const agents = await pages.listAgents(w.scope, w.clock());
    expect(agents.map((a) => [a.id, a.health_status, a.group?.id ?? null])).toEqual([
      ['calm', 'healthy', 'clinics'],
      ['loner', 'not_enough_calls', null],
      ['rude', 'at_risk', 'clinics'],
    ]);
    expect(agents[2]?.reason).toMatch(/AI disclosure failed 6 times/);
    expect(agents[0]?.last_7_days).toMatchObject({ conversations: 6, resolution_rate: 1 });

    const groups = await pages.listGroups(w.scope, w.clock());
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      id: 'clinics',
      health_status: 'at_risk',
      set_by: { id: 'rude', name: 'Rude agent' },
      agents: 2,
      last_7_days: { conversations: 12, compliance_failures: 6 },
    });

    const group = await pages.groupPage(w.scope, 'clinics', w.clock());
    expect(group?.members.map((m) => [m.id, m.health_status, m.sets_status])).toEqual([
      ['rude', 'at_risk', true],
      ['calm', 'healthy', false],
    ]);

    // Placed by a person: the page says who; archived, the agent stays listed but no longer sets the status.
    await w.agents.place(w.scope, 'rude', null, { actor: 'app:usr_1' });
    const moved = await pages.agentPage(w.scope, 'rude', w.clock());
    expect(moved?.placement).toMatchObject({ by_kind: 'person', by: 'app:usr_1' });
    expect(moved?.group).toBeNull();
    const after = await pages.groupPage(w.scope, 'clinics', w.clock());
    expect(after).toMatchObject({ health_status: 'healthy', set_by: { id: 'calm' } });
    await w.agents.setArchived(w.scope, 'calm', true);
    const archived = await pages.groupPage(w.scope, 'clinics', w.clock());
    expect(archived).toMatchObject({ health_status: 'not_enough_calls', set_by: null, agents: 0 });
    expect(archived?.members.map((m) => [m.id, m.active])).toEqual([['calm', false]]);
    expect(await pages.groupPage(w.scope, 'nowhere', w.clock())).toBeNull();

    const home = await createHomeReads(store).counts(w.scope, w.clock());
    expect(home).toEqual({ today: 0, last_7_days: 13, time_zone: 'America/Los_Angeles' });
  });
});
