/** Cursor pagination through the client against the real service: pages of a given size, in order, to the end. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CqmClient, iterateItems, NotImplementedError } from '../../packages/client/src/index.js';
import { conversationBody } from '../harness/fixtures.js';
import { type ClientTestService, startClientTestService } from './service.js';

type ConversationBody = Parameters<CqmClient['conversations']['create']>[0];

describe('@cqm/client pagination', () => {
  let service: ClientTestService;
  let cqm: CqmClient;

  beforeAll(async () => {
    service = await startClientTestService();
    cqm = new CqmClient({ baseUrl: service.baseUrl, apiKey: service.keys.full });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('iterates webhook endpoints page by page and item by item', async () => {
    const created: string[] = [];
    for (let i = 0; i < 5; i++) {
      created.push((await cqm.webhookEndpoints.create({ url: `http://127.0.0.1:9/hooks/${i}` })).id);
    }
    const pages = [];
    for await (const page of cqm.webhookEndpoints.listPages({ limit: 2 })) pages.push(page);
    expect(pages.map((page) => page.data.length)).toEqual([2, 2, 1]);
    expect(pages.at(-1)?.next_cursor).toBeNull();

    const ids: string[] = [];
    for await (const item of cqm.webhookEndpoints.listAll({ limit: 2 })) ids.push(item.id);
    expect([...ids].sort()).toEqual([...created].sort());
    expect(new Set(ids).size).toBe(5);

    // Breaking out early fetches no further page.
    let first: string | undefined;
    for await (const item of cqm.webhookEndpoints.listAll({ limit: 2 })) {
      first = item.id;
      break;
    }
    expect(first).toBe(ids[0]);
  });

  it('stops when a list hands back a cursor it gave before', async () => {
    const fetchPage = async () => ({ data: [1], next_cursor: 'same' });
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const item of iterateItems(fetchPage, {})) seen.push(item);
      })(),
    ).rejects.toThrow(/cursor/);
    expect(seen).toEqual([1, 1]);
  });

  it('iterates conversations newest first through GET /v1/conversations', async () => {
    const probe = await cqm.conversations.list({ limit: 1 }).catch((error: unknown) => error);
    if (probe instanceof NotImplementedError) {
      // The list endpoint is planned and answers 501 until it ships: the client says so in a typed error.
      expect(probe).toMatchObject({ status: 501, type: 'not_implemented' });
      return;
    }
    const externalIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const body = conversationBody({ ended_at: `2026-11-1${i}T10:00:00Z` }) as unknown as ConversationBody;
      await cqm.conversations.create(body);
      externalIds.push(body.external_id);
    }
    const listed: string[] = [];
    let pages = 0;
    for await (const page of cqm.conversations.listPages({ limit: 2 })) {
      pages += 1;
      for (const item of page.data) listed.push(item.external_id);
    }
    expect(pages).toBe(3);
    expect(listed).toEqual([...externalIds].reverse());
  });

  it("iterates the project's checks through GET /v1/checks", async () => {
    const probe = await cqm.checks.list({ limit: 1 }).catch((error: unknown) => error);
    if (probe instanceof NotImplementedError) {
      expect(probe).toMatchObject({ status: 501, type: 'not_implemented' });
      return;
    }
    const keys: string[] = [];
    let pages = 0;
    for await (const page of cqm.checks.listPages({ limit: 3 })) {
      pages += 1;
      expect(page.data.length).toBeLessThanOrEqual(3);
      for (const check of page.data) keys.push(check.key);
    }
    expect(keys).toEqual(expect.arrayContaining(['outcome', 'frustration', 'ai_disclosure']));
    expect(new Set(keys).size).toBe(keys.length);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(keys.length / 3));
  });
});
