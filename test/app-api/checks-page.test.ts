/**
 * The Checks page over /app/api on both stores: the list with a week's counts, a custom check made from the
 * form's JSON (inline field errors, the preview, draft first), status, on/off, edits as versions, scope, roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../harness/backends.js';
import { expectEnvelope } from './browser.js';
import { type PartTwoApp, startPartTwoApp } from './part-two-world.js';

const recordingRule = {
  type: 'phrase',
  speaker: 'agent',
  mode: 'must_say',
  phrases: ['this call is recorded'],
  within: 'first_turn',
};

describe.each(backends)('the Checks page API ($name)', (backend) => {
  let t: PartTwoApp;
  beforeAll(async () => {
    if (backend.available) t = await startPartTwoApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.skipIf(!backend.available)('lists every check with what it scored and failed this week', async () => {
    await t.post();
    await t.post({
      transcript: [
        { speaker: 'user', text: 'Are you a robot?' },
        { speaker: 'agent', text: 'No, I am a real person.' },
      ],
    });
    expect(await t.scoreQueued()).toBe(2);
    const viewer = await t.signedIn('viewer');
    const list = await viewer.get(`${t.base()}/checks`);
    expect(list.statusCode, list.body).toBe(200);
    const byKey = new Map(list.json().data.map((c: { key: string }) => [c.key, c]));
    expect(byKey.get('outcome')).toMatchObject({
      builtin: true,
      status: 'active',
      enabled: true,
      version: 1,
      never_alerts: false,
      scope: null,
      last_7_days: { scored: 2 },
    });
    expect(byKey.get('ai_disclosure')).toMatchObject({ last_7_days: { scored: 2, failed: 1, failure_rate: 0.5 } });
    // Live saw none of it.
    const live = await viewer.get(`${t.base('live')}/checks`);
    expect(live.json().data.find((c: { key: string }) => c.key === 'outcome').last_7_days.scored).toBe(0);
  });

  it.skipIf(!backend.available)(
    'makes a custom check from the form: errors per field, preview, draft, versions',
    async () => {
      const admin = await t.signedIn('admin');
      const bad = await admin.post(`/projects/${t.projectId}/checks`, {
        key: 'recording_notice',
        name: 'Recording notice',
        rule: { ...recordingRule, phrases: undefined, pattern: '(a+)+' },
      });
      expectEnvelope(bad, 422, 'validation_error');
      expect(bad.json().error.fields['rule.pattern'][0]).toMatch(/exponential time/);
      const badPreview = await admin.post(`${t.base()}/checks/preview`, { rule: { ...recordingRule, phrases: [] } });
      expectEnvelope(badPreview, 422, 'validation_error');
      expect(Object.keys(badPreview.json().error.fields)).toEqual(['rule.phrases']);
      const badScope = await admin.post(`${t.base()}/checks/preview`, {
        rule: recordingRule,
        scope: { channels: ['fax'] },
      });
      expectEnvelope(badScope, 422, 'validation_error');

      // Try it on the latest conversations: a voice call saying it passes, a chat is outside the voice scope.
      const saysIt = await t.post({
        transcript: [{ speaker: 'agent', text: 'Hello, this call is recorded for quality.' }],
      });
      const chat = await t.post({ channel: 'chat', ended_by: 'user' });
      const preview = await admin.post(`${t.base()}/checks/preview`, {
        rule: recordingRule,
        scope: { channels: ['voice'] },
      });
      expect(preview.statusCode, preview.body).toBe(200);
      const results = new Map(preview.json().data.map((r: { id: string }) => [r.id, r]));
      expect(results.get(saysIt)).toMatchObject({ result: 'pass', verdict: 'pass' });
      expect(results.get(chat)).toMatchObject({ result: 'not_applicable', verdict: null });
      expect((results.get(chat) as { dashboard_url: string }).dashboard_url).toBe(
        `https://cqm.example.test/app/test/conversations/${chat}`,
      );
      expect(preview.json().summary.fail).toBeGreaterThanOrEqual(1);
      // Nothing was stored by the preview.
      const stored = await t.store.db
        .selectFrom('check_results')
        .select('check_key')
        .where('check_key', '=', 'preview')
        .execute();
      expect(stored).toEqual([]);

      const created = await admin.post(`/projects/${t.projectId}/checks`, {
        key: 'recording_notice',
        name: 'Recording notice',
        category: 'compliance',
        severity: 'high',
        rule: recordingRule,
        scope: { channels: ['voice'] },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        key: 'recording_notice',
        status: 'draft',
        version: 1,
        scope: { channels: ['voice'] },
      });
      const again = await admin.post(`/projects/${t.projectId}/checks`, {
        key: 'recording_notice',
        name: 'X',
        rule: recordingRule,
      });
      expectEnvelope(again, 422, 'validation_error');
      expect(again.json().error.fields.key).toBeDefined();

      const promoted = await admin.patch(`/projects/${t.projectId}/checks/recording_notice`, { status: 'active' });
      expect(promoted.json()).toMatchObject({ status: 'active', version: 1 });
      const edited = await admin.patch(`/projects/${t.projectId}/checks/recording_notice`, {
        rule: { ...recordingRule, phrases: ['this call is recorded', 'this call may be recorded'] },
      });
      expect(edited.json()).toMatchObject({ status: 'active', version: 2 });

      // Scored now: chats get no result for it, the voice call does.
      await t.scoreQueued();
      const chatResults = await t.store.db
        .selectFrom('check_results')
        .select('check_key')
        .where('conversation_id', '=', chat)
        .execute();
      expect(chatResults.map((r) => r.check_key)).not.toContain('recording_notice');
      expect(chatResults.map((r) => r.check_key)).toContain('outcome');

      const page = await admin.get(`${t.base()}/checks/recording_notice`);
      expect(page.statusCode, page.body).toBe(200);
      const body = page.json();
      expect(body).toMatchObject({
        key: 'recording_notice',
        version: 2,
        rule: { phrases: ['this call is recorded', 'this call may be recorded'] },
      });
      expect(body.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
      expect(body.versions[0].changed_by).toEqual({ kind: 'user', id: t.users.admin.id, name: t.users.admin.name });
      expect(body.versions[0].previous.rule.phrases).toEqual(['this call is recorded']);
      expect(body.versions[1].previous).toBeNull();
      expect(body.distribution.scored).toBeGreaterThanOrEqual(1);
      expect(Array.isArray(body.recent_failures)).toBe(true);
    },
  );

  it.skipIf(!backend.available)('turns a built-in off (it stays off) and scopes it', async () => {
    const admin = await t.signedIn('admin');
    const off = await admin.patch(`/projects/${t.projectId}/checks/frustration`, { enabled: false });
    expect(off.json()).toMatchObject({ key: 'frustration', enabled: false, version: 1 });
    const id = await t.post();
    await t.scoreQueued();
    const keys = await t.store.db
      .selectFrom('check_results')
      .select('check_key')
      .where('conversation_id', '=', id)
      .execute();
    expect(keys.map((r) => r.check_key)).not.toContain('frustration');
    const on = await admin.patch(`/projects/${t.projectId}/checks/frustration`, {
      enabled: true,
      scope: { agents: ['nobody'] },
    });
    expect(on.json()).toMatchObject({ enabled: true, version: 2, scope: { agents: ['nobody'] } });
    const lifted = await admin.patch(`/projects/${t.projectId}/checks/frustration`, { scope: null });
    expect(lifted.json()).toMatchObject({ version: 3, scope: null });
    const page = await admin.get(`${t.base()}/checks/frustration`);
    expect(
      page
        .json()
        .versions.map((v: { version: number; created_at: string | null }) => [v.version, v.created_at === null]),
    ).toEqual([
      [3, false],
      [2, false],
      [1, true],
    ]);
  });

  it.skipIf(!backend.available)('lets only admins change checks, and only in their own workspace', async () => {
    for (const role of ['member', 'viewer'] as const) {
      const browser = await t.signedIn(role);
      expectEnvelope(
        await browser.patch(`/projects/${t.projectId}/checks/outcome`, { status: 'shadow' }),
        403,
        'permission_denied',
      );
      expectEnvelope(
        await browser.post(`${t.base()}/checks/preview`, { rule: recordingRule }),
        403,
        'permission_denied',
      );
      expectEnvelope(
        await browser.post(`/projects/${t.projectId}/checks`, { key: 'x_check', name: 'X', rule: recordingRule }),
        403,
        'permission_denied',
      );
    }
    const admin = await t.signedIn('admin');
    expectEnvelope(await admin.get(`/projects/${t.other.projectId}/test/checks`), 404, 'not_found');
    expectEnvelope(await admin.get(`${t.base()}/checks/no_such_check`), 404, 'not_found');
    expectEnvelope(
      await admin.patch(`/projects/${t.projectId}/checks/no_such_check`, { status: 'active' }),
      404,
      'not_found',
    );
    expectEnvelope(
      await admin.patch(`/projects/${t.other.projectId}/checks/outcome`, { enabled: false }),
      404,
      'not_found',
    );
    expectEnvelope(
      await admin.patch(`/projects/${t.projectId}/checks/outcome`, { status: 'retired' }),
      422,
      'validation_error',
    );
    expectEnvelope(
      await admin.patch(`/projects/${t.projectId}/checks/outcome`, { rule: recordingRule }),
      422,
      'validation_error',
    );
    expectEnvelope(await t.browser().get(`${t.base()}/checks`), 401, 'authentication_error');
    // Without the CSRF proof a change is refused.
    expectEnvelope(
      await admin.request('PATCH', `/projects/${t.projectId}/checks/outcome`, { status: 'shadow' }, { csrf: null }),
      403,
      'permission_denied',
    );
  });
});
