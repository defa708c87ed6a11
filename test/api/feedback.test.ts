/** POST /v1/conversations/{id}/feedback: labels on scored results, which never change the result itself. */
import { describe, expect, it } from 'vitest';
import { createConversationRepo } from '../../src/storage/conversation-repo.js';
import type { TestApp } from '../harness/app.js';
import { backends } from '../harness/backends.js';
import { conversationBody } from '../harness/fixtures.js';
import {
  expectError,
  expectValidationError,
  getConversation,
  postConversation,
  postFeedback,
  useTestApp,
} from '../harness/http.js';
import { sampleResult } from '../harness/results.js';

/** A conversation scored with an `outcome` result (verdict pass) and a `frustration` result (verdict fail). */
async function scoredConversation(t: TestApp): Promise<{ id: string; externalId: string }> {
  const body = conversationBody();
  const { id } = (await postConversation(t, body)).json();
  await createConversationRepo(t.store).replaceResults(
    { projectId: t.projectId, environment: 'test' },
    id,
    'resolved',
    [
      sampleResult({ check_key: 'outcome', verdict: 'pass' }),
      sampleResult({ check_key: 'frustration', check_name: 'Frustration', verdict: 'fail', choice: null, score: 0.8 }),
    ],
  );
  return { id, externalId: String(body.external_id) };
}

async function labelsOf(t: TestApp, conversationId: string) {
  return t.store.db
    .selectFrom('feedback_labels')
    .select(['check_key', 'verdict', 'note', 'source', 'environment'])
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

describe.each(backends)('POST /v1/conversations/{id}/feedback on $name', (backend) => {
  const app = useTestApp(backend);

  it.skipIf(!backend.available)('answers 201 with the label, source api', async () => {
    const t = app();
    const { id } = await scoredConversation(t);
    const response = await postFeedback(t, id, {
      check_key: 'outcome',
      verdict: 'fail',
      note: 'They were not rebooked.',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      id: expect.any(String),
      check_key: 'outcome',
      verdict: 'fail',
      source: 'api',
      note: 'They were not rebooked.',
    });
    expect(await labelsOf(t, id)).toEqual([
      { check_key: 'outcome', verdict: 'fail', note: 'They were not rebooked.', source: 'api', environment: 'test' },
    ]);
  });

  it.skipIf(!backend.available)('accepts a label without a note', async () => {
    const t = app();
    const { id } = await scoredConversation(t);
    const response = await postFeedback(t, id, { check_key: 'frustration', verdict: 'pass' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ check_key: 'frustration', verdict: 'pass', source: 'api', note: null });
  });

  it.skipIf(!backend.available)('accepts a note of exactly 1,000 characters', async () => {
    const t = app();
    const { id } = await scoredConversation(t);
    const response = await postFeedback(t, id, { check_key: 'outcome', verdict: 'pass', note: 'n'.repeat(1000) });
    expect(response.statusCode, response.body).toBe(201);
  });

  it.skipIf(!backend.available)('finds the conversation by external_id too', async () => {
    const t = app();
    const { id, externalId } = await scoredConversation(t);
    const response = await postFeedback(t, externalId, { check_key: 'outcome', verdict: 'pass' });
    expect(response.statusCode, response.body).toBe(201);
    expect(await labelsOf(t, id)).toHaveLength(1);
  });

  it.skipIf(!backend.available)('keeps several labels for one result, each with its own id', async () => {
    const t = app();
    const { id } = await scoredConversation(t);
    const first = await postFeedback(t, id, { check_key: 'outcome', verdict: 'pass' });
    const second = await postFeedback(t, id, { check_key: 'outcome', verdict: 'fail', note: 'On second listen' });
    const third = await postFeedback(t, id, { check_key: 'outcome', verdict: 'pass' });
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([first, second, third].map((r) => r.json().id)).size).toBe(3);
    expect((await labelsOf(t, id)).map((l) => l.verdict)).toEqual(['pass', 'fail', 'pass']);
  });

  it.skipIf(!backend.available)('leaves the result as scored: GET shows the same verdicts after feedback', async () => {
    const t = app();
    const { id } = await scoredConversation(t);
    const before = (await getConversation(t, id)).json();
    await postFeedback(t, id, { check_key: 'outcome', verdict: 'fail' });
    await postFeedback(t, id, { check_key: 'frustration', verdict: 'pass' });
    const after = (await getConversation(t, id)).json();
    expect(after).toEqual(before);
    expect(after.results.map((r: { verdict: string }) => r.verdict)).toEqual(['pass', 'fail']);
    expect(after.outcome).toBe('resolved');
  });

  it.skipIf(!backend.available)(
    'answers 404 "no result for check <key>" when the conversation has no such result',
    async () => {
      const t = app();
      const { id } = await scoredConversation(t);
      const error = expectError(
        await postFeedback(t, id, { check_key: 'ai_disclosure', verdict: 'pass' }),
        404,
        'not_found',
      );
      expect(error.message).toBe('no result for check ai_disclosure');
      expect(await labelsOf(t, id)).toHaveLength(0);
    },
  );

  it.skipIf(!backend.available)(
    'answers 404 "no result for check <key>" while the conversation is not scored yet',
    async () => {
      const t = app();
      const body = conversationBody();
      const { id } = (await postConversation(t, body)).json();
      const error = expectError(await postFeedback(t, id, { check_key: 'outcome', verdict: 'pass' }), 404, 'not_found');
      expect(error.message).toBe('no result for check outcome');
    },
  );

  it.skipIf(!backend.available)('answers 404 for an unknown conversation', async () => {
    const t = app();
    const error = expectError(
      await postFeedback(t, 'conv_unknown', { check_key: 'outcome', verdict: 'pass' }),
      404,
      'not_found',
    );
    expect(error.message).not.toBe('no result for check outcome');
  });

  it.skipIf(!backend.available).each([
    ['verdict not pass or fail', { check_key: 'outcome', verdict: 'uncertain' }, 'verdict'],
    ['verdict missing', { check_key: 'outcome' }, 'verdict'],
    ['verdict in capitals', { check_key: 'outcome', verdict: 'PASS' }, 'verdict'],
    ['note of 1,001 characters', { check_key: 'outcome', verdict: 'pass', note: 'n'.repeat(1001) }, 'note'],
    ['note not a string', { check_key: 'outcome', verdict: 'pass', note: 5 }, 'note'],
    ['check_key missing', { verdict: 'pass' }, 'check_key'],
    ['check_key empty', { check_key: '', verdict: 'pass' }, 'check_key'],
    ['body an array', [{ check_key: 'outcome', verdict: 'pass' }], '_root'],
  ])('answers 422 for %s', async (_rule, body, field) => {
    const t = app();
    const { id } = await scoredConversation(t);
    const fields = expectValidationError(await postFeedback(t, id, body));
    expect(Object.keys(fields)).toContain(field);
    expect(await labelsOf(t, id)).toHaveLength(0);
  });

  it.skipIf(!backend.available)('labels results of live conversations in the live environment', async () => {
    const t = app();
    const body = conversationBody();
    const { id } = (await postConversation(t, body, { key: t.keys.liveFull })).json();
    await createConversationRepo(t.store).replaceResults(
      { projectId: t.projectId, environment: 'live' },
      id,
      'resolved',
      [sampleResult()],
    );
    const response = await postFeedback(t, id, { check_key: 'outcome', verdict: 'pass' }, { key: t.keys.liveFull });
    expect(response.statusCode, response.body).toBe(201);
    expect((await labelsOf(t, id)).map((l) => l.environment)).toEqual(['live']);
  });
});
