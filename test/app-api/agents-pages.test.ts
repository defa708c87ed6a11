/**
 * Agents, groups and Home over /app/api on both stores: lists with health, an agent's page with its trend and
 * release markers, placement by a person (after which a conversation naming another group moves nothing, and
 * /v1 group health agrees), archiving, a group's page, Home's figures, roles and workspaces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../harness/app.js';
import { backends } from '../harness/backends.js';
import { expectEnvelope } from './browser.js';
import { type PartTwoApp, startPartTwoApp } from './part-two-world.js';

const today = () => new Date().toISOString();
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
/** A three-minute conversation ending then. */
const endedAt = (end: string) => ({ ended_at: end, started_at: new Date(Date.parse(end) - 180_000).toISOString() });

describe.each(backends)('agents, groups and Home API ($name)', (backend) => {
  let t: PartTwoApp;
  beforeAll(async () => {
    if (!backend.available) return;
    t = await startPartTwoApp(backend);
    // front-desk: release 2.4 five days ago, 2.5 today; in the clinics group (filed by its conversations).
    for (let i = 0; i < 3; i++) {
      await t.post({
        ...endedAt(daysAgo(5)),
        agent: { id: 'front-desk', name: 'Front desk', version: '2.4' },
        group: { id: 'clinics', name: 'Clinics' },
      });
    }
    await t.post({
      ...endedAt(today()),
      agent: { id: 'front-desk', name: 'Front desk', version: '2.5' },
      group: { id: 'clinics', name: 'Clinics' },
    });
    // A chat agent that claims to be a person twice: at risk by the low-volume rule.
    for (let i = 0; i < 2; i++) {
      await t.post({
        channel: 'chat',
        ended_by: 'user',
        ...endedAt(today()),
        agent: { id: 'web-chat', name: 'Web chat', version: '1.0' },
        group: { id: 'online', name: 'Online' },
        transcript: [
          { speaker: 'user', text: 'Am I talking to a robot?' },
          { speaker: 'agent', text: 'No, I am a real person, not a bot.' },
        ],
      });
    }
    await t.scoreQueued();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.skipIf(!backend.available)('lists agents and groups with health, windows and the last conversation', async () => {
    const viewer = await t.signedIn('viewer');
    const agents = await viewer.get(`${t.base()}/health/agents`);
    expect(agents.statusCode, agents.body).toBe(200);
    const byId = new Map(agents.json().data.map((a: { id: string }) => [a.id, a]));
    expect(byId.get('front-desk')).toMatchObject({
      name: 'Front desk',
      group: { id: 'clinics', name: 'Clinics' },
      last_7_days: { conversations: 4 },
      last_30_days: { conversations: 4 },
    });
    expect(byId.get('web-chat')).toMatchObject({ health_status: 'at_risk', last_7_days: { compliance_failures: 2 } });
    expect((byId.get('web-chat') as { reason: string }).reason).toMatch(/AI disclosure/);
    expect(
      Date.parse((byId.get('front-desk') as { last_conversation_at: string }).last_conversation_at),
    ).toBeGreaterThan(Date.now() - 86_400_000);
    const groups = await viewer.get(`${t.base()}/health/groups`);
    const online = groups.json().data.find((g: { id: string }) => g.id === 'online');
    expect(online).toMatchObject({ health_status: 'at_risk', set_by: { id: 'web-chat', name: 'Web chat' }, agents: 1 });
    // Live has none of it.
    expect((await viewer.get(`${t.base('live')}/health/agents`)).json().data).toEqual([]);
  });

  it.skipIf(!backend.available)('shows an agent page: trend, two release markers, health history', async () => {
    const viewer = await t.signedIn('viewer');
    const page = await viewer.get(`${t.base()}/agents/front-desk?days=90`);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.trend.days).toBe(90);
    expect(body.trend.points).toHaveLength(90);
    expect(body.trend.time_zone).toBe('UTC');
    expect(body.trend.releases.map((r: { version: string }) => r.version)).toEqual(['2.4', '2.5']);
    expect(body.trend.points.reduce((n: number, p: { conversations: number }) => n + p.conversations, 0)).toBe(4);
    const risky = await viewer.get(`${t.base()}/agents/web-chat`);
    // The first failure put it on watch, the second at risk: newest first.
    expect(risky.json().transitions.map((x: { new_status: string }) => x.new_status)).toEqual(['at_risk', 'watch']);
    expect(risky.json().transitions[1]).toMatchObject({
      old_status: 'not_enough_calls',
      reason: expect.stringMatching(/AI disclosure/),
    });
    expect(risky.json().trend.points).toHaveLength(30);
    expectEnvelope(await viewer.get(`${t.base()}/agents/front-desk?days=7`), 422, 'validation_error');
    expectEnvelope(await viewer.get(`${t.base()}/agents/nobody`), 404, 'not_found');
    expectEnvelope(await viewer.get(`${t.base('live')}/agents/front-desk`), 404, 'not_found');
    expectEnvelope(await viewer.get(`/projects/${t.other.projectId}/test/agents/front-desk`), 404, 'not_found');
  });

  it.skipIf(!backend.available)(
    'places an agent as a person: later conversations naming a group move nothing',
    async () => {
      const viewer = await t.signedIn('viewer');
      const placement = { group_id: 'front-office', new_group_name: 'Front office' };
      expectEnvelope(await viewer.post(`${t.base()}/agents/front-desk/placement`, placement), 403, 'permission_denied');
      const member = await t.signedIn('member');
      expectEnvelope(
        await member.post(`${t.base()}/agents/front-desk/placement`, { group_id: 'nowhere' }),
        422,
        'validation_error',
      );
      const moved = await member.post(`${t.base()}/agents/front-desk/placement`, placement);
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ from_group: 'clinics', to_group: 'front-office', created_group: true });

      // A conversation naming a third group leaves the agent where the person put it.
      await t.post({
        ...endedAt(today()),
        agent: { id: 'front-desk', name: 'Front desk', version: '2.5' },
        group: { id: 'third-group', name: 'Third' },
      });
      await t.scoreQueued();
      const page = await member.get(`${t.base()}/agents/front-desk`);
      expect(page.json()).toMatchObject({
        group: { id: 'front-office', name: 'Front office' },
        placement: { by_kind: 'person', by: `app:${t.users.member.id}`, by_name: t.users.member.name },
      });
      const health = await t.app.inject({
        method: 'GET',
        url: '/v1/groups/front-office/health',
        headers: bearer(t.keys.testRead),
      });
      expect(health.json().agents.map((a: { id: string }) => a.id)).toEqual(['front-desk']);
      const group = await member.get(`${t.base()}/groups/front-office`);
      expect(group.statusCode, group.body).toBe(200);
      expect(group.json()).toMatchObject({ id: 'front-office', agents: 1, last_7_days: { conversations: 5 } });
      expect(group.json().members.map((m: { id: string }) => m.id)).toEqual(['front-desk']);
      const clinics = await member.get(`${t.base()}/groups/clinics`);
      expect(clinics.json()).toMatchObject({ agents: 0, health_status: 'not_enough_calls', members: [] });

      // Into no group, then archived and back.
      const none = await member.post(`${t.base()}/agents/front-desk/placement`, { group_id: null });
      expect(none.json()).toMatchObject({ to_group: null });
      const archived = await member.post(`${t.base()}/agents/web-chat/archive`, { archived: true });
      expect(archived.json()).toMatchObject({ agent_id: 'web-chat', changed: true });
      expect(archived.json().archived_at).toMatch(/^\d{4}-/);
      const online = await member.get(`${t.base()}/groups/online`);
      expect(online.json()).toMatchObject({ health_status: 'not_enough_calls', set_by: null, agents: 0 });
      expect(online.json().members).toMatchObject([{ id: 'web-chat', active: false }]);
      const back = await member.post(`${t.base()}/agents/web-chat/archive`, { archived: false });
      expect(back.json()).toMatchObject({ changed: true, archived_at: null });
      expectEnvelope(await member.post(`${t.base()}/agents/nobody/archive`, { archived: true }), 404, 'not_found');
      expectEnvelope(await member.get(`${t.base()}/groups/nowhere`), 404, 'not_found');
    },
  );

  it.skipIf(!backend.available)(
    'shows Home: counts, what needs attention, failing checks, failed conversations',
    async () => {
      const failedId = await t.post(endedAt(today()));
      await t.scoreQueued();
      // A conversation whose scoring gave up (five attempts) is listed for a re-run.
      await t.store.db.updateTable('conversations').set({ status: 'failed' }).where('id', '=', failedId).execute();
      const viewer = await t.signedIn('viewer');
      const home = await viewer.get(`${t.base()}/home`);
      expect(home.statusCode, home.body).toBe(200);
      const body = home.json();
      expect(body.time_zone).toBe('UTC');
      expect(body.conversations.last_7_days).toBeGreaterThanOrEqual(7);
      expect(body.conversations.today).toBeGreaterThanOrEqual(4);
      expect(body.attention.agents.map((a: { id: string }) => a.id)).toContain('web-chat');
      expect(body.attention.groups.map((g: { id: string }) => g.id)).toContain('online');
      expect(body.failing_checks[0]).toMatchObject({ key: expect.any(String), failures: expect.any(Number) });
      expect(body.failing_checks.map((c: { key: string }) => c.key)).toContain('ai_disclosure');
      expect(body.failed_conversations.map((c: { id: string }) => c.id)).toEqual([failedId]);
      expect(body.failed_conversations[0].dashboard_url).toBe(
        `https://cqm.example.test/app/test/conversations/${failedId}`,
      );
      const live = await viewer.get(`${t.base('live')}/home`);
      expect(live.json()).toMatchObject({ conversations: { today: 0, last_7_days: 0 }, failed_conversations: [] });
      expectEnvelope(await t.browser().get(`${t.base()}/home`), 401, 'authentication_error');
      expectEnvelope(await viewer.get(`/projects/${t.other.projectId}/test/home`), 404, 'not_found');
    },
  );
});
