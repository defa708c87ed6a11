/**
 * GET /v1/agents/{agent_id}/health and GET /v1/groups/{group_id}/health through the HTTP app, with a clock the
 * test controls: every field, every status rule at its boundaries, time zones, sliding windows, scoping.
 */
import { describe, expect, it } from 'vitest';
import { bearer, type TestApp } from '../harness/app.js';
import { backends } from '../harness/backends.js';
import { expectError, useTestApp } from '../harness/http.js';
import { calls, type Scored, type World, worldFor } from './world.js';

const START = Date.parse('2026-11-20T12:00:00Z');

function clockBox() {
  const box = { now: START };
  return { box, clock: () => box.now };
}

async function worldOf(t: TestApp, box: { now: number }): Promise<World> {
  const project = await t.tenancy.findProject(t.projectId);
  return worldFor(
    t.store,
    t.projectId,
    project?.workspace_id ?? '',
    () => box.now,
    (now) => {
      box.now = now;
    },
  );
}

let counter = 0;
function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}

function get(t: TestApp, url: string, key = t.keys.testRead) {
  return t.app.inject({ method: 'GET', url, headers: bearer(key) });
}

describe.each(backends)('health endpoints on $name', (backend) => {
  const { box, clock } = clockBox();
  const app = useTestApp(backend, { clock });

  /** Scores conversations for a fresh agent and returns its health. */
  async function healthAfter(specs: (agent: string) => Scored[]) {
    const t = app();
    box.now = START;
    const agent = unique('agent');
    await (await worldOf(t, box)).scoreAll(specs(agent));
    const response = await get(t, `/v1/agents/${agent}/health`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { health_status: string; reason: string; last_7_days: Record<string, unknown> };
  }

  /** 7-day: `b` outcomes on Nov 19 with `a` resolved; older: `d` outcomes on Nov 2 with `c` resolved. */
  const rated = (a: number, b: number, c: number, d: number) => (agent: string) => [
    ...calls(b, a, '2026-11-19T10:00:00Z', { agent }),
    ...calls(d, c, '2026-11-02T10:00:00Z', { agent }),
  ];

  it.skipIf(!backend.available)('answers every field of an agent report to a read key', async () => {
    const t = app();
    box.now = START;
    const w = await worldOf(t, box);
    // The named conversations first: the first conversation to file an agent gives it its name, and scoreAll
    // stores a batch concurrently.
    await w.scoreAll(
      calls(6, 5, '2026-11-19T10:00:00Z', {
        agent: 'shape-agent',
        agentName: 'Shape agent',
        group: 'shape-group',
        frustration: 0.5,
      }),
    );
    await w.scoreAll([
      { agent: 'shape-agent', endedAt: '2026-11-19T11:00:00Z', outcome: 'escalated', personRequestFailed: true },
      { agent: 'shape-agent', endedAt: '2026-11-01T11:00:00Z', outcome: 'not_real_inquiry' },
    ]);
    const response = await get(t, '/v1/agents/shape-agent/health');
    expect(response.statusCode).toBe(200);
    expect(response.headers['service-request-id']).toEqual(expect.any(String));
    expect(response.json()).toEqual({
      agent_id: 'shape-agent',
      name: 'Shape agent',
      environment: 'test',
      health_status: 'healthy',
      reason: 'Resolution is 71% over the last 7 days and 71% over 30 days, with no compliance failures',
      group: { id: 'shape-group', name: 'shape-group' },
      last_7_days: {
        conversations: 7,
        with_outcome: 7,
        resolution_rate: 5 / 7,
        handed_to_person_rate: 1 / 7,
        requests_for_person_not_honored: 1,
        avg_frustration: 0.5,
        compliance_failures: 0,
      },
      last_30_days: {
        conversations: 8,
        with_outcome: 7,
        resolution_rate: 5 / 7,
        handed_to_person_rate: 1 / 7,
        requests_for_person_not_honored: 1,
        avg_frustration: 0.5,
        compliance_failures: 0,
      },
    });

    const groupResponse = await get(t, '/v1/groups/shape-group/health');
    expect(groupResponse.statusCode).toBe(200);
    expect(groupResponse.json()).toEqual({
      group_id: 'shape-group',
      name: 'shape-group',
      environment: 'test',
      health_status: 'healthy',
      reason: 'Shape agent is healthy',
      agents: [{ id: 'shape-agent', name: 'Shape agent', health_status: 'healthy' }],
      last_7_days: response.json().last_7_days,
      last_30_days: response.json().last_30_days,
    });
  });

  it.skipIf(!backend.available)('answers 404 for unknown ids, ids off the pattern and other scopes', async () => {
    const t = app();
    const w = await worldOf(t, box);
    await w.score({
      agent: 'scoped-agent',
      group: 'scoped-group',
      endedAt: '2026-11-19T10:00:00Z',
      outcome: 'resolved',
    });
    for (const url of [
      '/v1/agents/nobody/health',
      '/v1/groups/nothing/health',
      '/v1/agents/-bad/health',
      '/v1/agents/a%2Fb/health',
      `/v1/agents/${'a'.repeat(129)}/health`,
    ]) {
      expectError(await get(t, url), 404, 'not_found');
    }
    expect((await get(t, '/v1/agents/scoped-agent/health')).statusCode).toBe(200);
    expectError(await get(t, '/v1/agents/scoped-agent/health', t.keys.liveFull), 404, 'not_found');
    expectError(await get(t, '/v1/groups/scoped-group/health', t.keys.liveFull), 404, 'not_found');
    expectError(await get(t, '/v1/agents/scoped-agent/health', t.keys.otherProject), 404, 'not_found');
    expect((await get(t, '/v1/agents/scoped-agent/health', t.keys.testFull)).statusCode).toBe(200);
    expectError(await get(t, '/v1/agents/scoped-agent/health', t.keys.testIngest), 403, 'permission_denied');
    expectError(
      await t.app.inject({ method: 'GET', url: '/v1/groups/scoped-group/health' }),
      401,
      'authentication_error',
    );
    const post = await t.app.inject({
      method: 'POST',
      url: '/v1/agents/scoped-agent/health',
      headers: bearer(t.keys.testFull),
    });
    expectError(post, 405, 'method_not_allowed');
    expect(post.headers.allow).toMatch(/GET/);
  });

  it.skipIf(!backend.available)('documents both endpoints in the OpenAPI document', async () => {
    const document = (await app().app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(Object.keys(document.paths['/v1/agents/{agent_id}/health'])).toEqual(['get']);
    expect(Object.keys(document.paths['/v1/groups/{group_id}/health'])).toEqual(['get']);
    expect(document.components.schemas).toHaveProperty('HealthWindow');
  });

  it.skipIf(!backend.available)(
    'is watch at a drop of exactly 5 points and exactly 10, at_risk beyond 10',
    async () => {
      expect(await healthAfter(rated(8, 10, 9, 10))).toMatchObject({
        health_status: 'watch',
        reason: 'Resolution fell 5 points below the 30-day rate',
      });
      expect(await healthAfter(rated(7, 10, 9, 10))).toMatchObject({
        health_status: 'watch',
        reason: 'Resolution fell 10 points below the 30-day rate',
      });
      // 7 of 10 against 33 of 41: 10.5 points.
      expect(await healthAfter(rated(7, 10, 26, 31))).toMatchObject({ health_status: 'at_risk' });
      // 8 of 10 against 34 of 40 is 5 points; 33 of 40 is 2.5.
      expect(await healthAfter(rated(8, 10, 25, 30))).toMatchObject({ health_status: 'healthy' });
    },
  );

  it.skipIf(!backend.available)('needs 5 conversations with an outcome: 4 is not enough, 5 is', async () => {
    expect(await healthAfter((agent) => calls(4, 4, '2026-11-19T10:00:00Z', { agent }))).toMatchObject({
      health_status: 'not_enough_calls',
      reason: 'Needs 1 more call this week',
    });
    expect(await healthAfter((agent) => calls(5, 5, '2026-11-19T10:00:00Z', { agent }))).toMatchObject({
      health_status: 'healthy',
    });
    expect(
      await healthAfter((agent) => [
        ...calls(4, 4, '2026-11-19T10:00:00Z', { agent }),
        { agent, endedAt: '2026-11-19T11:00:00Z', outcome: 'not_real_inquiry' },
      ]),
    ).toMatchObject({ health_status: 'not_enough_calls', last_7_days: { conversations: 5, with_outcome: 4 } });
  });

  it.skipIf(!backend.available)('is watch with 1 or 2 compliance failures and at_risk with 3', async () => {
    const failing =
      (n: number, severity: 'low' | 'high' = 'low') =>
      (agent: string) => [
        ...calls(10, 10, '2026-11-19T10:00:00Z', { agent }),
        ...Array.from(
          { length: n },
          (): Scored => ({
            agent,
            endedAt: '2026-11-18T10:00:00Z',
            outcome: 'resolved',
            failures: [{ key: 'recording_notice', name: 'Recording notice', severity }],
          }),
        ),
      ];
    expect(await healthAfter(failing(1))).toMatchObject({
      health_status: 'watch',
      reason: 'Recording notice failed once in the last 7 days',
    });
    expect(await healthAfter(failing(2))).toMatchObject({
      health_status: 'watch',
      last_7_days: { compliance_failures: 2 },
    });
    expect(await healthAfter(failing(3))).toMatchObject({
      health_status: 'at_risk',
      reason: 'Recording notice failed 3 times in the last 7 days',
    });
  });

  it.skipIf(!backend.available)('under low volume counts only high-severity compliance failures', async () => {
    const lowVolume = (n: number, severity: 'low' | 'high') => (agent: string) => [
      ...calls(2, 2, '2026-11-19T10:00:00Z', { agent }),
      ...Array.from(
        { length: n },
        (): Scored => ({
          agent,
          endedAt: '2026-11-18T10:00:00Z',
          outcome: 'resolved',
          failures: [{ key: 'ai_disclosure', name: 'AI disclosure', severity }],
        }),
      ),
    ];
    expect(await healthAfter(lowVolume(2, 'low'))).toMatchObject({
      health_status: 'not_enough_calls',
      reason: 'Needs 1 more call this week',
    });
    expect(await healthAfter(lowVolume(1, 'high'))).toMatchObject({
      health_status: 'watch',
      reason: 'AI disclosure failed once in the last 7 days',
    });
    expect(await healthAfter(lowVolume(2, 'high'))).toMatchObject({
      health_status: 'at_risk',
      reason: 'AI disclosure failed twice in the last 7 days',
    });
    // Shadow checks never count.
    expect(
      await healthAfter((agent) => [
        {
          agent,
          endedAt: '2026-11-19T10:00:00Z',
          outcome: 'resolved',
          failures: [{ severity: 'high', status: 'shadow' }],
        },
      ]),
    ).toMatchObject({ health_status: 'not_enough_calls', last_7_days: { compliance_failures: 0 } });
  });

  it.skipIf(!backend.available)('slides the windows as the clock moves', async () => {
    const t = app();
    box.now = START;
    const agent = unique('sliding');
    await (await worldOf(t, box)).scoreAll([
      ...calls(10, 10, '2026-11-19T10:00:00Z', { agent }),
      { agent, endedAt: '2026-11-14T10:00:00Z', outcome: 'resolved', failures: [{ name: 'AI disclosure' }] },
    ]);
    expect((await get(t, `/v1/agents/${agent}/health`)).json()).toMatchObject({ health_status: 'watch' });
    box.now = Date.parse('2026-11-21T00:00:00Z');
    expect((await get(t, `/v1/agents/${agent}/health`)).json()).toMatchObject({
      health_status: 'healthy',
      last_7_days: { conversations: 10, compliance_failures: 0 },
      last_30_days: { conversations: 11, compliance_failures: 1 },
    });
    box.now = Date.parse('2026-11-26T00:00:00Z');
    expect((await get(t, `/v1/agents/${agent}/health`)).json()).toMatchObject({
      health_status: 'not_enough_calls',
      reason: 'No calls in the last 7 days',
    });
    box.now = START;
  });

  it.skipIf(!backend.available)('answers group health: worst active agent, named, totals across agents', async () => {
    const t = app();
    box.now = START;
    const g = unique('group');
    await (await worldOf(t, box)).scoreAll([
      ...calls(10, 10, '2026-11-19T10:00:00Z', { agent: `${g}-a`, agentName: 'Front desk', group: g }),
      ...calls(10, 7, '2026-11-19T10:00:00Z', { agent: `${g}-b`, agentName: 'Billing', group: g }),
      ...calls(10, 10, '2026-11-02T10:00:00Z', { agent: `${g}-b`, agentName: 'Billing', group: g }),
      ...calls(1, 1, '2026-11-19T10:00:00Z', { agent: `${g}-c`, agentName: 'Night line', group: g }),
    ]);
    const response = await get(t, `/v1/groups/${g}/health`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      group_id: g,
      health_status: 'at_risk',
      reason: 'Billing is at risk: resolution fell 15 points below the 30-day rate',
      agents: [
        { id: `${g}-a`, name: 'Front desk', health_status: 'healthy' },
        { id: `${g}-b`, name: 'Billing', health_status: 'at_risk' },
        { id: `${g}-c`, name: 'Night line', health_status: 'not_enough_calls' },
      ],
      last_7_days: { conversations: 21, with_outcome: 21, resolution_rate: 18 / 21 },
      last_30_days: { conversations: 31, with_outcome: 31, resolution_rate: 28 / 31 },
    });
  });
});

describe.each(backends)('health endpoints in a workspace time zone on $name', (backend) => {
  const { box, clock } = clockBox();
  const app = useTestApp(backend, { clock });

  it.skipIf(!backend.available)('counts whole local days on both sides of midnight', async () => {
    const t = app();
    const project = await t.tenancy.findProject(t.projectId);
    await t.store.db
      .updateTable('workspaces')
      .set({ timezone: 'America/Los_Angeles' })
      .where('id', '=', project?.workspace_id ?? '')
      .execute();
    box.now = Date.parse('2026-11-20T20:00:00Z');
    const w = await worldOf(t, box);
    // Nov 13 23:30 and Nov 14 00:30 in Los Angeles.
    await w.score({ agent: 'la', endedAt: '2026-11-14T07:30:00Z', outcome: 'resolved' });
    await w.score({ agent: 'la', endedAt: '2026-11-14T08:30:00Z', outcome: 'resolved' });
    const window = async () => (await get(t, '/v1/agents/la/health')).json().last_7_days.conversations;
    expect(await window()).toBe(1);
    box.now = Date.parse('2026-11-21T07:59:59Z'); // Nov 20 23:59:59 local
    expect(await window()).toBe(1);
    box.now = Date.parse('2026-11-21T08:00:00Z'); // Nov 21 00:00 local
    expect(await window()).toBe(0);
  });
});
