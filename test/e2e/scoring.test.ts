/** From POST to scored results with the real offline model and a worker in the same process. */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from '../../src/jobs/worker.js';
import { scoringWorker } from '../../src/main/background.js';
import { bearer, startTestApp, type TestApp } from '../harness/app.js';
import { backends } from '../harness/backends.js';
import { conversationBody } from '../harness/fixtures.js';
import { waitFor } from '../harness/processes.js';

describe.each(backends)('scoring end to end on $name', (backend) => {
  let t: TestApp;
  let worker: Worker;

  beforeAll(async () => {
    if (!backend.available) return;
    t = await startTestApp(backend);
    worker = scoringWorker({ workerConcurrency: 2, jobLeaseMs: 30_000 }, t.store, pino({ level: 'silent' }));
    worker.start();
  });
  afterAll(async () => {
    if (!backend.available) return;
    await worker.stop();
    await t.close();
  });

  async function postAndWait(body: Record<string, unknown>) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/conversations',
      headers: bearer(t.keys.testFull),
      payload: body,
    });
    expect(created.statusCode).toBe(202);
    worker.nudge();
    return waitFor(
      async () => {
        const read = await t.app.inject({
          method: 'GET',
          url: `/v1/conversations/${created.json().id}`,
          headers: bearer(t.keys.testFull),
        });
        const conversation = read.json();
        return conversation.status === 'done' ? conversation : false;
      },
      20_000,
      'the conversation to be scored',
    );
  }

  it.skipIf(!backend.available)(
    'scores a booking call: outcome, one result per applicable check, booking checks on',
    async () => {
      const conversation = await postAndWait(conversationBody());
      expect(conversation.outcome).toBe('resolved');
      const byKey = Object.fromEntries(conversation.results.map((r: { check_key: string }) => [r.check_key, r]));
      expect(Object.keys(byKey).sort()).toEqual(
        [
          'ai_disclosure',
          'booking_confirmation_accurate',
          'booking_failure_disclosed',
          'frustration',
          'outcome',
          'person_request_honored',
          'real_inquiry',
        ].sort(),
      );
      expect(byKey.outcome).toMatchObject({ choice: 'resolved', check_version: 1, check_status: 'active' });
      expect(byKey.real_inquiry.verdict).toBe('met');
      expect(byKey.booking_confirmation_accurate.verdict).toBe('pass');
      for (const result of conversation.results) {
        expect(result.scorer_version).toMatch(/\S/);
        expect(Number.isInteger(result.latency_ms)).toBe(true);
        expect(Array.isArray(result.evidence_turns)).toBe(true);
      }

      // Feedback now has a result to answer, and GET keeps showing the result as scored.
      const label = await t.app.inject({
        method: 'POST',
        url: `/v1/conversations/${conversation.id}/feedback`,
        headers: bearer(t.keys.testFull),
        payload: { check_key: 'outcome', verdict: 'fail', note: 'The caller rang back the next day.' },
      });
      expect(label.statusCode).toBe(201);
      expect(label.json()).toMatchObject({ check_key: 'outcome', verdict: 'fail', source: 'api' });
    },
  );

  it.skipIf(!backend.available)('decides escalated by rule when a transfer happened', async () => {
    const conversation = await postAndWait(
      conversationBody({
        transcript: [
          { speaker: 'agent', text: 'Hello, this is the virtual assistant for Acme Bank. How can I help?' },
          { speaker: 'user', text: 'I want to talk to a real person about a charge on my card.' },
          { speaker: 'agent', text: 'Of course, transferring you to an agent now.' },
        ],
        events: [{ type: 'transfer', target: 'card-disputes' }],
      }),
    );
    expect(conversation.outcome).toBe('escalated');
    const outcome = conversation.results.find((r: { check_key: string }) => r.check_key === 'outcome');
    expect(outcome).toMatchObject({ choice: 'escalated', decided_by: 'rule' });
    const honored = conversation.results.find((r: { check_key: string }) => r.check_key === 'person_request_honored');
    expect(honored.verdict).toBe('pass');
  });
});
