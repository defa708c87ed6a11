/**
 * @cqm/client against the real service (bin/cqm serve, scoring in the same process): a conversation posted,
 * read until scored, labelled; health read; and every error answer turned into its typed class.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  ClientError,
  CqmClient,
  IdempotencyConflictError,
  isHandedToPerson,
  NotFoundError,
  PermissionDeniedError,
  PLANNED_RENAMES,
  ServerError,
  ValidationError,
} from '../../packages/client/src/index.js';
import { conversationBody } from '../harness/fixtures.js';
import { errorBody, type FlakyProxy, startFlakyProxy } from './flaky-proxy.js';
import { type ClientTestService, startClientTestService } from './service.js';

type ConversationBody = Parameters<CqmClient['conversations']['create']>[0];
const body = (overrides: Record<string, unknown> = {}) => conversationBody(overrides) as unknown as ConversationBody;

describe('@cqm/client against bin/cqm serve', () => {
  let service: ClientTestService;
  let proxy: FlakyProxy;
  let cqm: CqmClient;

  beforeAll(async () => {
    service = await startClientTestService();
    proxy = await startFlakyProxy(service.baseUrl);
    cqm = new CqmClient({ baseUrl: service.baseUrl, apiKey: service.keys.full });
  });
  afterAll(async () => {
    await proxy?.close();
    await service?.close();
  });

  it('posts a conversation, reads it until done by id and by external_id, and labels a result', async () => {
    const sent = body();
    const created = await cqm.conversations.create(sent);
    expect(created).toMatchObject({ id: expect.stringMatching(/^conv_/), status: 'queued', replayed: false });
    expect(created.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    const done = await cqm.conversations.waitUntilDone(created.id, { timeoutMs: 30_000 });
    expect(done.status).toBe('done');
    expect(done.external_id).toBe(sent.external_id);
    expect(done.transcript).toEqual(sent.transcript);
    expect(done.metadata).toEqual(sent.metadata);
    expect(done.outcome).toBe('resolved');
    expect(isHandedToPerson(done.outcome)).toBe(false);
    expect(done.results.map((result) => result.check_key)).toContain('outcome');

    const byExternalId = await cqm.conversations.get(sent.external_id);
    expect(byExternalId.id).toBe(created.id);

    const label = await cqm.conversations.feedback(sent.external_id, { check_key: 'outcome', verdict: 'fail' });
    expect(label).toMatchObject({ check_key: 'outcome', verdict: 'fail', source: 'api' });

    // The label reads back, by conversation and by check, and counts in the check's agreement.
    const labels = [];
    for await (const item of cqm.labels.listAll({ conversation_id: sent.external_id })) labels.push(item);
    expect(labels).toEqual([expect.objectContaining({ id: label.id, check_key: 'outcome', verdict: 'fail' })]);
    const byCheck = await cqm.labels.list({ check_key: 'outcome', limit: 10 });
    expect(byCheck.data.map((item) => item.id)).toContain(label.id);
    // A pass/fail check's label is compared with its verdict (the multiple-choice outcome needs a choice).
    await cqm.conversations.feedback(created.id, { check_key: 'ai_disclosure', verdict: 'pass' });
    const agreement = await cqm.checks.agreement('ai_disclosure');
    expect(agreement).toMatchObject({ check_key: 'ai_disclosure', meets_bar: false });
    expect(agreement.current_version.labelled).toBe(1);

    // The same external_id again: the existing conversation, nothing new stored.
    const again = await cqm.conversations.create(sent);
    expect(again).toMatchObject({ id: created.id, duplicate: true, replayed: false });
    expect(service.storedCount(sent.external_id)).toBe(1);
  });

  it('replays the first answer for a repeated Idempotency-Key and refuses it with another body', async () => {
    const sent = body();
    const first = await cqm.conversations.create(sent, { idempotencyKey: `client-test-${sent.external_id}` });
    const replay = await cqm.conversations.create(sent, { idempotencyKey: first.idempotencyKey });
    expect(replay).toMatchObject({ id: first.id, replayed: true, idempotencyKey: first.idempotencyKey });

    const conflict = await cqm.conversations
      .create(body(), { idempotencyKey: first.idempotencyKey })
      .catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(IdempotencyConflictError);
    expect(conflict).toMatchObject({ status: 409, type: 'idempotency_conflict' });
  });

  it('reads agent and group health', async () => {
    const agent = await cqm.agents.health('front-desk');
    expect(agent).toMatchObject({ agent_id: 'front-desk', environment: 'test', group: { id: 'clinics' } });
    expect(agent.last_7_days.conversations).toEqual(expect.any(Number));
    const group = await cqm.groups.health('clinics');
    expect(group.agents.map((member) => member.id)).toContain('front-desk');
  });

  it('turns each error answer into its class, with status, type, request_id and fields', async () => {
    const invalid = await cqm.conversations
      .create(body({ channel: 'fax', transcript: [] }))
      .catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(ValidationError);
    expect(invalid).toBeInstanceOf(ClientError);
    const validation = invalid as ValidationError;
    expect(validation.status).toBe(422);
    expect(validation.type).toBe('validation_error');
    expect(validation.requestId).toMatch(/^req_/);
    expect(validation.request_id).toBe(validation.headers.get('service-request-id'));
    expect(Object.keys(validation.fields ?? {})).toEqual(expect.arrayContaining(['channel', 'transcript']));

    const missing = await cqm.conversations.get('no-such-conversation').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ status: 404, type: 'not_found', requestId: expect.stringMatching(/^req_/) });

    // A live key sees nothing of the test environment.
    const live = new CqmClient({ baseUrl: service.baseUrl, apiKey: service.keys.live });
    const created = await cqm.conversations.create(body());
    await expect(live.conversations.get(created.id)).rejects.toBeInstanceOf(NotFoundError);

    const stranger = new CqmClient({ baseUrl: service.baseUrl, apiKey: 'cqm_test_not-a-key' });
    const unauthenticated = await stranger.agents.health('front-desk').catch((error: unknown) => error);
    expect(unauthenticated).toBeInstanceOf(AuthenticationError);
    expect(unauthenticated).toMatchObject({ status: 401, type: 'authentication_error' });

    const reader = new CqmClient({ baseUrl: service.baseUrl, apiKey: service.keys.read });
    const denied = await reader.conversations.create(body()).catch((error: unknown) => error);
    expect(denied).toBeInstanceOf(PermissionDeniedError);
    expect(denied).toMatchObject({ status: 403, type: 'permission_denied' });
  });

  it('handles a type it does not know by its status class', async () => {
    const client = new CqmClient({ baseUrl: proxy.url, apiKey: service.keys.full, sleep: async () => {} });
    proxy.script([{ kind: 'answer', status: 418, body: errorBody('teapot_refused') }]);
    const teapot = await client.agents.health('front-desk').catch((error: unknown) => error);
    expect(teapot).toBeInstanceOf(ClientError);
    expect(teapot).toMatchObject({ status: 418, type: 'teapot_refused', requestId: 'req_proxy' });

    proxy.script([
      { kind: 'answer', status: 507, body: errorBody('storage_full') },
      { kind: 'answer', status: 507, body: errorBody('storage_full') },
      { kind: 'answer', status: 507, body: errorBody('storage_full') },
      { kind: 'answer', status: 507, body: errorBody('storage_full') },
    ]);
    const full = await client.agents.health('front-desk').catch((error: unknown) => error);
    expect(full).toBeInstanceOf(ServerError);
    expect(full).toMatchObject({ status: 507, type: 'storage_full' });

    // A proxy's error page that is not JSON still becomes a typed error.
    proxy.script([{ kind: 'answer', status: 404, headers: { 'content-type': 'text/html' }, body: '<h1>nope</h1>' }]);
    const page = await client.agents.health('front-desk').catch((error: unknown) => error);
    expect(page).toBeInstanceOf(NotFoundError);
    expect(page).toBeInstanceOf(ApiError);
    expect((page as ApiError).body).toBe('<h1>nope</h1>');
  });

  it('asks for the new names of planned renames with Service-Opt-In when told to', async () => {
    const optedIn = new CqmClient({ baseUrl: proxy.url, apiKey: service.keys.full, optIn: PLANNED_RENAMES });
    proxy.requests.length = 0;
    await optedIn.conversations.create(body());
    await new CqmClient({ baseUrl: proxy.url, apiKey: service.keys.full }).conversations.create(body());
    expect(proxy.requests.map((request) => request.headers['service-opt-in'])).toEqual([
      'handed_to_person, not_customer_call, second_review',
      undefined,
    ]);
  });

  it('reaches any documented operation by its path template', async () => {
    const created = await cqm.conversations.create(body());
    const read = await cqm.request('get', '/v1/conversations/{id}', { params: { path: { id: created.id } } });
    expect(read.id).toBe(created.id);
  });
});
