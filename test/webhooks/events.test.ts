/** Events written to the outbox in the transactions that cause them, on both backends. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCheckCatalogue } from '../../src/checks/catalogue.js';
import type { CheckDefinition } from '../../src/domain/checks.js';
import { handlerRegistry } from '../../src/jobs/job-handler.js';
import { createQueue } from '../../src/jobs/queue.js';
import { type Scorer, scoreConversationHandler } from '../../src/jobs/score-conversation.js';
import { HOUR_MS } from '../../src/storage/webhooks/outbox.js';
import { PAYLOAD_SCHEMAS } from '../../src/webhooks/events.js';
import { backends } from '../harness/backends.js';
import { worldFor } from '../health/world.js';
import { createHookWorld, type HookWorld } from './world.js';

const common = { description: '', builtin: true, version: 1 } as const;
const CHECKS: CheckDefinition[] = [
  {
    ...common,
    status: 'active',
    key: 'outcome',
    name: 'Outcome',
    kind: 'multiple_choice',
    category: 'outcome',
    severity: 'medium',
  },
  {
    ...common,
    status: 'active',
    key: 'ai_disclosure',
    name: 'AI disclosure',
    kind: 'pass_fail',
    category: 'compliance',
    severity: 'high',
  },
  {
    ...common,
    status: 'shadow',
    key: 'recording',
    name: 'Recording notice',
    kind: 'pass_fail',
    category: 'compliance',
    severity: 'low',
  },
  {
    ...common,
    status: 'draft',
    key: 'greeting',
    name: 'Greeting',
    kind: 'pass_fail',
    category: 'experience',
    severity: 'low',
  },
];

/** Every check but outcome fails. */
const failingAll: Scorer = {
  score: (_conversation, checks) => ({
    outcome: 'resolved',
    results: checks.map((check) => ({
      check_key: check.key,
      score: null,
      verdict: check.key === 'outcome' ? 'pass' : 'fail',
      choice: check.key === 'outcome' ? 'resolved' : null,
      decided_by: 'model',
      reason: check.key === 'outcome' ? null : `${check.name} failed`,
      evidence_turns: [0],
      latency_ms: 0,
    })),
  }),
  scorerVersion: () => 'test',
};

describe.each(backends)('webhook events on $name', (backend) => {
  let w: HookWorld;

  beforeEach(async () => {
    if (!backend.available) return;
    w = await createHookWorld(backend, Date.parse('2026-11-20T12:10:00Z'));
  });
  afterEach(async () => {
    if (backend.available) await w.dispose();
  });

  async function scoreOne(externalId: string, environment: 'test' | 'live' = 'test') {
    const catalogue = createCheckCatalogue({
      store: w.store,
      builtins: CHECKS,
      validateRule: () => null,
      clock: w.clock,
    });
    const handler = scoreConversationHandler({ store: w.store, catalogue, scorer: failingAll, clock: w.clock });
    const queue = createQueue(w.store, handlerRegistry([handler]), { leaseMs: 1_000, backoffMs: () => 0 }, w.clock);
    const hw = worldFor(w.store, w.projectId, w.workspaceId, w.clock, w.setNow);
    const ingested = await hw.conversations.ingest(
      { projectId: w.projectId, environment },
      {
        external_id: externalId,
        channel: 'chat',
        started_at: null,
        ended_at: '2026-11-20T09:00:00Z',
        ended_at_ms: Date.parse('2026-11-20T09:00:00Z'),
        ended_by: null,
        agent: { id: 'front-desk', name: 'Front desk', version: '3.0' },
        group: { id: 'clinics', name: 'Clinics' },
        transcript: [{ speaker: 'user', text: 'hello' }],
        events: [],
        metadata: {},
      },
      null,
    );
    if (ingested.kind !== 'created') throw new Error('not created');
    const [job] = await queue.claim('w1', 1);
    if (!job) throw new Error('no job');
    await handler.run(job);
    return ingested.response.body.id;
  }

  const payloads = async (type: string) =>
    (await w.messages()).filter((m) => m.event_type === type).map((m) => JSON.parse(m.payload));

  it.skipIf(!backend.available)('writes nothing when no endpoint is registered', async () => {
    await scoreOne('none-1');
    expect(await w.messages()).toEqual([]);
  });

  it.skipIf(!backend.available)(
    'scoring writes conversation.evaluated and check.failed, never for shadow or draft checks',
    async () => {
      const all = await w.addEndpoint('https://hooks.example.com/all');
      const onlyEvaluated = await w.addEndpoint('https://hooks.example.com/evaluated', ['conversation.evaluated']);
      const id = await scoreOne('conv-1');

      const evaluated = await payloads('conversation.evaluated');
      expect(evaluated).toHaveLength(2);
      expect(evaluated[0]).toEqual(evaluated[1]);
      const [event] = evaluated;
      expect(PAYLOAD_SCHEMAS['conversation.evaluated'].parse(event)).toEqual(event);
      expect(event).toMatchObject({
        type: 'conversation.evaluated',
        environment: 'test',
        agent: { id: 'front-desk', name: 'Front desk', version: '3.0' },
        group: { id: 'clinics', name: 'Clinics' },
        data: {
          conversation: { id, external_id: 'conv-1', channel: 'chat', status: 'done', outcome: 'resolved' },
          results_summary: { total: 3, pass: 1, fail: 2 },
        },
      });
      expect(event.data.failed_checks.map((c: { check_key: string }) => c.check_key).sort()).toEqual([
        'ai_disclosure',
        'greeting',
      ]);

      const failed = await payloads('check.failed');
      expect(failed.map((p) => p.data.check.check_key)).toEqual(['ai_disclosure']);
      expect(PAYLOAD_SCHEMAS['check.failed'].parse(failed[0])).toEqual(failed[0]);
      expect(failed[0]).toMatchObject({
        data: { check: { category: 'compliance', severity: 'high', check_status: 'active' } },
      });
      const messages = await w.messages();
      expect(messages.filter((m) => m.event_type === 'check.failed').map((m) => m.endpoint_id)).toEqual([all.id]);
      expect(messages.filter((m) => m.endpoint_id === onlyEvaluated.id).map((m) => m.event_type)).toEqual([
        'conversation.evaluated',
      ]);
    },
  );

  it.skipIf(!backend.available)("an endpoint receives only its own environment's events", async () => {
    const live = await w.endpoints.create(
      { ...w.scope, environment: 'live' },
      { url: 'https://hooks.example.com/live' },
    );
    await scoreOne('conv-test');
    expect((await w.messages()).filter((m) => m.endpoint_id === live.endpoint.id)).toEqual([]);
    await scoreOne('conv-live', 'live');
    const liveEvents = (await w.messages()).filter((m) => m.endpoint_id === live.endpoint.id);
    expect(liveEvents.length).toBeGreaterThan(0);
    expect(liveEvents.every((m) => JSON.parse(m.payload).environment === 'live')).toBe(true);
  });

  it.skipIf(!backend.available)(
    'each health transition with an event produces exactly one webhook per endpoint',
    async () => {
      await w.addEndpoint('https://hooks.example.com/health', ['agent.health_changed', 'group.health_changed']);
      const hw = worldFor(w.store, w.projectId, w.workspaceId, w.clock, w.setNow);
      const day = '2026-11-20T09:00:00Z';
      // not_enough_calls -> watch (a high-severity failure), watch -> at_risk (a second), then healthy by volume.
      await hw.score({ endedAt: day, outcome: 'resolved', group: 'clinics', failures: [{ severity: 'high' }] });
      await hw.score({ endedAt: day, outcome: 'resolved', group: 'clinics', failures: [{ severity: 'high' }] });
      await hw.score({
        endedAt: day,
        outcome: 'resolved',
        group: 'clinics',
        failures: [{ severity: 'high', status: 'shadow' }],
      });

      const transitions = await w.store.db
        .selectFrom('health_transitions')
        .select(['id', 'subject_kind', 'subject_id', 'old_status', 'new_status', 'event'])
        .where('project_id', '=', w.projectId)
        .execute();
      const withEvent = transitions.filter((t) => t.event !== null);
      expect(withEvent.length).toBeGreaterThanOrEqual(4);
      const events = [...(await payloads('agent.health_changed')), ...(await payloads('group.health_changed'))];
      expect(events.map((e) => e.data.transition_id).sort()).toEqual(withEvent.map((t) => t.id).sort());
      for (const event of events) {
        const transition = withEvent.find((t) => t.id === event.data.transition_id);
        expect(event).toMatchObject({
          type: transition?.event,
          environment: 'test',
          data: { old_status: transition?.old_status, new_status: transition?.new_status },
        });
        expect(PAYLOAD_SCHEMAS[event.type as 'agent.health_changed'].parse(event)).toEqual(event);
        if (event.type === 'agent.health_changed') {
          expect(event).toMatchObject({ agent: { id: 'front-desk' }, group: { id: 'clinics' } });
        } else {
          expect(event).toMatchObject({ group: { id: 'clinics' } });
          expect(event.agent).toBeUndefined();
        }
      }
    },
  );

  it.skipIf(!backend.available)(
    'the hourly digest goes once per endpoint and hour, and not for an hour without failures',
    async () => {
      w.setNow(Date.parse('2026-11-20T11:30:00Z'));
      const digest = await w.addEndpoint('https://hooks.example.com/digest', ['checks.digest']);
      const other = await w.addEndpoint('https://hooks.example.com/digest-2', ['checks.digest']);
      await w.addEndpoint('https://hooks.example.com/no-digest', ['ping']);
      await scoreOne('digest-1');
      await scoreOne('digest-2');
      // Still inside the hour of the failures: the previous hour had none.
      expect(
        await w.store.db
          .selectFrom('webhook_messages')
          .select('id')
          .where('event_type', '=', 'checks.digest')
          .execute(),
      ).toEqual([]);

      w.setNow(Date.parse('2026-11-20T12:00:05Z'));
      const [first, second] = await Promise.all([runDigestsTwice(), runDigestsTwice()]);
      expect(first + second).toBe(2);
      const digests = await payloads('checks.digest');
      expect(digests.map((d) => d.data)).toEqual([
        {
          period_start: '2026-11-20T11:00:00.000Z',
          period_end: '2026-11-20T12:00:00.000Z',
          total_failures: 2,
          failed_checks: [{ check_key: 'ai_disclosure', check_name: 'AI disclosure', failures: 2 }],
        },
        expect.anything(),
      ]);
      expect(
        new Set((await w.messages()).filter((m) => m.event_type === 'checks.digest').map((m) => m.endpoint_id)),
      ).toEqual(new Set([digest.id, other.id]));
      expect(PAYLOAD_SCHEMAS['checks.digest'].parse(digests[0])).toEqual(digests[0]);
      // The next hour had no failures: nothing.
      w.advance(HOUR_MS);
      expect(await runDigestsTwice()).toBe(0);
    },
  );

  async function runDigestsTwice(): Promise<number> {
    const dispatcher = w.dispatcher();
    return (await dispatcher.runDigests()) + (await dispatcher.runDigests());
  }
});
