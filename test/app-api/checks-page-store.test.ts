/** The Checks page's reads on real stores: a week's scored and failed counts, verdicts and scores, the preview's conversations. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createChecksPageReads } from '../../src/storage/checks-page.js';
import type { OpenedStore } from '../../src/storage/open.js';
import { backends } from '../harness/backends.js';
import { createWorld, type World } from '../health/world.js';

const DAY = 86_400_000;

describe.each(backends)('checks page reads on $name', (backend) => {
  let store: OpenedStore;
  let dispose: () => Promise<void>;
  let w: World;

  beforeEach(async () => {
    if (!backend.available) return;
    const opened = await backend.open();
    store = opened.store;
    dispose = opened.dispose;
    w = await createWorld(store, 'UTC', '2026-11-10T12:00:00Z');
  });
  afterEach(async () => {
    if (backend.available) await dispose();
  });

  it.skipIf(!backend.available)('counts a week of results per check, failures and scores', async () => {
    // Scored ten days ago: outside the week.
    await w.score({ endedAt: '2026-11-10T10:00:00Z', outcome: 'resolved', frustration: 0.9 });
    w.setNow('2026-11-20T12:00:00Z');
    await w.scoreAll([
      { endedAt: '2026-11-19T10:00:00Z', outcome: 'resolved', frustration: 0.15 },
      { endedAt: '2026-11-19T11:00:00Z', outcome: 'unresolved', frustration: 0.95 },
      {
        endedAt: '2026-11-19T12:00:00Z',
        outcome: 'resolved',
        frustration: 1,
        failures: [{ key: 'ai_disclosure', name: 'AI disclosure' }],
      },
    ]);
    const reads = createChecksPageReads(store);
    const week = await reads.lastWeek(w.scope, ['outcome', 'frustration', 'ai_disclosure', 'never_scored'], w.clock());
    expect(Object.fromEntries(week)).toEqual({
      outcome: { scored: 3, failed: 0, failure_rate: 0 },
      frustration: { scored: 3, failed: 0, failure_rate: 0 },
      ai_disclosure: { scored: 1, failed: 1, failure_rate: 1 },
      never_scored: { scored: 0, failed: 0, failure_rate: null },
    });
    const distribution = await reads.distribution(w.scope, 'frustration', w.clock() - 30 * DAY);
    expect(distribution.scored).toBe(4);
    expect(distribution.verdicts).toEqual({ pass: 4 });
    expect(distribution.scores).toEqual([0, 1, 0, 0, 0, 0, 0, 0, 0, 3]);
    const failures = await reads.failuresSince(
      w.scope,
      ['ai_disclosure', 'outcome'],
      Date.parse('2026-11-14T00:00:00Z'),
    );
    expect(Object.fromEntries(failures)).toEqual({ ai_disclosure: 1, outcome: 0 });
    // Another environment sees none of it.
    const live = await reads.lastWeek({ ...w.scope, environment: 'live' }, ['outcome'], w.clock());
    expect(live.get('outcome')?.scored).toBe(0);
  });

  it.skipIf(!backend.available)('gives the latest conversations to preview a rule on, newest first', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 55; i++) {
      ids.push(
        await w.score({
          agent: 'front-desk',
          group: 'clinics',
          endedAt: Date.parse('2026-11-01T00:00:00Z') + i * 60_000,
          outcome: 'resolved',
        }),
      );
    }
    const preview = await createChecksPageReads(store).recentForPreview(w.scope);
    expect(preview).toHaveLength(50);
    expect(preview[0]?.id).toBe(ids[54]);
    expect(preview[49]?.id).toBe(ids[5]);
    expect(preview[0]?.conversation).toMatchObject({
      channel: 'voice',
      agent_id: 'front-desk',
      group_id: 'clinics',
      transcript: [{ speaker: 'user', text: 'Hello' }],
      metadata: {},
    });
    expect(await createChecksPageReads(store).recentForPreview({ ...w.scope, environment: 'live' })).toEqual([]);
  });
});
