/**
 * The judge's settings in the application over /app/api, on both stores, against a local Chat Completions
 * server: the connection (the key write-only), cost controls, "Test connection" finding the form, roles; a
 * plain-language check made from the Checks form; a promotion refused by the agreement gate with a message the
 * page can show, then an owner's override with a written reason kept in the history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { createMetrics } from '../../src/api/metrics.js';
import { memoryRateLimiter } from '../../src/api/rate-limit.js';
import type { UserRole } from '../../src/domain/roles.js';
import { createConversationRepo } from '../../src/storage/conversation-repo.js';
import type { OpenedStore } from '../../src/storage/open.js';
import { createTenancyRepo } from '../../src/storage/tenancy-repo.js';
import { createUsersRepo } from '../../src/storage/users-repo.js';
import { backends } from '../harness/backends.js';
import { closedPortUrl, type JudgeServer, startJudgeServer } from '../harness/judge-server.js';
import { Browser, expectEnvelope, PASSWORD, TEST_PASSWORD_PARAMS } from './browser.js';

const SECRET_KEY = 'k'.repeat(64);

describe.each(backends)('judge settings in the application ($name)', (backend) => {
  let judge: JudgeServer;
  let store: OpenedStore;
  let dispose: () => Promise<void>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let projectId: string;
  let otherProjectId: string;
  const emails = {} as Record<UserRole, string>;

  async function as(role: UserRole): Promise<Browser> {
    const browser = new Browser(app);
    const response = await browser.signIn(emails[role]);
    expect(response.statusCode, response.body).toBe(200);
    return browser;
  }

  beforeAll(async () => {
    if (!backend.available) return;
    judge = await startJudgeServer();
    ({ store, dispose } = await backend.open());
    const tenancy = createTenancyRepo(store);
    const workspace = await tenancy.createWorkspace('Judge workspace', 'UTC');
    projectId = (await tenancy.createProject(workspace.id, 'Clinic')).id;
    const other = await tenancy.createWorkspace('Elsewhere', 'UTC');
    otherProjectId = (await tenancy.createProject(other.id, 'Theirs')).id;
    const users = createUsersRepo(store, Date.now, TEST_PASSWORD_PARAMS);
    for (const role of ['owner', 'admin', 'member', 'viewer'] as const) {
      emails[role] = `${role}-${process.pid}-${backend.name}@judge.example.test`;
      await users.create({ workspaceId: workspace.id, email: emails[role], name: role, role, password: PASSWORD });
    }
    // The whole configuration, as an entry point passes it: the secret key seals a project's judge key.
    const config = {
      publicUrl: 'https://cqm.example.test',
      bodyLimitBytes: 1024 * 1024,
      logRequests: false,
      secretKey: SECRET_KEY,
      judge: null,
    };
    app = await buildApp({
      config,
      store,
      tenancy,
      conversations: createConversationRepo(store),
      rateLimiter: memoryRateLimiter({ points: 0, windowSeconds: 1 }),
      metrics: createMetrics(),
      logger: false,
      clock: Date.now,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
    await judge?.close();
  });

  it.skipIf(!backend.available)('sets the connection, never answers the key, and tests which form works', async () => {
    expectEnvelope(await new Browser(app).get(`/projects/${projectId}/judge`), 401, 'authentication_error');
    const viewer = await as('viewer');
    const none = await viewer.get(`/projects/${projectId}/judge`);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toMatchObject({
      available: false,
      source: 'none',
      api_key_set: false,
      daily_cap: 10_000,
      usage: { calls_today: 0, capped_today: false },
    });
    expect(none.json().unavailable_reason).toMatch(/No judge is connected/);
    // A viewer and a member read; only an admin or owner changes or tests.
    expectEnvelope(await viewer.patch(`/projects/${projectId}/judge`, { sample_rate: 0.5 }), 403, 'permission_denied');
    const member = await as('member');
    expectEnvelope(await member.post(`/projects/${projectId}/judge/test`), 403, 'permission_denied');

    const admin = await as('admin');
    const half = await admin.patch(`/projects/${projectId}/judge`, { base_url: judge.baseUrl });
    expectEnvelope(half, 422, 'validation_error');
    expect(Object.keys(half.json().error.fields)).toEqual(['model']);
    const badUrl = await admin.patch(`/projects/${projectId}/judge`, { base_url: 'ftp://x', model: 'm' });
    expectEnvelope(badUrl, 422, 'validation_error');
    const badBand = await admin.patch(`/projects/${projectId}/judge`, { score_band: { low: 0.7, high: 0.2 } });
    expectEnvelope(badBand, 422, 'validation_error');

    const saved = await admin.patch(`/projects/${projectId}/judge`, {
      base_url: `${judge.baseUrl}/`,
      model: 'judge-small',
      api_key: 'sk-test-secret-value',
      review_checks: ['outcome'],
      sample_rate: 0.25,
      daily_cap: 500,
      concurrency: 8,
      score_band: { low: 0.4, high: 0.6 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      available: true,
      source: 'project',
      base_url: judge.baseUrl,
      model: 'judge-small',
      api_key_set: true,
      structured_output: null,
      review_checks: ['outcome'],
      sample_rate: 0.25,
      daily_cap: 500,
      concurrency: 8,
      score_band: { low: 0.4, high: 0.6 },
    });
    expect(saved.body).not.toContain('sk-test-secret-value');
    const read = await viewer.get(`/projects/${projectId}/judge`);
    expect(read.body).not.toContain('sk-test-secret-value');
    expect(read.json().api_key_set).toBe(true);
    // Stored sealed, not as given.
    const row = await store.db
      .selectFrom('judge_settings')
      .select('api_key_sealed')
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(row.api_key_sealed).toBeTruthy();
    expect(row.api_key_sealed).not.toContain('sk-test-secret-value');

    // This endpoint refuses JSON schema: the test finds JSON mode, sends the key, and remembers the form.
    judge.supportForms(['json_object', 'tools']);
    const tested = await admin.post(`/projects/${projectId}/judge/test`);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json()).toMatchObject({ ok: true, structured_output: 'json_object', model: 'judge-small' });
    expect(tested.json().tried.map((t: { form: string }) => t.form)).toEqual(['json_schema']);
    expect(judge.calls.at(-1)?.authorization).toBe('Bearer sk-test-secret-value');
    expect(tested.body).not.toContain('sk-test-secret-value');
    const after = await viewer.get(`/projects/${projectId}/judge`);
    expect(after.json()).toMatchObject({ structured_output: 'json_object' });
    expect(after.json().tested_at).toMatch(/^\d{4}-/);

    // Forgetting the key keeps the connection.
    const forgotten = await admin.patch(`/projects/${projectId}/judge`, { api_key: null });
    expect(forgotten.json()).toMatchObject({ api_key_set: false, available: true, model: 'judge-small' });
    judge.supportForms(['json_schema', 'json_object', 'tools']);
  });

  it.skipIf(!backend.available)('answers a judge that cannot be reached as a problem, not a failure', async () => {
    const owner = await as('owner');
    const theirs = await owner.get(`/projects/${otherProjectId}/judge`);
    expectEnvelope(theirs, 404, 'not_found');
    const down = await closedPortUrl();
    await owner.patch(`/projects/${projectId}/judge`, { base_url: down, model: 'nobody', timeout_ms: 2000 });
    const tested = await owner.post(`/projects/${projectId}/judge/test`);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json()).toMatchObject({ ok: false, structured_output: null });
    expect(tested.json().problem).toBeTruthy();
    // Back to the instance's judge (none here): the page says why there is no judge.
    const cleared = await owner.patch(`/projects/${projectId}/judge`, { base_url: null, model: null });
    expect(cleared.json()).toMatchObject({ available: false, base_url: null, model: null, api_key_set: false });
    const noJudge = await owner.post(`/projects/${projectId}/judge/test`);
    expectEnvelope(noJudge, 422, 'validation_error');
    expect(noJudge.json().error.message).toMatch(/No judge is connected/);
  });

  it.skipIf(!backend.available)(
    'makes a plain-language check, refuses its promotion below the bar, and takes an owner’s reason',
    async () => {
      const admin = await as('admin');
      const bad = await admin.post(`/projects/${projectId}/checks`, {
        key: 'dob_choice',
        name: 'DOB',
        judge: { question: 'Which?', answer: 'choice', choices: ['only_one'] },
      });
      expectEnvelope(bad, 422, 'validation_error');
      expect(Object.keys(bad.json().error.fields)).toEqual(['judge']);
      const both = await admin.post(`/projects/${projectId}/checks`, {
        key: 'dob_both',
        name: 'DOB',
        judge: { question: 'Did it?', answer: 'pass_fail' },
        rule: { type: 'event', name: 'x', mode: 'must_call' },
      });
      expectEnvelope(both, 422, 'validation_error');

      const created = await admin.post(`/projects/${projectId}/checks`, {
        key: 'dob_verified',
        name: 'DOB verified',
        judge: {
          question: "Did the agent verify the caller's date of birth before discussing lab results?",
          answer: 'pass_fail',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ key: 'dob_verified', status: 'draft', kind: 'pass_fail' });
      const list = await admin.get(`/projects/${projectId}/test/checks`);
      const row = list.json().data.find((c: { key: string }) => c.key === 'dob_verified');
      expect(row.judge).toEqual({
        question: "Did the agent verify the caller's date of birth before discussing lab results?",
        answer: 'pass_fail',
        choices: null,
      });
      expect(row.judge_unavailable_reason).toMatch(/No judge is connected/);
      const page = await admin.get(`/projects/${projectId}/test/checks/dob_verified`);
      expect(page.json().judge.answer).toBe('pass_fail');
      expect(page.json().versions[0].definition.judge.question).toMatch(/date of birth/);

      // No labels: the gate refuses, in words the page can show (not the shell's flag).
      const refused = await admin.patch(`/projects/${projectId}/checks/dob_verified`, { status: 'active' });
      expectEnvelope(refused, 422, 'validation_error');
      expect(refused.json().error.message).toMatch(/cannot alert yet: 0 labelled results; at least 20 are needed/);
      expect(refused.json().error.message).toMatch(/an owner may promote it anyway with a written reason/);
      expect(refused.json().error.message).not.toMatch(/--override-reason/);
      // Only an owner overrides.
      const adminOverride = await admin.patch(`/projects/${projectId}/checks/dob_verified`, {
        status: 'active',
        override_reason: 'I say so',
      });
      expectEnvelope(adminOverride, 403, 'permission_denied');
      const owner = await as('owner');
      const blank = await owner.patch(`/projects/${projectId}/checks/dob_verified`, {
        status: 'active',
        override_reason: '   ',
      });
      expectEnvelope(blank, 422, 'validation_error');
      const promoted = await owner.patch(`/projects/${projectId}/checks/dob_verified`, {
        status: 'active',
        override_reason: 'Reviewed 12 calls by hand with the compliance lead; labels follow next week.',
      });
      expect(promoted.statusCode, promoted.body).toBe(200);
      expect(promoted.json().status).toBe('active');
      const agreement = await owner.get(`/projects/${projectId}/test/checks/dob_verified/agreement`);
      expect(agreement.json().history[0]).toMatchObject({
        from: 'draft',
        to: 'active',
        override_reason: 'Reviewed 12 calls by hand with the compliance lead; labels follow next week.',
        agreement: { labelled: 0, meets_bar: false },
      });
      const future = await owner.get(
        `/projects/${projectId}/test/checks/dob_verified/agreement?since=${new Date(Date.now() + 86_400_000).toISOString()}`,
      );
      expect(future.statusCode, future.body).toBe(200);
      expect(future.json().current_version.labelled).toBe(0);
      expectEnvelope(
        await owner.get(`/projects/${projectId}/test/checks/dob_verified/agreement?since=yesterday`),
        422,
        'validation_error',
      );

      // An active check whose agreement dropped (as the agreement watch records it) is flagged on the Checks page.
      await store.db
        .insertInto('check_agreement_flags')
        .values({
          project_id: projectId,
          environment: 'test',
          key: 'dob_verified',
          dropped_at: Date.parse('2026-11-20T09:00:00Z'),
          kappa: 0.31,
          labels: 50,
          evaluated_at: Date.parse('2026-11-20T09:00:00Z'),
        })
        .execute();
      const flagged = (await owner.get(`/projects/${projectId}/test/checks`))
        .json()
        .data.find((c: { key: string }) => c.key === 'dob_verified');
      expect(flagged.agreement_dropped_at).toBe('2026-11-20T09:00:00.000Z');
      const live = (await owner.get(`/projects/${projectId}/live/checks`))
        .json()
        .data.find((c: { key: string }) => c.key === 'dob_verified');
      expect(live.agreement_dropped_at).toBeUndefined();
    },
  );
});
