/** Migration 003 rolls up conversations scored before health existed, so health starts from the history. */

import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/storage/migrate.js';
import * as initial from '../../src/storage/migrations/001-initial.js';
import * as checks from '../../src/storage/migrations/002-checks.js';
import { backends } from '../harness/backends.js';
import { databaseMigratedThrough } from '../harness/earlier-schema.js';

describe.each(backends)('health backfill on $name', (backend) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it.skipIf(!backend.available)('rolls up scored conversations and fills in result categories', async () => {
    const earlier = await databaseMigratedThrough(backend, { '001-initial': initial, '002-checks': checks });
    cleanups.push(() => earlier.dispose());
    const { db } = earlier;

    await db
      .insertInto('workspaces')
      .values({ id: 'ws_1', name: 'W', timezone: 'Asia/Tokyo', created_at: 0 })
      .execute();
    await db.insertInto('projects').values({ id: 'proj_1', workspace_id: 'ws_1', name: 'P', created_at: 0 }).execute();
    await db
      .insertInto('check_versions')
      .values({
        project_id: 'proj_1',
        key: 'recording',
        version: 2,
        name: 'Recording notice',
        description: '',
        kind: 'pass_fail',
        category: 'compliance',
        severity: 'low',
        options: null,
        rule: null,
        created_at: 0,
      })
      .execute();
    const conversation = (
      id: string,
      endedAt: string,
      status: string,
      outcome: string | null,
      version: string | null,
    ) => ({
      id,
      project_id: 'proj_1',
      environment: 'live',
      external_id: id,
      channel: 'voice',
      status,
      outcome,
      started_at: null,
      ended_at: endedAt,
      ended_at_ms: Date.parse(endedAt),
      ended_by: null,
      agent_id: 'front-desk',
      agent_version: version,
      group_id: null,
      document: '{}',
      received_at: 0,
      updated_at: 0,
    });
    await db
      .insertInto('conversations')
      .values([
        conversation('conv_1', '2026-11-13T15:30:00Z', 'done', 'resolved', '2.4'), // Nov 14 00:30 in Tokyo
        conversation('conv_2', '2026-11-13T14:30:00Z', 'done', 'escalated', '2.3'), // Nov 13 23:30 in Tokyo
        conversation('conv_3', '2026-11-13T14:00:00Z', 'queued', null, '2.5'), // not scored: not counted
      ])
      .execute();
    const result = (conversationId: string, key: string, verdict: string, score: number | null, version = 1) => ({
      conversation_id: conversationId,
      check_key: key,
      project_id: 'proj_1',
      environment: 'live',
      check_name: key === 'recording' ? 'Recording notice' : 'AI disclosure',
      check_version: version,
      check_status: 'active',
      score,
      verdict,
      choice: null,
      decided_by: 'model',
      reason: null,
      evidence_turns: '[]',
      scorer_version: 's',
      latency_ms: null,
      position: 0,
      created_at: 0,
    });
    await db
      .insertInto('check_results')
      .values([
        result('conv_1', 'ai_disclosure', 'fail', 0.9),
        result('conv_1', 'recording', 'fail', null, 2),
        result('conv_1', 'frustration', 'pass', 0.25),
        result('conv_2', 'person_request_honored', 'fail', null),
      ])
      .execute();

    expect((await migrateToLatest(db)).slice(0, 1)).toEqual(['003-health']);

    const categories = await db
      .selectFrom('check_results')
      .select(['check_key', 'check_category', 'check_severity'])
      .orderBy('check_key')
      .execute();
    expect(categories).toEqual([
      { check_key: 'ai_disclosure', check_category: 'compliance', check_severity: 'high' },
      { check_key: 'frustration', check_category: 'experience', check_severity: 'medium' },
      { check_key: 'person_request_honored', check_category: 'escalation', check_severity: 'medium' },
      { check_key: 'recording', check_category: 'compliance', check_severity: 'low' },
    ]);
    const daily = await db.selectFrom('health_daily').selectAll().orderBy('day').execute();
    expect(daily.map((d) => ({ ...d, frustration_sum: Number(d.frustration_sum) }))).toEqual([
      expect.objectContaining({
        agent_id: 'front-desk',
        environment: 'live',
        day: '2026-11-13',
        conversations: 1,
        with_outcome: 1,
        handed_to_person: 1,
        requests_for_person_not_honored: 1,
      }),
      expect.objectContaining({
        day: '2026-11-14',
        conversations: 1,
        resolved: 1,
        frustration_sum: 0.25,
        frustration_count: 1,
        compliance_failures: 2,
        high_severity_compliance_failures: 1,
      }),
    ]);
    expect(
      await db.selectFrom('health_contributions').select('conversation_id').orderBy('conversation_id').execute(),
    ).toEqual([{ conversation_id: 'conv_1' }, { conversation_id: 'conv_2' }]);
    expect(
      await db
        .selectFrom('health_daily_checks')
        .select(['check_key', 'failures', 'high_severity_failures'])
        .orderBy('check_key')
        .execute(),
    ).toEqual([
      { check_key: 'ai_disclosure', failures: 1, high_severity_failures: 1 },
      { check_key: 'recording', failures: 1, high_severity_failures: 0 },
    ]);
    expect(
      await db.selectFrom('agent_releases').select(['version', 'first_seen_day']).orderBy('version').execute(),
    ).toEqual([
      { version: '2.3', first_seen_day: '2026-11-13' },
      { version: '2.4', first_seen_day: '2026-11-14' },
    ]);
  });
});
