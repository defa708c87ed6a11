/**
 * Invitations, the setup link, members and the workspace: who may invite whom, one use per link, the last
 * owner kept, another workspace's people not found, the time zone an owner's alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitationsRepo } from '../../src/storage/invitations-repo.js';
import { createUsersRepo } from '../../src/storage/users-repo.js';
import { backends } from '../harness/backends.js';
import { expectEnvelope, type PeopleApp, startPeopleApp } from './browser.js';

const tokenOf = (url: string) => url.split('/').at(-1) as string;

describe.each(backends)('people and the workspace ($name)', (backend) => {
  let t: PeopleApp;
  beforeAll(async () => {
    if (backend.available) t = await startPeopleApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.skipIf(!backend.available)('a setup link makes the owner once, and signs them in', async () => {
    const workspace = await t.tenancy.createWorkspace('Fresh', 'Europe/Berlin');
    const invitations = createInvitationsRepo(t.store, createUsersRepo(t.store));
    const superseded = await invitations.createSetupIfNobody(workspace.id);
    const setup = await invitations.createSetupIfNobody(workspace.id);
    expect(setup).not.toBeNull();
    const browser = t.browser();
    // Only the link printed last works.
    expectEnvelope(await browser.get(`/invitations/${superseded?.token}`), 404, 'not_found');
    const shown = await browser.get(`/invitations/${setup?.token}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({ role: 'owner', workspace: { name: 'Fresh' }, email: null, kind: 'setup' });

    await browser.get('/csrf');
    const noEmail = await browser.post(`/invitations/${setup?.token}/accept`, {
      name: 'Olga',
      password: 'owner password 1',
    });
    expectEnvelope(noEmail, 422, 'validation_error');
    const accepted = await browser.post(`/invitations/${setup?.token}/accept`, {
      email: 'olga@fresh.example',
      name: 'Olga',
      password: 'owner password 1',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().user).toMatchObject({ email: 'olga@fresh.example', role: 'owner' });
    const session = await browser.get('/session');
    expect(session.json().workspace).toEqual({ id: workspace.id, name: 'Fresh', timezone: 'Europe/Berlin' });

    const again = t.browser();
    await again.get('/csrf');
    const second = await again.post(`/invitations/${setup?.token}/accept`, {
      email: 'mallory@fresh.example',
      name: 'Mallory',
      password: 'owner password 2',
    });
    expectEnvelope(second, 404, 'not_found');
    expectEnvelope(await again.get(`/invitations/${setup?.token}`), 404, 'not_found');
    expect(await invitations.createSetupIfNobody(workspace.id)).toBeNull();
  });

  it.skipIf(!backend.available)('an admin invites by link; only an owner invites an owner', async () => {
    const admin = await t.signedIn('admin');
    expectEnvelope(await admin.post('/invitations', { role: 'owner' }), 403, 'permission_denied');
    expectEnvelope(await admin.post('/invitations', { role: 'boss' }), 422, 'validation_error');
    const created = await admin.post('/invitations', { role: 'member', email: 'Newcomer@Example.test' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ role: 'member', email: 'newcomer@example.test' });
    expect(created.json().url).toMatch(/^https:\/\/cqm\.example\.test\/app\/invite\/[A-Za-z0-9_-]{43}$/);

    const members = await admin.get('/members');
    expect(members.json().invitations.map((i: { id: string }) => i.id)).toContain(created.json().id);
    expect(JSON.stringify(members.json())).not.toContain(tokenOf(created.json().url));
    expect(members.json().data.map((m: { id: string }) => m.id)).toEqual(
      expect.arrayContaining([t.users.owner.id, t.users.admin.id, t.users.member.id, t.users.viewer.id]),
    );
    expect(members.json().data.map((m: { id: string }) => m.id)).not.toContain(t.other.owner.id);

    // The invited address is the only one that can take it, whatever the form says.
    const newcomer = t.browser();
    await newcomer.get('/csrf');
    const accepted = await newcomer.post(`/invitations/${tokenOf(created.json().url)}/accept`, {
      email: 'someone-else@example.test',
      name: 'Newcomer',
      password: 'newcomer password',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().user).toMatchObject({ email: 'newcomer@example.test', role: 'member' });

    const owner = await t.signedIn('owner');
    expect((await owner.post('/invitations', { role: 'owner' })).statusCode).toBe(201);
  });

  it.skipIf(!backend.available)(
    'withdraws an invitation; an address already in use cannot accept another',
    async () => {
      const admin = await t.signedIn('admin');
      const created = (await admin.post('/invitations', { role: 'viewer' })).json();
      const withdrawn = await admin.delete(`/invitations/${created.id}`);
      expect(withdrawn.statusCode).toBe(204);
      expectEnvelope(await admin.delete(`/invitations/${created.id}`), 404, 'not_found');
      expectEnvelope(await t.browser().get(`/invitations/${tokenOf(created.url)}`), 404, 'not_found');

      const open = (await admin.post('/invitations', { role: 'viewer' })).json();
      const browser = t.browser();
      await browser.get('/csrf');
      const taken = await browser.post(`/invitations/${tokenOf(open.url)}/accept`, {
        email: t.users.member.email,
        name: 'Copycat',
        password: 'copycat password',
      });
      expectEnvelope(taken, 422, 'validation_error');
      // Refused without using the link up.
      expect((await browser.get(`/invitations/${tokenOf(open.url)}`)).statusCode).toBe(200);

      const otherOwner = t.browser();
      await otherOwner.signIn(t.other.owner.email);
      expectEnvelope(await otherOwner.delete(`/invitations/${open.id}`), 404, 'not_found');
    },
  );

  it.skipIf(!backend.available)('changes roles and removes members; the last owner stays (409)', async () => {
    const owner = await t.signedIn('owner');
    const admin = await t.signedIn('admin');
    const target = await t.makeUser('member');
    const promoted = await admin.patch(`/members/${target.id}`, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ id: target.id, role: 'admin' });
    expectEnvelope(await admin.patch(`/members/${target.id}`, { role: 'owner' }), 403, 'permission_denied');
    expectEnvelope(await admin.patch(`/members/${t.users.owner.id}`, { role: 'viewer' }), 403, 'permission_denied');
    expectEnvelope(await admin.delete(`/members/${t.users.owner.id}`), 403, 'permission_denied');

    expectEnvelope(await owner.patch(`/members/${t.users.owner.id}`, { role: 'admin' }), 409, 'conflict');
    expectEnvelope(await owner.delete(`/members/${t.users.owner.id}`), 409, 'conflict');
    // With a second owner, the first may step down.
    const second = await owner.patch(`/members/${target.id}`, { role: 'owner' });
    expect(second.json().role).toBe('owner');
    const victim = t.browser();
    await victim.signIn(target.email);
    expect((await owner.delete(`/members/${target.id}`)).statusCode).toBe(204);
    expectEnvelope(await victim.get('/session'), 401, 'authentication_error');
    expectEnvelope(await t.browser().signIn(target.email), 401, 'authentication_error');
    expectEnvelope(await owner.delete(`/members/${target.id}`), 404, 'not_found');

    expectEnvelope(await owner.patch(`/members/${t.other.owner.id}`, { role: 'viewer' }), 404, 'not_found');
    expectEnvelope(await owner.delete(`/members/${t.other.owner.id}`), 404, 'not_found');
    expectEnvelope(await owner.patch('/members/not-an-id', { role: 'viewer' }), 404, 'not_found');
  });

  it.skipIf(!backend.available)(
    'an owner renames the workspace and changes its time zone; nobody else may',
    async () => {
      const owner = await t.signedIn('owner');
      const admin = await t.signedIn('admin');
      expectEnvelope(await admin.patch('/workspace', { timezone: 'Europe/Berlin' }), 403, 'permission_denied');
      const bad = await owner.patch('/workspace', { timezone: 'Mars/Olympus_Mons' });
      expectEnvelope(bad, 422, 'validation_error');
      expect(bad.json().error.fields.timezone).toBeDefined();
      const changed = await owner.patch('/workspace', { name: 'Bright Smile', timezone: 'America/New_York' });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toEqual({ id: t.workspaceId, name: 'Bright Smile', timezone: 'America/New_York' });
      expect((await admin.get('/workspace')).json()).toMatchObject({ timezone: 'America/New_York' });
      expect((await t.tenancy.findWorkspace(t.other.workspaceId))?.timezone).toBe('UTC');
    },
  );
});
