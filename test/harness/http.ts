/** Small request helpers and assertions shared by the HTTP suites in test/api. */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, startTestApp, type TestApp, type TestAppOptions } from './app.js';
import type { TestBackend } from './backends.js';

/**
 * Starts one app on a fresh store for the enclosing describe block (when the backend is available) and
 * closes it afterwards. Read the app through the returned function inside tests.
 */
export function useTestApp(backend: TestBackend, options: TestAppOptions = {}): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    if (backend.available) t = await startTestApp(backend, options);
  });
  afterAll(async () => {
    await t?.close();
  });
  return () => {
    if (!t) throw new Error('the test app was not started');
    return t;
  };
}

export function postConversation(
  t: TestApp,
  body: unknown,
  options: { key?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/v1/conversations',
    headers: { ...bearer(options.key ?? t.keys.testFull), 'content-type': 'application/json', ...options.headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function getConversation(
  t: TestApp,
  id: string,
  key: string = t.keys.testFull,
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: `/v1/conversations/${encodeURIComponent(id)}`, headers: bearer(key) });
}

export function postFeedback(
  t: TestApp,
  id: string,
  body: unknown,
  options: { key?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/v1/conversations/${encodeURIComponent(id)}/feedback`,
    headers: { ...bearer(options.key ?? t.keys.testFull), 'content-type': 'application/json', ...options.headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export interface ErrorBody {
  type: string;
  message: string;
  fields?: Record<string, string[]>;
  request_id: string;
}

/**
 * Asserts the status, the one error envelope and that its request_id is the Service-Request-Id header.
 * Returns the inner error object for further checks.
 */
export function expectError(response: LightMyRequestResponse, status: number, type: string): ErrorBody {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as { error: ErrorBody };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.type).toBe(type);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  const requestId = response.headers['service-request-id'];
  expect(typeof requestId).toBe('string');
  expect(body.error.request_id).toBe(requestId);
  for (const key of Object.keys(body.error)) expect(['type', 'message', 'fields', 'request_id']).toContain(key);
  return body.error;
}

/** Asserts a 422 and returns its `fields` map. */
export function expectValidationError(response: LightMyRequestResponse): Record<string, string[]> {
  const error = expectError(response, 422, 'validation_error');
  expect(error.fields).toBeTypeOf('object');
  const fields = error.fields ?? {};
  for (const messages of Object.values(fields)) {
    expect(Array.isArray(messages)).toBe(true);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(typeof message).toBe('string');
  }
  return fields;
}

/** Counts the stored conversations of a project with an external_id, across environments. */
export async function countConversations(t: TestApp, externalId: string): Promise<number> {
  const row = await t.store.db
    .selectFrom('conversations')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('external_id', '=', externalId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Counts every stored conversation in the store. */
export async function countAllConversations(t: TestApp): Promise<number> {
  const row = await t.store.db
    .selectFrom('conversations')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
