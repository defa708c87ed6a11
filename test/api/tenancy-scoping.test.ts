/**
 * Everything is scoped to the key's project and environment: the same external_id lives independently in each,
 * and a record of another project or environment answers 404 (never 403).
 */
import { describe, expect, it } from 'vitest';
import { createConversationRepo } from '../../src/storage/conversation-repo.js';
import type { TestApp } from '../harness/app.js';
import { backends } from '../harness/backends.js';
import { conversationBody } from '../harness/fixtures.js';
import {
  countConversations,
  expectError,
  getConversation,
  postConversation,
  postFeedback,
  useTestApp,
} from '../harness/http.js';
import { sampleResult } from '../harness/results.js';

async function createIn(t: TestApp, key: string, body: Record<string, unknown>): Promise<string> {
  const response = await postConversation(t, body, { key });
  expect(response.statusCode, response.body).toBe(202);
  return response.json().id;
}

describe.each(backends)('tenancy scoping on $name', (backend) => {
  const app = useTestApp(backend);

  it.skipIf(!backend.available)(
    'creates a new conversation for an external_id already used in test when sent live',
    async () => {
      const t = app();
      const body = conversationBody();
      const testId = await createIn(t, t.keys.testFull, body);
      const liveId = await createIn(t, t.keys.liveFull, body);
      expect(liveId).not.toBe(testId);
      expect(await countConversations(t, String(body.external_id))).toBe(2);
    },
  );

  it.skipIf(!backend.available)(
    'creates a new conversation for an external_id already used by another project',
    async () => {
      const t = app();
      const body = conversationBody();
      const mine = await createIn(t, t.keys.testFull, body);
      const theirs = await createIn(t, t.keys.otherProject, body);
      expect(theirs).not.toBe(mine);
      expect(await countConversations(t, String(body.external_id))).toBe(2);
    },
  );

  it.skipIf(!backend.available)('reports a duplicate only within the same environment', async () => {
    const t = app();
    const body = conversationBody();
    const testId = await createIn(t, t.keys.testFull, body);
    const liveId = await createIn(t, t.keys.liveFull, body);
    const liveAgain = await postConversation(t, body, { key: t.keys.liveFull });
    expect(liveAgain.statusCode).toBe(200);
    expect(liveAgain.json()).toEqual({ id: liveId, status: 'queued', duplicate: true });
    const testAgain = await postConversation(t, body, { key: t.keys.testIngest });
    expect(testAgain.json()).toEqual({ id: testId, status: 'queued', duplicate: true });
  });

  it.skipIf(!backend.available)('reads each environment its own conversation for a shared external_id', async () => {
    const t = app();
    const external = conversationBody();
    const testId = await createIn(t, t.keys.testFull, { ...external, metadata: { env: 'test' } });
    const liveId = await createIn(t, t.keys.liveFull, { ...external, metadata: { env: 'live' } });
    const fromTest = (await getConversation(t, String(external.external_id), t.keys.testFull)).json();
    const fromLive = (await getConversation(t, String(external.external_id), t.keys.liveFull)).json();
    expect([fromTest.id, fromTest.metadata]).toEqual([testId, { env: 'test' }]);
    expect([fromLive.id, fromLive.metadata]).toEqual([liveId, { env: 'live' }]);
    expect(fromLive.dashboard_url).toContain('/live/');
  });

  it.skipIf(!backend.available)(
    'answers 404 for a test conversation read with a live key, by id and by external_id',
    async () => {
      const t = app();
      const body = conversationBody();
      const id = await createIn(t, t.keys.testFull, body);
      expectError(await getConversation(t, id, t.keys.liveFull), 404, 'not_found');
      expectError(await getConversation(t, String(body.external_id), t.keys.liveFull), 404, 'not_found');
    },
  );

  it.skipIf(!backend.available)('answers 404 for a live conversation read with a test key', async () => {
    const t = app();
    const body = conversationBody();
    const id = await createIn(t, t.keys.liveFull, body);
    expectError(await getConversation(t, id, t.keys.testFull), 404, 'not_found');
    expectError(await getConversation(t, String(body.external_id), t.keys.testRead), 404, 'not_found');
  });

  it.skipIf(!backend.available)(
    'answers 404 for another project’s conversation, by id and by external_id',
    async () => {
      const t = app();
      const body = conversationBody();
      const id = await createIn(t, t.keys.otherProject, body);
      expectError(await getConversation(t, id, t.keys.testFull), 404, 'not_found');
      expectError(await getConversation(t, String(body.external_id), t.keys.testFull), 404, 'not_found');
      expect((await getConversation(t, id, t.keys.otherProject)).statusCode).toBe(200);
    },
  );

  it.skipIf(!backend.available)(
    'answers 404 to feedback on another environment’s or project’s conversation',
    async () => {
      const t = app();
      const body = conversationBody();
      const id = await createIn(t, t.keys.testFull, body);
      await createConversationRepo(t.store).replaceResults(
        { projectId: t.projectId, environment: 'test' },
        id,
        'resolved',
        [sampleResult()],
      );
      const label = { check_key: 'outcome', verdict: 'fail' };
      for (const key of [t.keys.liveFull, t.keys.otherProject]) {
        expectError(await postFeedback(t, id, label, { key }), 404, 'not_found');
        expectError(await postFeedback(t, String(body.external_id), label, { key }), 404, 'not_found');
      }
      const labels = await t.store.db
        .selectFrom('feedback_labels')
        .select('id')
        .where('conversation_id', '=', id)
        .execute();
      expect(labels).toHaveLength(0);
      expect((await postFeedback(t, id, label)).statusCode).toBe(201);
    },
  );

  it.skipIf(!backend.available)('keeps agents and groups apart per environment', async () => {
    const t = app();
    const agent = { id: 'scoped-agent', name: 'Named in test' };
    await createIn(t, t.keys.testFull, conversationBody({ agent, group: { id: 'g-test', name: 'Test group' } }));
    const liveBody = conversationBody({
      agent: { id: 'scoped-agent', name: 'Named in live' },
      group: { id: 'g-live' },
    });
    await createIn(t, t.keys.liveFull, liveBody);
    const live = (await getConversation(t, String(liveBody.external_id), t.keys.liveFull)).json();
    expect(live.agent).toEqual({ id: 'scoped-agent', name: 'Named in live', version: null });
    expect(live.group).toEqual({ id: 'g-live', name: 'g-live' });
  });
});
