/**
 * Signing in and out, sessions, CSRF and the password: on both stores, through the real application.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../harness/backends.js';
import { expectEnvelope, PASSWORD, type PeopleApp, startPeopleApp } from './browser.js';

describe.each(backends)('sign-in and sessions ($name)', (backend) => {
  let t: PeopleApp;
  beforeAll(async () => {
    if (backend.available) t = await startPeopleApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.skipIf(!backend.available)('signs in with the right password and shows the session', async () => {
    const browser = t.browser();
    const signIn = await browser.signIn(t.users.member.email.toUpperCase());
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().user).toEqual({
      id: t.users.member.id,
      email: t.users.member.email,
      name: t.users.member.name,
      role: 'member',
    });
    const cookie = signIn.headers['set-cookie']?.toString() ?? '';
    expect(cookie).toMatch(/cqm_session=[^;]+;.*HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // The test application's public URL is https: the cookie is Secure.
    expect(cookie).toMatch(/Secure/);
    expect(signIn.headers['cache-control']).toBe('no-store');

    const session = await browser.get('/session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      user: { id: t.users.member.id, role: 'member' },
      workspace: { id: t.workspaceId, timezone: 'UTC' },
      csrf_token: signIn.json().csrf_token,
    });
    expect(session.json().projects.map((p: { id: string }) => p.id)).toContain(t.projectId);
    expect(session.json().projects.map((p: { id: string }) => p.id)).not.toContain(t.other.projectId);
  });

  it.skipIf(!backend.available)('answers an unknown address and a wrong password alike', async () => {
    const wrong = await t.browser().signIn(t.users.admin.email, 'not the password at all');
    const unknown = await t.browser().signIn('nobody@example.test', 'not the password at all');
    expectEnvelope(wrong, 401, 'authentication_error');
    expectEnvelope(unknown, 401, 'authentication_error');
    expect(wrong.json().error.message).toBe(unknown.json().error.message);
    expect(Object.keys(wrong.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it.skipIf(!backend.available)(
    'limits sign-in attempts per address, then refuses even the right password',
    async () => {
      const user = await t.makeUser('viewer');
      const browser = t.browser();
      await browser.get('/csrf');
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++)
        statuses.push((await browser.post('/sign-in', { email: user.email, password: 'wrong password!' })).statusCode);
      expect(statuses).toEqual(Array(10).fill(401));
      const limited = await browser.post('/sign-in', { email: user.email, password: PASSWORD });
      expectEnvelope(limited, 429, 'rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another address from the same place is not held back by this one.
      const other = await t.browser().signIn(t.users.viewer.email);
      expect(other.statusCode).toBe(200);
    },
  );

  it.skipIf(!backend.available)(
    'refuses sign-in without the CSRF proof, or with a proof that is not the cookie',
    async () => {
      const browser = t.browser();
      await browser.get('/csrf');
      const without = await browser.request(
        'POST',
        '/sign-in',
        { email: t.users.owner.email, password: PASSWORD },
        { csrf: null },
      );
      expectEnvelope(without, 403, 'permission_denied');
      const forged = await browser.request(
        'POST',
        '/sign-in',
        { email: t.users.owner.email, password: PASSWORD },
        { csrf: 'x'.repeat(43) },
      );
      expectEnvelope(forged, 403, 'permission_denied');
      const otherOrigin = await browser.request(
        'POST',
        '/sign-in',
        { email: t.users.owner.email, password: PASSWORD },
        { headers: { origin: 'https://evil.example' } },
      );
      expectEnvelope(otherOrigin, 403, 'permission_denied');
      const sameOrigin = await browser.request(
        'POST',
        '/sign-in',
        { email: t.users.owner.email, password: PASSWORD },
        { headers: { origin: 'https://cqm.example.test' } },
      );
      expect(sameOrigin.statusCode).toBe(200);
    },
  );

  it.skipIf(!backend.available)('refuses a change with a session but without its CSRF token', async () => {
    const browser = await t.signedIn('owner');
    const without = await browser.request('PATCH', '/workspace', { name: 'Renamed' }, { csrf: null });
    expectEnvelope(without, 403, 'permission_denied');
    // The pre-session cookie proof does not stand in for the session's token.
    const cookieProof = browser.cookies.get('cqm_csrf');
    if (cookieProof) {
      const withCookie = await browser.request('PATCH', '/workspace', { name: 'Renamed' }, { csrf: cookieProof });
      expectEnvelope(withCookie, 403, 'permission_denied');
    }
  });

  it.skipIf(!backend.available)('signs out: the session stops working at once', async () => {
    const browser = await t.signedIn('member');
    const token = browser.cookies.get('cqm_session') as string;
    const out = await browser.post('/sign-out');
    expect(out.statusCode).toBe(204);
    expect(browser.cookies.has('cqm_session')).toBe(false);
    browser.cookies.set('cqm_session', token);
    expectEnvelope(await browser.get('/session'), 401, 'authentication_error');
  });

  it.skipIf(!backend.available)(
    'a new password ends every session of the user but gives this browser a new one',
    async () => {
      const user = await t.makeUser('member');
      const first = t.browser();
      await first.signIn(user.email);
      const second = t.browser();
      await second.signIn(user.email);

      const weak = await first.post('/password', { current_password: PASSWORD, new_password: 'short' });
      expectEnvelope(weak, 422, 'validation_error');
      expect(weak.json().error.fields.new_password).toBeDefined();
      const wrongCurrent = await first.post('/password', {
        current_password: 'not it at all',
        new_password: 'a much better password',
      });
      expectEnvelope(wrongCurrent, 422, 'validation_error');

      const changed = await first.post('/password', {
        current_password: PASSWORD,
        new_password: 'a much better password',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await first.get('/session')).statusCode).toBe(200);
      expectEnvelope(await second.get('/session'), 401, 'authentication_error');
      expectEnvelope(await t.browser().signIn(user.email), 401, 'authentication_error');
      expect((await t.browser().signIn(user.email, 'a much better password')).statusCode).toBe(200);
    },
  );

  it.skipIf(!backend.available)('answers 401 without a session, and with a made-up one', async () => {
    const browser = t.browser();
    expectEnvelope(await browser.get('/session'), 401, 'authentication_error');
    browser.cookies.set('cqm_session', 'made-up-token');
    expectEnvelope(await browser.get('/workspace'), 401, 'authentication_error');
  });
});
