import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../harness/backends.js';
import { bearer, startTestApp, type TestApp } from '../harness/app.js';
import { conversationBody } from '../harness/fixtures.js';

describe.each(backends)('smoke on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    if (backend.available) t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  it.skipIf(!backend.available)('stores and reads back a conversation', async () => {
    const body = conversationBody();
    const created = await t.app.inject({ method: 'POST', url: '/v1/conversations', headers: bearer(t.keys.testFull), payload: body });
    expect(created.statusCode).toBe(202);
    const read = await t.app.inject({ method: 'GET', url: `/v1/conversations/${body.external_id}`, headers: bearer(t.keys.testFull) });
    expect(read.statusCode).toBe(200);
    expect(read.json().metadata).toEqual(body.metadata);
  });
});
