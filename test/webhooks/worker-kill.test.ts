/** A real `cqm worker` killed with SIGKILL while a delivery is in flight: the next worker delivers the message. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedStore } from '../../src/storage/open.js';
import { createTenancyRepo } from '../../src/storage/tenancy-repo.js';
import { createEndpointsRepo } from '../../src/storage/webhooks/endpoints.js';
import { enqueuePing } from '../../src/storage/webhooks/outbox.js';
import { backends } from '../harness/backends.js';
import { startCqm, stopProcess, waitFor } from '../harness/processes.js';
import { type Receiver, startReceiver } from './receiver.js';

describe.each(backends)('webhook delivery by worker processes on $name', (backend) => {
  let store: OpenedStore;
  let dispose: () => Promise<void>;
  let env: Record<string, string>;
  let receiver: Receiver;
  let messageId: string;
  const children: ReturnType<typeof startCqm>[] = [];

  beforeEach(async () => {
    if (!backend.available) return;
    const opened = await backend.open();
    store = opened.store;
    dispose = opened.dispose;
    receiver = await startReceiver();
    env = {
      ...(opened.url ? { DATABASE_URL: opened.url } : { CQM_DATA_DIR: opened.dataDir ?? '' }),
      CQM_WEBHOOK_ALLOW_PRIVATE: '1',
      CQM_WEBHOOK_TIMEOUT_MS: '2000',
      CQM_WEBHOOK_LEASE_MS: '3000',
    };
    const tenancy = createTenancyRepo(store);
    const workspace = await tenancy.createWorkspace('W', 'UTC');
    const project = await tenancy.createProject(workspace.id, 'P');
    const scope = { projectId: project.id, environment: 'test' as const };
    const created = await createEndpointsRepo(store).create(scope, { url: receiver.url });
    const row = await createEndpointsRepo(store).findRow(scope, created.endpoint.id);
    messageId = (await enqueuePing(store, scope, row as never, Date.now())).message_id;
  });
  afterEach(async () => {
    if (!backend.available) return;
    await Promise.all(children.splice(0).map((child) => stopProcess(child, 'SIGKILL')));
    await receiver.close();
    await dispose();
  });

  it.skipIf(!backend.available)('loses no message when the worker dies mid-delivery', async () => {
    // The first request is never answered: the worker is killed while it waits.
    receiver.script([{ status: 200, delayMs: 60_000 }]);
    const first = startCqm(['worker'], env);
    children.push(first);
    await receiver.waitFor(1, 30_000);
    await stopProcess(first, 'SIGKILL');
    expect(
      (await store.db.selectFrom('webhook_messages').select('status').where('id', '=', messageId).executeTakeFirst())
        ?.status,
    ).toBe('delivering');

    children.push(startCqm(['worker'], env));
    await waitFor(
      async () =>
        (await store.db.selectFrom('webhook_messages').select('status').where('id', '=', messageId).executeTakeFirst())
          ?.status === 'delivered' || false,
      30_000,
      'the second worker to deliver the message',
    );
    expect(receiver.received.map((r) => r.headers['service-delivery'])).toEqual([messageId, messageId]);
  });
});
