import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredIdempotencyKeys } from '../../src/jobs/housekeeping.js';
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
});
