import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../src/domain/session-tokens.js';
import { purgeEndedSessions, purgeExpiredIdempotencyKeys } from '../../src/jobs/housekeeping.js';
import type { OpenedStore } from '../../src/storage/open.js';
import { backends } from '../harness/backends.js';

describe.each(backends)('housekeeping on $name', (backend) => {
  let store: OpenedStore;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    if (backend.available) ({ store, dispose } = await backend.open());
  });
  afterAll(async () => {
    if (backend.available) await dispose();
  });

  it.skipIf(!backend.available)('deletes expired idempotency records and keeps live ones', async () => {
    const record = (key: string, expiresAt: number) => ({
      project_id: 'proj_x',
      environment: 'test',
      key,
      request_hash: 'h',
      response_status: 202,
      response_body: '{}',
      created_at: expiresAt - 86_400_000,
      expires_at: expiresAt,
    });
    await store.db
      .insertInto('idempotency_keys')
      .values([record('old', 1_000), record('edge', 2_000), record('live', 3_000)])
      .execute();
    expect(await purgeExpiredIdempotencyKeys(store, 2_000)).toBe(2);
    const left = await store.db.selectFrom('idempotency_keys').select('key').execute();
    expect(left.map((row) => row.key)).toEqual(['live']);
  });

  it.skipIf(!backend.available)(
    'deletes sessions that ended (revoked, idle, too old) and keeps live ones',
    async () => {
      const now = 100 * SESSION_ABSOLUTE_MS;
      const session = (id: string, createdAt: number, lastSeenAt: number, revokedAt: number | null = null) => ({
        id,
        token_hash: `hash-${id}`,
        user_id: 'usr_x',
        workspace_id: 'ws_x',
        created_at: createdAt,
        last_seen_at: lastSeenAt,
        revoked_at: revokedAt,
      });
      await store.db
        .insertInto('sessions')
        .values([
          session('live', now - 1_000, now - 1_000),
          session('revoked', now - 1_000, now - 1_000, now - 500),
          session('idle', now - SESSION_IDLE_MS - 1_000, now - SESSION_IDLE_MS),
          session('old', now - SESSION_ABSOLUTE_MS, now - 1_000),
        ])
        .execute();
      expect(await purgeEndedSessions(store, now)).toBe(3);
      const left = await store.db.selectFrom('sessions').select('id').execute();
      expect(left.map((row) => row.id)).toEqual(['live']);
    },
  );
});
