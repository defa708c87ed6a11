/** 422 validation_error: every rule of the request schema answers with dotted `fields` keys. */
import { describe, expect, it } from 'vitest';
import { backends } from '../harness/backends.js';
import { conversationBody } from '../harness/fixtures.js';
import {
  countConversations,
  expectValidationError,
  getConversation,
  postConversation,
  useTestApp,
} from '../harness/http.js';

const turn = { speaker: 'user', text: 'hello' };

function withoutField(field: string): Record<string, unknown> {
  const body = conversationBody();
  delete body[field];
  return body;
}

/** Bodies that break exactly one rule, and the field key the answer must name. */
const invalidBodies: Array<{ rule: string; body: () => unknown; field: string }> = [
  { rule: 'missing external_id', body: () => withoutField('external_id'), field: 'external_id' },
  { rule: 'empty external_id', body: () => conversationBody({ external_id: '' }), field: 'external_id' },
  {
    rule: 'external_id of 201 characters',
    body: () => conversationBody({ external_id: 'x'.repeat(201) }),
    field: 'external_id',
  },
  { rule: 'external_id not a string', body: () => conversationBody({ external_id: 42 }), field: 'external_id' },
  { rule: 'missing channel', body: () => withoutField('channel'), field: 'channel' },
  { rule: 'channel fax', body: () => conversationBody({ channel: 'fax' }), field: 'channel' },
  { rule: 'missing transcript', body: () => withoutField('transcript'), field: 'transcript' },
  { rule: 'empty transcript', body: () => conversationBody({ transcript: [] }), field: 'transcript' },
  { rule: 'transcript not an array', body: () => conversationBody({ transcript: 'hello' }), field: 'transcript' },
  {
    rule: 'turn speaker not one of agent, user, human_agent',
    body: () => conversationBody({ transcript: [{ speaker: 'robot', text: 'hi' }] }),
    field: 'transcript.0.speaker',
  },
  {
    rule: 'turn without speaker',
    body: () => conversationBody({ transcript: [turn, { text: 'hi' }] }),
    field: 'transcript.1.speaker',
  },
  {
    rule: 'turn with empty text',
    body: () => conversationBody({ transcript: [turn, { speaker: 'agent', text: '' }] }),
    field: 'transcript.1.text',
  },
  {
    rule: 'turn without text',
    body: () => conversationBody({ transcript: [{ speaker: 'agent' }] }),
    field: 'transcript.0.text',
  },
  {
    rule: 'turn that is not an object',
    body: () => conversationBody({ transcript: ['hello'] }),
    field: 'transcript.0',
  },
  {
    rule: 'asr_confidence of 1.5',
    body: () => conversationBody({ transcript: [{ ...turn, asr_confidence: 1.5 }] }),
    field: 'transcript.0.asr_confidence',
  },
  {
    rule: 'negative asr_confidence',
    body: () => conversationBody({ transcript: [{ ...turn, asr_confidence: -0.1 }] }),
    field: 'transcript.0.asr_confidence',
  },
  {
    rule: 'start_ms not an integer',
    body: () => conversationBody({ transcript: [{ ...turn, start_ms: 1.5 }] }),
    field: 'transcript.0.start_ms',
  },
  {
    rule: 'started_at without offset',
    body: () => conversationBody({ started_at: '2026-11-18T14:00:00' }),
    field: 'started_at',
  },
  {
    rule: 'started_at not a date-time',
    body: () => conversationBody({ started_at: 'yesterday' }),
    field: 'started_at',
  },
  {
    rule: 'ended_at without offset',
    body: () => conversationBody({ ended_at: '2026-11-18T14:03:00' }),
    field: 'ended_at',
  },
  { rule: 'ended_by unknown', body: () => conversationBody({ ended_by: 'hangup' }), field: 'ended_by' },
  {
    rule: 'ended_by timeout on voice',
    body: () => conversationBody({ channel: 'voice', ended_by: 'timeout' }),
    field: 'ended_by',
  },
  {
    rule: 'agent.id with a slash',
    body: () => conversationBody({ agent: { id: 'front/desk', name: 'Front desk' } }),
    field: 'agent.id',
  },
  {
    rule: 'agent.id starting with a dash',
    body: () => conversationBody({ agent: { id: '-front-desk', name: 'Front desk' } }),
    field: 'agent.id',
  },
  {
    rule: 'agent.id of 129 characters',
    body: () => conversationBody({ agent: { id: `a${'b'.repeat(128)}`, name: 'Front desk' } }),
    field: 'agent.id',
  },
  {
    rule: 'empty agent.id',
    body: () => conversationBody({ agent: { id: '', name: 'Front desk' } }),
    field: 'agent.id',
  },
  {
    rule: 'agent.name of 121 characters',
    body: () => conversationBody({ agent: { id: 'front-desk', name: 'n'.repeat(121) } }),
    field: 'agent.name',
  },
  {
    rule: 'empty agent.name',
    body: () => conversationBody({ agent: { id: 'front-desk', name: '' } }),
    field: 'agent.name',
  },
  {
    rule: 'agent.version of 61 characters',
    body: () => conversationBody({ agent: { id: 'front-desk', version: 'v'.repeat(61) } }),
    field: 'agent.version',
  },
  { rule: 'agent not an object', body: () => conversationBody({ agent: 'front-desk' }), field: 'agent' },
  { rule: 'group without id', body: () => conversationBody({ group: { name: 'Clinics' } }), field: 'group.id' },
  { rule: 'group.id with a slash', body: () => conversationBody({ group: { id: 'a/b' } }), field: 'group.id' },
  {
    rule: 'group.name of 121 characters',
    body: () => conversationBody({ group: { id: 'clinics', name: 'n'.repeat(121) } }),
    field: 'group.name',
  },
  { rule: 'events not an array', body: () => conversationBody({ events: { type: 'x' } }), field: 'events' },
  {
    rule: 'event without type',
    body: () => conversationBody({ events: [{ type: 'handoff' }, { name: 'lookup' }] }),
    field: 'events.1.type',
  },
  { rule: 'event with empty type', body: () => conversationBody({ events: [{ type: '' }] }), field: 'events.0.type' },
  { rule: 'metadata an array', body: () => conversationBody({ metadata: [1, 2] }), field: 'metadata' },
  { rule: 'metadata a string', body: () => conversationBody({ metadata: 'call CA123' }), field: 'metadata' },
  { rule: 'metadata null', body: () => conversationBody({ metadata: null }), field: 'metadata' },
  { rule: 'body an array', body: () => [conversationBody()], field: '_root' },
  { rule: 'body a string', body: () => 'a conversation', field: '_root' },
  { rule: 'body a number', body: () => 42, field: '_root' },
  { rule: 'body null', body: () => null, field: '_root' },
];

/** The limits DESIGN.md fixes where the specification is silent. */
const overLimitBodies: Array<{ rule: string; body: () => unknown; field: string }> = [
  {
    rule: '10,001 turns',
    body: () =>
      conversationBody({ transcript: Array.from({ length: 10_001 }, () => ({ speaker: 'user', text: 'a' })) }),
    field: 'transcript',
  },
  {
    rule: 'a turn of 20,001 characters',
    body: () => conversationBody({ transcript: [turn, { speaker: 'agent', text: 'y'.repeat(20_001) }] }),
    field: 'transcript.1.text',
  },
  {
    rule: '10,001 events',
    body: () => conversationBody({ events: Array.from({ length: 10_001 }, () => ({ type: 'x' })) }),
    field: 'events',
  },
  {
    rule: 'metadata over 64 KiB',
    body: () => conversationBody({ metadata: { blob: 'm'.repeat(64 * 1024) } }),
    field: 'metadata',
  },
];

describe.each(backends)('request validation on $name', (backend) => {
  const app = useTestApp(backend);

  it.skipIf(!backend.available).each(invalidBodies)('answers 422 naming $field for $rule', async ({ body, field }) => {
    const t = app();
    const sent = body();
    const response = await postConversation(
      t,
      sent === null ? 'null' : typeof sent === 'string' ? JSON.stringify(sent) : sent,
    );
    const fields = expectValidationError(response);
    expect(Object.keys(fields)).toContain(field);
    if (typeof sent === 'object' && sent !== null && !Array.isArray(sent) && 'external_id' in sent) {
      const externalId = (sent as { external_id: unknown }).external_id;
      if (typeof externalId === 'string' && externalId.length > 0)
        expect(await countConversations(t, externalId)).toBe(0);
    }
  });

  it.skipIf(!backend.available).each(overLimitBodies)(
    'answers 422 naming $field for $rule',
    async ({ body, field }) => {
      const t = app();
      const sent = body() as { external_id: string };
      const fields = expectValidationError(await postConversation(t, sent));
      expect(Object.keys(fields)).toContain(field);
      expect(await countConversations(t, sent.external_id)).toBe(0);
    },
  );

  it.skipIf(!backend.available)('accepts every limit at its edge', async () => {
    const t = app();
    const response = await postConversation(
      t,
      conversationBody({
        agent: { id: `a${'b'.repeat(127)}`, name: 'n'.repeat(120), version: 'v'.repeat(60) },
        group: { id: 'g.1_x:y-z', name: 'g'.repeat(120) },
        transcript: [
          { speaker: 'agent', text: 'y'.repeat(20_000), asr_confidence: 1, start_ms: 0, end_ms: 10 },
          { speaker: 'human_agent', text: 'z', asr_confidence: 0 },
        ],
        // JSON of {"blob":"..."} is 11 bytes more than the string.
        metadata: { blob: 'm'.repeat(64 * 1024 - 11) },
      }),
    );
    expect(response.statusCode, response.body).toBe(202);
  });

  it.skipIf(!backend.available)('accepts 10,000 turns and 10,000 events', async () => {
    const t = app();
    const response = await postConversation(
      t,
      conversationBody({
        transcript: Array.from({ length: 10_000 }, (_, i) => ({ speaker: i % 2 ? 'user' : 'agent', text: 'a' })),
        events: Array.from({ length: 10_000 }, () => ({ type: 'x' })),
      }),
    );
    expect(response.statusCode, response.body).toBe(202);
  });

  it.skipIf(!backend.available)('accepts ended_by timeout on chat', async () => {
    const t = app();
    const response = await postConversation(t, conversationBody({ channel: 'chat', ended_by: 'timeout' }));
    expect(response.statusCode, response.body).toBe(202);
  });

  it.skipIf(!backend.available).each(['agent', 'caller', 'user', 'human_agent', 'system'])(
    'accepts ended_by %s on voice',
    async (endedBy) => {
      const t = app();
      const response = await postConversation(t, conversationBody({ channel: 'voice', ended_by: endedBy }));
      expect(response.statusCode, response.body).toBe(202);
    },
  );

  it.skipIf(!backend.available)('accepts date-times with Z and with a numeric offset', async () => {
    const t = app();
    const response = await postConversation(
      t,
      conversationBody({ started_at: '2026-11-18T14:00:00.123Z', ended_at: '2026-11-18T09:03:00-05:00' }),
    );
    expect(response.statusCode, response.body).toBe(202);
  });

  it.skipIf(!backend.available)('reports every broken rule of a body at once', async () => {
    const t = app();
    const fields = expectValidationError(
      await postConversation(t, {
        channel: 'fax',
        transcript: [{ speaker: 'robot', text: '' }],
      }),
    );
    expect(Object.keys(fields)).toEqual(
      expect.arrayContaining(['external_id', 'channel', 'transcript.0.speaker', 'transcript.0.text']),
    );
  });

  it.skipIf(!backend.available)('keeps extra properties of events exactly as sent', async () => {
    const t = app();
    const events = [
      { type: 'tool_call', name: 'lookup', status: 'ok', at_ms: 10, arguments: { q: 'x' }, latency: 12.5 },
      { type: 'custom_thing', tags: ['a', 'b'], nested: { deep: { value: null } } },
    ];
    const body = conversationBody({ events });
    expect((await postConversation(t, body)).statusCode).toBe(202);
    const read = await getConversation(t, String(body.external_id));
    expect(read.json().events).toEqual(events);
  });

  it.skipIf(!backend.available)('ignores unknown top-level fields', async () => {
    const t = app();
    const body = conversationBody({ priority: 'high', customer: { tier: 'gold' } });
    const response = await postConversation(t, body);
    expect(response.statusCode, response.body).toBe(202);
    const read = (await getConversation(t, String(body.external_id))).json();
    expect(read).not.toHaveProperty('priority');
    expect(read).not.toHaveProperty('customer');
  });
});
