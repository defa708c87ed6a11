/**
 * The application's conversations: the list (newest first, filters, cursor), the view (results with their
 * checks' category, labels from the API and the application with who and when, the reason a scoring failed),
 * labels given in the application, re-runs; another workspace's or environment's conversation is not found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversationRepo } from '../../src/storage/conversation-repo.js';
import { bearer } from '../harness/app.js';
import { backends } from '../harness/backends.js';
import { conversationBody } from '../harness/fixtures.js';
import { postConversation, postFeedback } from '../harness/http.js';
import { sampleResult } from '../harness/results.js';
import { expectEnvelope, type PeopleApp, startPeopleApp } from './browser.js';

async function scored(t: PeopleApp, overrides: Record<string, unknown> = {}): Promise<string> {
  const { id } = (await postConversation(t, conversationBody(overrides))).json();
  await createConversationRepo(t.store).replaceResults(
    { projectId: t.projectId, environment: 'test' },
    id,
    'resolved',
    [
      {
        ...sampleResult({ check_key: 'outcome', verdict: 'pass', choice: 'resolved' }),
        check_category: 'outcome',
        check_severity: 'medium',
      },
      {
        ...sampleResult({
          check_key: 'ai_disclosure',
          check_name: 'AI disclosure',
          verdict: 'fail',
          choice: null,
          score: null,
        }),
        check_category: 'compliance',
        check_severity: 'high',
      },
      sampleResult({ check_key: 'frustration', check_name: 'Frustration', verdict: 'pass', choice: null, score: 0.2 }),
    ],
  );
  return id;
}

async function markFailed(t: PeopleApp, id: string, message: string): Promise<void> {
  await t.store.db
    .updateTable('jobs')
    .set({ status: 'failed', attempts: 5, last_error: message })
    .where('subject_id', '=', id)
    .execute();
  await t.store.db.updateTable('conversations').set({ status: 'failed' }).where('id', '=', id).execute();
}

describe.each(backends)('conversations in the application ($name)', (backend) => {
  let t: PeopleApp;
  const ids: string[] = [];
  beforeAll(async () => {
    if (!backend.available) return;
    t = await startPeopleApp(backend);
    for (let i = 0; i < 5; i++) {
      ids.push(
        await scored(t, {
          ended_at: `2026-11-18T1${i}:00:00Z`,
          started_at: `2026-11-18T1${i}:00:00Z`,
          agent: { id: i % 2 ? 'night-desk' : 'front-desk', name: 'Desk', version: '1' },
        }),
      );
    }
  });
  afterAll(async () => {
    await t?.close();
  });
  const list = (env = 'test', query = '') => `/projects/${t.projectId}/${env}/conversations${query}`;

  it.skipIf(!backend.available)(
    'lists newest first, a page at a time, with the columns a supervisor scans',
    async () => {
      const browser = await t.signedIn('viewer');
      const first = await browser.get(list('test', '?limit=2'));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data.map((c: { id: string }) => c.id)).toEqual([ids[4], ids[3]]);
      expect(first.json().data[0]).toMatchObject({
        agent: { id: 'front-desk', version: '1' },
        failed_checks: ['ai_disclosure'],
        frustration: 0.2,
        status: 'done',
        dashboard_url: `https://cqm.example.test/app/test/conversations/${ids[4]}`,
      });
      expect(first.json().data[0].transcript).toBeUndefined();
      const seen = [...first.json().data];
      let cursor = first.json().next_cursor as string | null;
      while (cursor) {
        const page = await browser.get(list('test', `?limit=2&cursor=${encodeURIComponent(cursor)}`));
        expect(page.statusCode, page.body).toBe(200);
        seen.push(...page.json().data);
        cursor = page.json().next_cursor;
      }
      expect(seen.map((c) => c.id)).toEqual([...ids].reverse());
    },
  );

  it.skipIf(!backend.available)(
    'filters by agent, failed check and external id; refuses a cursor of other filters',
    async () => {
      const browser = await t.signedIn('viewer');
      const night = await browser.get(list('test', '?agent_id=night-desk'));
      expect(night.json().data.map((c: { id: string }) => c.id)).toEqual([ids[3], ids[1]]);
      const failing = await browser.get(list('test', '?failed_check=ai_disclosure&limit=100'));
      expect(failing.json().data).toHaveLength(5);
      const none = await browser.get(list('test', '?failed_check=frustration'));
      expect(none.json().data).toEqual([]);
      const externalId = (
        await t.store.db
          .selectFrom('conversations')
          .select('external_id')
          .where('id', '=', ids[2] as string)
          .executeTakeFirstOrThrow()
      ).external_id;
      const byExternal = await browser.get(list('test', `?external_id=${encodeURIComponent(externalId)}`));
      expect(byExternal.json().data.map((c: { id: string }) => c.id)).toEqual([ids[2]]);
      const page = await browser.get(list('test', '?limit=1&agent_id=front-desk'));
      const cursor = page.json().next_cursor as string;
      expectEnvelope(await browser.get(list('test', `?limit=1&cursor=${cursor}`)), 422, 'validation_error');
      expectEnvelope(await browser.get(list('test', '?status=bogus')), 422, 'validation_error');
      expectEnvelope(await browser.get(list('test', '?nonsense=1')), 422, 'validation_error');
    },
  );

  it.skipIf(!backend.available)('keeps Test and Live apart, and another workspace out', async () => {
    const browser = await t.signedIn('viewer');
    const live = await browser.get(list('live'));
    expect(live.statusCode).toBe(200);
    expect(live.json().data).toEqual([]);
    expectEnvelope(await browser.get(`/live/conversations/${ids[0]}`), 404, 'not_found');
    expectEnvelope(await browser.get(`/projects/${t.other.projectId}/test/conversations`), 404, 'not_found');
    expectEnvelope(await browser.get(`/projects/${t.projectId}/staging/conversations`), 404, 'not_found');

    const elsewhere = (await postConversation(t, conversationBody(), { key: t.other.key })).json().id as string;
    expectEnvelope(await browser.get(`/test/conversations/${elsewhere}`), 404, 'not_found');
    const member = await t.signedIn('member');
    expectEnvelope(await member.post(`/test/conversations/${elsewhere}/rerun`), 404, 'not_found');
    expectEnvelope(
      await member.post(`/test/conversations/${elsewhere}/labels`, { check_key: 'outcome', choice: 'resolved' }),
      404,
      'not_found',
    );
  });

  it.skipIf(!backend.available)(
    'shows a conversation with its results, their checks and the labels of both sources',
    async () => {
      const id = await scored(t);
      const apiLabel = await postFeedback(t, id, {
        check_key: 'ai_disclosure',
        verdict: 'pass',
        note: 'It did say so.',
      });
      expect(apiLabel.statusCode).toBe(201);
      const member = await t.signedIn('member');
      const passFail = await member.post(`/test/conversations/${id}/labels`, {
        check_key: 'ai_disclosure',
        verdict: 'fail',
        note: 'Said it too late.',
      });
      expect(passFail.statusCode, passFail.body).toBe(201);
      expect(passFail.json()).toMatchObject({
        check_key: 'ai_disclosure',
        verdict: 'fail',
        choice: null,
        source: 'app',
        user: { id: t.users.member.id, name: t.users.member.name },
      });
      const choice = await member.post(`/test/conversations/${id}/labels`, {
        check_key: 'outcome',
        choice: 'escalated',
      });
      expect(choice.statusCode, choice.body).toBe(201);
      expect(choice.json()).toMatchObject({ choice: 'escalated', verdict: 'fail' });
      const same = await member.post(`/test/conversations/${id}/labels`, { check_key: 'outcome', choice: 'resolved' });
      expect(same.json()).toMatchObject({ choice: 'resolved', verdict: 'pass' });

      const bad = [
        { check_key: 'outcome', verdict: 'pass' },
        { check_key: 'outcome', choice: 'maybe' },
        { check_key: 'ai_disclosure', choice: 'resolved' },
        { check_key: 'ai_disclosure' },
      ];
      for (const body of bad)
        expectEnvelope(await member.post(`/test/conversations/${id}/labels`, body), 422, 'validation_error');
      expectEnvelope(
        await member.post(`/test/conversations/${id}/labels`, { check_key: 'no_such_check', verdict: 'pass' }),
        404,
        'not_found',
      );

      const view = await (await t.signedIn('viewer')).get(`/test/conversations/${id}`);
      expect(view.statusCode, view.body).toBe(200);
      const body = view.json();
      expect(body).toMatchObject({
        id,
        project_id: t.projectId,
        status: 'done',
        last_error: null,
        failed_checks: ['ai_disclosure'],
        frustration: 0.2,
        // The fixture's started_at is after its ended_at and its turns have no end_ms: unknown.
        duration_ms: null,
      });
      expect(body.transcript).toHaveLength(3);
      expect(body.metadata).toEqual({ call_sid: 'CA123', nested: { list: [1, 2, 3], flag: true } });
      expect(body.results.find((r: { check_key: string }) => r.check_key === 'ai_disclosure')).toMatchObject({
        check_category: 'compliance',
        check_severity: 'high',
        verdict: 'fail',
        check_choices: null,
      });
      expect(body.results.find((r: { check_key: string }) => r.check_key === 'outcome').check_choices).toEqual([
        'resolved',
        'unresolved',
        'escalated',
        'not_real_inquiry',
      ]);
      expect(
        body.labels.map((l: { source: string; user: { name: string } | null }) => [l.source, l.user?.name ?? null]),
      ).toEqual([
        ['api', null],
        ['app', t.users.member.name],
        ['app', t.users.member.name],
        ['app', t.users.member.name],
      ]);
      expect(body.labels[0]).toMatchObject({
        verdict: 'pass',
        note: 'It did say so.',
        created_at: expect.stringMatching(/Z$/),
      });
    },
  );

  it.skipIf(!backend.available)('says in plain words why scoring failed, and re-runs it', async () => {
    const id = await scored(t);
    await markFailed(t, id, 'Error: SQLITE_BUSY: database is locked\n    at Statement.run (x.js:1:1)');
    const member = await t.signedIn('member');
    const failed = await member.get(`/test/conversations/${id}`);
    expect(failed.json()).toMatchObject({ status: 'failed', attempts: 5 });
    expect(failed.json().last_error).toBe('The database was too busy to save the results. (all 5 attempts failed)');
    expect(failed.json().last_error).not.toMatch(/at Statement/);

    const rerun = await member.post(`/test/conversations/${id}/rerun`);
    expect(rerun.statusCode, rerun.body).toBe(200);
    expect(rerun.json()).toEqual({ id, status: 'queued' });
    const after = await member.get(`/test/conversations/${id}`);
    expect(after.json()).toMatchObject({ status: 'queued', last_error: null, attempts: 0, results: [] });
    const job = await t.store.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('subject_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('queued');
  });

  it.skipIf(!backend.available)('lets a viewer read but neither label nor re-run', async () => {
    const viewer = await t.signedIn('viewer');
    const id = ids[0] as string;
    expectEnvelope(await viewer.post(`/test/conversations/${id}/rerun`), 403, 'permission_denied');
    expectEnvelope(
      await viewer.post(`/test/conversations/${id}/labels`, { check_key: 'outcome', choice: 'resolved' }),
      403,
      'permission_denied',
    );
    const labels = await t.store.db
      .selectFrom('feedback_labels')
      .select('id')
      .where('conversation_id', '=', id)
      .execute();
    expect(labels).toEqual([]);
  });

  it.skipIf(!backend.available)('offers the agents, groups and checks to filter by', async () => {
    const browser = await t.signedIn('viewer');
    const agents = await browser.get(`/projects/${t.projectId}/test/agents`);
    expect(
      agents
        .json()
        .data.map((a: { id: string }) => a.id)
        .sort(),
    ).toEqual(['front-desk', 'night-desk']);
    expect(agents.json().data[0].group).toEqual({ id: 'clinics', name: 'Clinics' });
    const groups = await browser.get(`/projects/${t.projectId}/test/groups`);
    expect(groups.json().data).toEqual([{ id: 'clinics', name: 'Clinics' }]);
    const checks = await browser.get(`/projects/${t.projectId}/checks`);
    expect(checks.json().data.find((c: { key: string }) => c.key === 'outcome')).toMatchObject({
      name: 'Outcome',
      category: 'outcome',
      status: 'active',
      enabled: true,
    });
    expect((await browser.get(`/projects/${t.projectId}/live/agents`)).json().data).toEqual([]);
    expectEnvelope(await browser.get(`/projects/${t.other.projectId}/checks`), 404, 'not_found');
    expectEnvelope(await browser.get(`/projects/${t.other.projectId}/test/agents`), 404, 'not_found');
  });

  it.skipIf(!backend.available)('never accepts an API key instead of a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/app/api${list()}`, headers: bearer(t.keys.testFull) });
    expectEnvelope(response, 401, 'authentication_error');
  });
});
