/** The application's view of a check's agreement: figures for the environment and the status history. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PartTwoApp, startPartTwoApp } from '../app-api/part-two-world.js';
import { bearer } from '../harness/app.js';
import { backends } from '../harness/backends.js';

describe.each(backends)('GET /app/api/…/checks/{key}/agreement ($name)', (backend) => {
  let t: PartTwoApp;
  beforeAll(async () => {
    if (backend.available) t = await startPartTwoApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.skipIf(!backend.available)('shows the labels’ agreement and refuses an unknown check', async () => {
    const id = await t.post();
    expect(await t.scoreQueued()).toBe(1);
    const labelled = await t.app.inject({
      method: 'POST',
      url: `/v1/conversations/${id}/feedback`,
      headers: bearer(t.keys.testFull),
      payload: { check_key: 'ai_disclosure', verdict: 'pass' },
    });
    expect(labelled.statusCode).toBe(201);
    const viewer = await t.signedIn('viewer');
    const response = await viewer.get(`${t.base()}/checks/ai_disclosure/agreement`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      check_key: 'ai_disclosure',
      environment: 'test',
      current_version: { labelled: 1, agreed: 1, accuracy: 1, kappa: null },
      meets_bar: false,
      history: [],
    });
    expect((await viewer.get(`${t.base('live')}/checks/ai_disclosure/agreement`)).json().current_version.labelled).toBe(
      0,
    );
    expect((await viewer.get(`${t.base()}/checks/no_such_check/agreement`)).statusCode).toBe(404);
  });
});
