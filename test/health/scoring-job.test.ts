/** The scoring job carries each check's category and severity into the stored results, so health counts them. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCheckCatalogue } from '../../src/checks/catalogue.js';
import type { CheckDefinition } from '../../src/domain/checks.js';
import { handlerRegistry } from '../../src/jobs/job-handler.js';
import { createQueue } from '../../src/jobs/queue.js';
import { type Scorer, scoreConversationHandler } from '../../src/jobs/score-conversation.js';
import { agentHealthReport } from '../../src/storage/health/reports.js';
import type { OpenedStore } from '../../src/storage/open.js';
import { backends } from '../harness/backends.js';
import { createWorld, type World } from './world.js';

const common = { description: '', builtin: true, version: 1, status: 'active' } as const;
const CHECKS: CheckDefinition[] = [
  { ...common, key: 'outcome', name: 'Outcome', kind: 'multiple_choice', category: 'outcome', severity: 'medium' },
  {
    ...common,
    key: 'ai_disclosure',
    name: 'AI disclosure',
    kind: 'pass_fail',
    category: 'compliance',
    severity: 'high',
  },
  {
    ...common,
    key: 'recording',
    name: 'Recording notice',
    kind: 'pass_fail',
    category: 'compliance',
    severity: 'low',
    status: 'shadow',
  },
];

const failingDisclosure: Scorer = {
  score: (_conversation, checks) => ({
    outcome: 'resolved',
    results: checks.map((check) => ({
      check_key: check.key,
      score: null,
      verdict: check.key === 'outcome' ? 'pass' : 'fail',
      choice: check.key === 'outcome' ? 'resolved' : null,
      decided_by: 'model',
      reason: null,
      evidence_turns: [],
      latency_ms: 0,
    })),
  }),
  scorerVersion: () => 'test',
};

describe.each(backends)('scoring job feeding health on $name', (backend) => {
  let store: OpenedStore;
  let dispose: () => Promise<void>;
  let w: World;

  beforeEach(async () => {
    if (!backend.available) return;
    const opened = await backend.open();
    store = opened.store;
    dispose = opened.dispose;
    w = await createWorld(store, 'UTC');
  });
  afterEach(async () => {
    if (backend.available) await dispose();
  });

  it.skipIf(!backend.available)('counts a failed high-severity compliance check, never a shadow one', async () => {
    const catalogue = createCheckCatalogue({ store, builtins: CHECKS, validateRule: () => null, clock: w.clock });
    const handler = scoreConversationHandler({ store, catalogue, scorer: failingDisclosure, clock: w.clock });
    const queue = createQueue(store, handlerRegistry([handler]), { leaseMs: 1_000, backoffMs: () => 0 }, w.clock);
    const ingested = await w.conversations.ingest(
      w.scope,
      {
        external_id: 'job-1',
        channel: 'chat',
        started_at: null,
        ended_at: '2026-11-20T09:00:00Z',
        ended_at_ms: Date.parse('2026-11-20T09:00:00Z'),
        ended_by: null,
        agent: { id: 'front-desk', name: 'Front desk', version: '3.0' },
        group: null,
        transcript: [{ speaker: 'user', text: 'hello' }],
        events: [],
        metadata: {},
      },
      null,
    );
    expect(ingested.kind).toBe('created');
    const [job] = await queue.claim('w1', 1);
    if (!job) throw new Error('no job');
    await handler.run(job);

    const stored = await store.db
      .selectFrom('check_results')
      .select(['check_key', 'check_category', 'check_severity'])
      .orderBy('check_key')
      .execute();
    expect(stored).toEqual([
      { check_key: 'ai_disclosure', check_category: 'compliance', check_severity: 'high' },
      { check_key: 'outcome', check_category: 'outcome', check_severity: 'medium' },
      { check_key: 'recording', check_category: 'compliance', check_severity: 'low' },
    ]);
    const report = await agentHealthReport(store.db, w.scope, 'UTC', 'front-desk', w.clock());
    expect(report).toMatchObject({
      health_status: 'watch',
      reason: 'AI disclosure failed once in the last 7 days',
      last_7_days: { conversations: 1, with_outcome: 1, compliance_failures: 1 },
    });
    // The response of GET /v1/conversations does not carry the new columns.
    const found = await w.conversations.find(w.scope, 'job-1');
    expect(Object.keys(found?.results[0] ?? {})).not.toContain('check_category');
    expect(await w.transitions('agent', 'front-desk')).toMatchObject([
      { old_status: 'not_enough_calls', new_status: 'watch', event: 'agent.health_changed' },
    ]);
  });
});
