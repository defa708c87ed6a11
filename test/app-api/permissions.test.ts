/**
 * Every /app/api route: without a session 401 (but csrf, sign-in and the invitation token routes); a viewer's
 * change 403 on every changing route; a member's 403 on the admin's and owner's; never a 500; always no-store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRole } from '../../src/domain/roles.js';
import { backends } from '../harness/backends.js';
import { conversationBody } from '../harness/fixtures.js';
import { postConversation } from '../harness/http.js';
import { expectEnvelope, type PeopleApp, startPeopleApp } from './browser.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Route {
  method: Method;
  path: string;
  body?: unknown;
  /** The least role that may call it; undefined: any signed-in user (reads). */
  role?: UserRole;
  public?: boolean;
}

function routes(p: string, conversation: string): Route[] {
  const hook = 'we_00000000000000000000000000';
  // Reads name the agent and group the posted conversation made; changes name ones that do not exist (the role
  // is decided before the agent is looked up), so an owner going through the table moves and archives nothing.
  const agent = 'front-desk';
  const group = 'clinics';
  const noAgent = 'agt_00000000000000000000000000';
  const probe = 'permissions_probe';
  const rule = { type: 'phrase', speaker: 'agent', mode: 'must_say', phrases: ['thanks'], within: 'any_turn' };
  return [
    { method: 'GET', path: '/csrf', public: true },
    { method: 'POST', path: '/sign-in', body: { email: 'x@example.test', password: 'whatever it is' }, public: true },
    { method: 'GET', path: `/invitations/${'a'.repeat(43)}`, public: true },
    {
      method: 'POST',
      path: `/invitations/${'a'.repeat(43)}/accept`,
      body: { name: 'X', password: 'long enough pw' },
      public: true,
    },
    { method: 'POST', path: '/sign-out', role: 'viewer' },
    { method: 'GET', path: '/session' },
    { method: 'POST', path: '/password', body: { current_password: 'a', new_password: 'b' }, role: 'viewer' },
    { method: 'GET', path: '/workspace' },
    { method: 'PATCH', path: '/workspace', body: { name: 'Renamed' }, role: 'owner' },
    { method: 'GET', path: '/members' },
    { method: 'POST', path: '/invitations', body: { role: 'viewer' }, role: 'admin' },
    { method: 'DELETE', path: '/invitations/inv_00000000000000000000000000', role: 'admin' },
    { method: 'PATCH', path: '/members/usr_00000000000000000000000000', body: { role: 'viewer' }, role: 'admin' },
    { method: 'DELETE', path: '/members/usr_00000000000000000000000000', role: 'admin' },
    { method: 'GET', path: `/projects/${p}/test/conversations` },
    { method: 'GET', path: `/test/conversations/${conversation}` },
    {
      method: 'POST',
      path: `/test/conversations/${conversation}/labels`,
      body: { check_key: 'outcome', choice: 'resolved' },
      role: 'member',
    },
    { method: 'POST', path: `/test/conversations/${conversation}/rerun`, role: 'member' },
    { method: 'GET', path: `/projects/${p}/test/agents` },
    { method: 'GET', path: `/projects/${p}/test/groups` },
    { method: 'GET', path: `/projects/${p}/checks` },
    // Part 2: the Checks page.
    { method: 'GET', path: `/projects/${p}/test/checks` },
    { method: 'GET', path: `/projects/${p}/test/checks/outcome` },
    { method: 'GET', path: `/projects/${p}/test/checks/outcome/agreement` },
    { method: 'POST', path: `/projects/${p}/checks`, body: { key: probe, name: 'Probe', rule }, role: 'admin' },
    {
      method: 'POST',
      path: `/projects/${p}/checks`,
      body: { key: `${probe}_judge`, name: 'Probe judge', judge: { question: 'Was it polite?', answer: 'pass_fail' } },
      role: 'admin',
    },
    { method: 'PATCH', path: `/projects/${p}/checks/${probe}`, body: { name: 'Probe renamed', rule }, role: 'admin' },
    { method: 'PATCH', path: `/projects/${p}/checks/${probe}`, body: { status: 'shadow' }, role: 'admin' },
    { method: 'PATCH', path: `/projects/${p}/checks/${probe}`, body: { enabled: false }, role: 'admin' },
    // The promotion override: the route lets an admin in, the handler refuses anyone but an owner (403).
    {
      method: 'PATCH',
      path: `/projects/${p}/checks/${probe}`,
      body: { status: 'active', override_reason: 'Reviewed by hand.' },
      role: 'owner',
    },
    { method: 'POST', path: `/projects/${p}/test/checks/preview`, body: { rule }, role: 'admin' },
    // The judge: its settings, the connection set and forgotten (there is no DELETE), and its test.
    { method: 'GET', path: `/projects/${p}/judge` },
    {
      method: 'PATCH',
      path: `/projects/${p}/judge`,
      body: { base_url: 'http://127.0.0.1:9/v1', model: 'probe-model' },
      role: 'admin',
    },
    { method: 'PATCH', path: `/projects/${p}/judge`, body: { sample_rate: 0.5, daily_cap: 100 }, role: 'admin' },
    { method: 'PATCH', path: `/projects/${p}/judge`, body: { base_url: null, model: null }, role: 'admin' },
    { method: 'POST', path: `/projects/${p}/judge/test`, role: 'admin' },
    // Part 2: agents and groups, Home.
    { method: 'GET', path: `/projects/${p}/test/health/agents` },
    { method: 'GET', path: `/projects/${p}/test/agents/${agent}` },
    {
      method: 'POST',
      path: `/projects/${p}/test/agents/${noAgent}/placement`,
      body: { group_id: null },
      role: 'member',
    },
    { method: 'POST', path: `/projects/${p}/test/agents/${noAgent}/archive`, body: { archived: true }, role: 'member' },
    { method: 'GET', path: `/projects/${p}/test/health/groups` },
    { method: 'GET', path: `/projects/${p}/test/groups/${group}` },
    { method: 'GET', path: `/projects/${p}/test/home` },
    { method: 'GET', path: `/projects/${p}/test/keys` },
    { method: 'POST', path: `/projects/${p}/test/keys`, body: { name: 'k', role: 'read' }, role: 'admin' },
    { method: 'DELETE', path: `/projects/${p}/test/keys/key_00000000000000000000000000`, role: 'admin' },
    { method: 'GET', path: `/projects/${p}/test/webhooks` },
    { method: 'POST', path: `/projects/${p}/test/webhooks`, body: { url: 'http://127.0.0.1:9/h' }, role: 'admin' },
    { method: 'PATCH', path: `/projects/${p}/test/webhooks/${hook}`, body: { enabled: false }, role: 'admin' },
    { method: 'POST', path: `/projects/${p}/test/webhooks/${hook}/rotate-secret`, role: 'admin' },
    { method: 'POST', path: `/projects/${p}/test/webhooks/${hook}/test`, role: 'admin' },
    { method: 'GET', path: `/projects/${p}/test/webhooks/${hook}/deliveries` },
    {
      method: 'POST',
      path: `/projects/${p}/test/webhooks/${hook}/deliveries/msg_00000000000000000000000000/redeliver`,
      role: 'admin',
    },
  ];
}

const RANK: Record<UserRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

describe.each(backends)('who may call each /app/api route ($name)', (backend) => {
  let t: PeopleApp;
  let all: Route[];
  beforeAll(async () => {
    if (!backend.available) return;
    t = await startPeopleApp(backend);
    const conversation = (await postConversation(t, conversationBody())).json().id as string;
    all = routes(t.projectId, conversation);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.skipIf(!backend.available)(
    'answers 401 without a session on every route but the public ones, never 500',
    async () => {
      const browser = t.browser();
      await browser.get('/csrf');
      for (const route of all) {
        const response = await browser.request(route.method, route.path, route.body);
        expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBeLessThan(500);
        expect(response.headers['cache-control'], route.path).toBe('no-store');
        if (route.public) {
          expect(response.statusCode, `${route.method} ${route.path}`).not.toBe(403);
          expect(response.json().error?.message ?? '').not.toMatch(/^No route/);
        } else {
          expectEnvelope(response, 401, 'authentication_error');
        }
      }
    },
  );

  for (const role of ['viewer', 'member', 'admin'] as const) {
    it.skipIf(!backend.available)(
      `refuses a ${role} every change that needs more (403), before touching anything`,
      async () => {
        const browser = await t.signedIn(role);
        let refused = 0;
        for (const route of all) {
          if (route.public || route.role === undefined || RANK[route.role] <= RANK[role]) continue;
          const response = await browser.request(route.method, route.path, route.body);
          expectEnvelope(response, 403, 'permission_denied');
          refused += 1;
        }
        expect(refused).toBeGreaterThan(0);
        // Still signed in and still the same role: nothing was changed on the way.
        expect((await browser.get('/session')).json().user.role).toBe(role);
      },
    );
  }

  it.skipIf(!backend.available)('refuses every change without the CSRF header, even for an owner', async () => {
    const browser = await t.signedIn('owner');
    for (const route of all) {
      if (route.method === 'GET' || route.public) continue;
      const response = await browser.request(route.method, route.path, route.body, { csrf: null });
      expectEnvelope(response, 403, 'permission_denied');
    }
    expect((await browser.get('/session')).statusCode).toBe(200);
  });

  it.skipIf(!backend.available)('no route is unknown: each answers something other than "No route"', async () => {
    const browser = await t.signedIn('owner');
    for (const route of all) {
      if (route.path === '/sign-out' || route.path === '/password') continue;
      const response = await browser.request(route.method, route.path, route.body);
      expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBeLessThan(500);
      const message = response.statusCode >= 400 ? response.json().error.message : '';
      expect(message, `${route.method} ${route.path}`).not.toMatch(/^No route/);
    }
  });
});
