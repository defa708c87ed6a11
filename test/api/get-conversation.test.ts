/** GET /v1/conversations/{id}: every field of the response, by the service id or the client's external_id. */
import { describe, expect, it } from 'vitest';
import { createConversationRepo } from '../../src/storage/conversation-repo.js';
import { bearer } from '../harness/app.js';
import { backends } from '../harness/backends.js';
import { conversationBody, uniqueExternalId } from '../harness/fixtures.js';
import { expectError, getConversation, postConversation, useTestApp } from '../harness/http.js';
import { sampleResult } from '../harness/results.js';

const RESPONSE_FIELDS = [
  'agent',
  'channel',
  'dashboard_url',
  'ended_at',
  'ended_by',
  'events',
  'external_id',
  'group',
  'id',
  'metadata',
  'outcome',
  'results',
  'started_at',
  'status',
  'transcript',
];

describe.each(backends)('GET /v1/conversations/{id} on $name', (backend) => {
  const receivedAt = Date.parse('2026-11-20T09:30:00.250Z');
  const app = useTestApp(backend, { clock: () => receivedAt });

  it.skipIf(!backend.available)('returns every field of the conversation as sent, by service id', async () => {
    const t = app();
    const body = conversationBody({ agent: { id: 'reader-agent', name: 'Reader', version: '2.4' } });
    const { id } = (await postConversation(t, body)).json();

    const response = await getConversation(t, id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const read = response.json();
    expect(Object.keys(read).sort()).toEqual(RESPONSE_FIELDS);
    expect(read).toEqual({
      id,
      external_id: body.external_id,
      channel: 'voice',
      status: 'queued',
      outcome: null,
      dashboard_url: expect.any(String),
      started_at: body.started_at,
      ended_at: body.ended_at,
      ended_by: 'caller',
      agent: { id: 'reader-agent', name: 'Reader', version: '2.4' },
      group: { id: 'clinics', name: 'Clinics' },
      transcript: body.transcript,
      events: body.events,
      metadata: body.metadata,
      results: [],
    });
  });

  it.skipIf(!backend.available)('returns the same conversation by external_id', async () => {
    const t = app();
    const body = conversationBody();
    const { id } = (await postConversation(t, body)).json();
    const byId = (await getConversation(t, id)).json();
    const byExternalId = await getConversation(t, String(body.external_id));
    expect(byExternalId.statusCode).toBe(200);
    expect(byExternalId.json()).toEqual(byId);
  });

  it.skipIf(!backend.available)('finds an external_id that needs URL-encoding', async () => {
    const t = app();
    const externalId = `${uniqueExternalId()} order/42?x=1#ä`;
    const { id } = (await postConversation(t, conversationBody({ external_id: externalId }))).json();
    const read = await getConversation(t, externalId);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id, external_id: externalId });
  });

  it.skipIf(!backend.available)(
    'builds dashboard_url from the public URL, for the conversation and environment',
    async () => {
      const t = app();
      const { id } = (await postConversation(t, conversationBody())).json();
      const url = new URL((await getConversation(t, id)).json().dashboard_url);
      expect(url.origin).toBe('https://cqm.example.test');
      expect(url.pathname).toContain(id);
      expect(url.pathname).toContain('test');
    },
  );

  it.skipIf(!backend.available)('keeps nested metadata, unicode text and turn timings exactly as sent', async () => {
    const t = app();
    const transcript = [
      { speaker: 'agent', text: 'Grüß Gott — 你好 👋', start_ms: 0, end_ms: 1200, asr_confidence: 0.61 },
      { speaker: 'human_agent', text: 'Taking over "now"\nline two' },
      { speaker: 'user', text: ' spaces kept ', start_ms: 1300 },
    ];
    const metadata = {
      deep: { a: [1, { b: null, c: [true, false] }], 'key with space': 'v', empty: {} },
      number: 12.5,
      big: 9007199254740991,
      unicode: 'ü',
    };
    const events = [
      { type: 'transfer', target: '+15550100', at_ms: 900 },
      { type: 'handoff', payload: { queue: 'billing', priority: 2 }, list: [1, 'a'] },
    ];
    const body = conversationBody({ transcript, metadata, events });
    await postConversation(t, body);
    const read = (await getConversation(t, String(body.external_id))).json();
    expect(read.transcript).toEqual(transcript);
    expect(read.metadata).toEqual(metadata);
    expect(read.events).toEqual(events);
  });

  it.skipIf(!backend.available)('returns an empty metadata object and no events when none were sent', async () => {
    const t = app();
    const body = { external_id: uniqueExternalId(), channel: 'chat', transcript: [{ speaker: 'user', text: 'hi' }] };
    await postConversation(t, body);
    const read = (await getConversation(t, body.external_id)).json();
    expect(read.metadata).toEqual({});
    expect(read.events).toEqual([]);
    expect(read.started_at).toBeNull();
    expect(read.ended_by).toBeNull();
    expect(read.results).toEqual([]);
  });

  it.skipIf(!backend.available)('defaults ended_at to the time the request was received', async () => {
    const t = app();
    const body = conversationBody();
    delete body.ended_at;
    await postConversation(t, body);
    const read = (await getConversation(t, String(body.external_id))).json();
    expect(read.ended_at).toBe('2026-11-20T09:30:00.250Z');
    expect(read.started_at).toBe(body.started_at);
  });

  it.skipIf(!backend.available)('files a conversation without agent under the default agent', async () => {
    const t = app();
    const body = conversationBody();
    delete body.agent;
    delete body.group;
    await postConversation(t, body);
    const read = (await getConversation(t, String(body.external_id))).json();
    expect(read.agent).toEqual({ id: 'default', name: expect.any(String), version: null });
    expect(read.agent.name.length).toBeGreaterThan(0);
    expect(read.group).toBeNull();
  });

  it.skipIf(!backend.available)('files a conversation whose agent has no id under the default agent', async () => {
    const t = app();
    const body = conversationBody({ agent: { version: '9.1' } });
    delete body.group;
    await postConversation(t, body);
    const read = (await getConversation(t, String(body.external_id))).json();
    expect(read.agent.id).toBe('default');
    expect(read.agent.version).toBe('9.1');
  });

  it.skipIf(!backend.available)('returns version null when the agent was sent without one', async () => {
    const t = app();
    const body = conversationBody({ agent: { id: 'no-version-agent', name: 'No version' } });
    await postConversation(t, body);
    const read = (await getConversation(t, String(body.external_id))).json();
    expect(read.agent).toEqual({ id: 'no-version-agent', name: 'No version', version: null });
  });

  it.skipIf(!backend.available)('shows each conversation the agent version it was sent with', async () => {
    const t = app();
    const first = conversationBody({ agent: { id: 'versioned', name: 'Versioned', version: '1.0' } });
    const second = conversationBody({ agent: { id: 'versioned', version: '1.1' } });
    await postConversation(t, first);
    await postConversation(t, second);
    expect((await getConversation(t, String(first.external_id))).json().agent.version).toBe('1.0');
    expect((await getConversation(t, String(second.external_id))).json().agent.version).toBe('1.1');
  });

  it.skipIf(!backend.available)('shows results, status and outcome once scored', async () => {
    const t = app();
    const body = conversationBody();
    const { id } = (await postConversation(t, body)).json();
    const outcome = sampleResult();
    const frustration = sampleResult({
      check_key: 'frustration',
      check_name: 'Frustration',
      check_version: 3,
      check_status: 'shadow',
      score: 0.9,
      verdict: 'fail',
      choice: null,
      decided_by: 'llm_judge',
      reason: null,
      evidence_turns: [],
      latency_ms: null,
    });
    await createConversationRepo(t.store).replaceResults(
      { projectId: t.projectId, environment: 'test' },
      id,
      'resolved',
      [outcome, frustration],
    );
    const read = (await getConversation(t, id)).json();
    expect(read.status).toBe('done');
    expect(read.outcome).toBe('resolved');
    expect(read.results).toEqual([outcome, frustration]);
  });

  it.skipIf(!backend.available)('prefers the service id when another conversation uses it as external_id', async () => {
    const t = app();
    const { id } = (await postConversation(t, conversationBody())).json();
    const shadowing = conversationBody({ external_id: id });
    const other = (await postConversation(t, shadowing)).json();
    expect(other.id).not.toBe(id);
    expect((await getConversation(t, id)).json().id).toBe(id);
  });

  it.skipIf(!backend.available)('answers HEAD like GET, without a body, for a read key', async () => {
    const t = app();
    const { id } = (await postConversation(t, conversationBody())).json();
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/v1/conversations/${id}`,
      headers: bearer(t.keys.testRead),
    });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['service-request-id']).toEqual(expect.any(String));
    const missing = await t.app.inject({
      method: 'HEAD',
      url: '/v1/conversations/missing',
      headers: bearer(t.keys.testRead),
    });
    expect(missing.statusCode).toBe(404);
  });

  it.skipIf(!backend.available)('ignores a query string', async () => {
    const t = app();
    const { id } = (await postConversation(t, conversationBody())).json();
    const read = await t.app.inject({
      method: 'GET',
      url: `/v1/conversations/${id}?expand=all`,
      headers: bearer(t.keys.testFull),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().id).toBe(id);
  });

  it.skipIf(!backend.available)('answers 404 for an id that was never stored', async () => {
    const t = app();
    const error = expectError(await getConversation(t, 'never-stored'), 404, 'not_found');
    expect(error.fields).toBeUndefined();
  });
});
