/**
 * GET /v1/conversations: newest first by ended_at (ties by id), every filter, paging that stays stable while
 * conversations arrive, cursors bound to their project, environment and filters, and bad queries answered 422.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createConversationRepo } from '../../src/storage/conversation-repo.js';
import { bearer, type TestApp } from '../harness/app.js';
import { backends } from '../harness/backends.js';
import { conversationBody, uniqueExternalId } from '../harness/fixtures.js';
import { expectError, expectValidationError, postConversation, useTestApp } from '../harness/http.js';
import { sampleResult } from '../harness/results.js';

const ITEM_FIELDS = [
  'agent',
  'channel',
  'dashboard_url',
  'duration_ms',
  'ended_at',
  'ended_by',
  'external_id',
  'failed_checks',
  'frustration',
  'group',
  'id',
  'metadata',
  'outcome',
  'started_at',
  'status',
];

interface Item {
  id: string;
  dashboard_url: string;
  external_id: string;
  ended_at: string;
  status: string;
  outcome: string | null;
  agent: { id: string; name: string; version: string | null };
  group: { id: string; name: string } | null;
  failed_checks: string[];
  frustration: number | null;
  duration_ms: number | null;
  metadata: Record<string, unknown>;
}
interface Page {
  data: Item[];
  next_cursor: string | null;
}

function list(
  t: TestApp,
  query: Record<string, string | number> = {},
  key: string = t.keys.testFull,
): Promise<LightMyRequestResponse> {
  const qs = new URLSearchParams(
    Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  return t.app.inject({ method: 'GET', url: `/v1/conversations${qs ? `?${qs}` : ''}`, headers: bearer(key) });
}

async function page(t: TestApp, query: Record<string, string | number> = {}, key?: string): Promise<Page> {
  const response = await list(t, query, key);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

/** Every item of a filtered list, following next_cursor; also returns how many pages it took. */
async function listAll(
  t: TestApp,
  query: Record<string, string | number>,
  key?: string,
): Promise<{ items: Item[]; pages: number }> {
  const items: Item[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const current: Page = await page(t, cursor === null ? query : { ...query, cursor }, key);
    items.push(...current.data);
    cursor = current.next_cursor;
    pages += 1;
    expect(pages).toBeLessThan(1000);
  } while (cursor !== null);
  return { items, pages };
}

/** A conversation posted over HTTP; returns its service id. */
async function post(t: TestApp, overrides: Record<string, unknown> = {}, key?: string): Promise<string> {
  const response = await postConversation(t, conversationBody(overrides), key === undefined ? {} : { key });
  expect(response.statusCode, response.body).toBe(202);
  return response.json().id as string;
}

/** A minute of a test's own, so the tests of one file never see each other's conversations in a window. */
let nextWindow = Date.parse('2026-10-01T00:00:00Z');
function ownWindow(): { start: number; at: (seconds: number) => string; query: Record<string, string> } {
  const start = nextWindow;
  nextWindow += 3_600_000;
  return {
    start,
    at: (seconds) => new Date(start + seconds * 1000).toISOString(),
    query: { ended_after: new Date(start).toISOString(), ended_before: new Date(start + 3_600_000).toISOString() },
  };
}

describe.each(backends)('GET /v1/conversations on $name', (backend) => {
  const app = useTestApp(backend);
  const scope = () => ({ projectId: app().projectId, environment: 'test' as const });

  it.skipIf(!backend.available)('answers the list instead of the 501 it answered while planned', async () => {
    const t = app();
    const response = await list(t, ownWindow().query);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ data: [], next_cursor: null });
  });

  it.skipIf(!backend.available)(
    'lists a conversation without transcript, events or results, with its metadata and duration',
    async () => {
      const t = app();
      const w = ownWindow();
      const body = conversationBody({
        started_at: w.at(0),
        ended_at: w.at(95),
        agent: { id: 'list-shape', name: 'List shape', version: '3.1' },
        group: { id: 'list-shape-group', name: 'Shapes' },
        metadata: { call_sid: 'CA-list', nested: { deep: [1, 2] } },
      });
      const { id } = (await postConversation(t, body)).json();
      const { data, next_cursor } = await page(t, w.query);
      expect(next_cursor).toBeNull();
      expect(data).toHaveLength(1);
      const item = data[0] as Item;
      expect(Object.keys(item).sort()).toEqual(ITEM_FIELDS);
      expect(item).toEqual({
        id,
        external_id: body.external_id,
        channel: 'voice',
        status: 'queued',
        outcome: null,
        dashboard_url: `https://cqm.example.test/app/test/conversations/${id}`,
        started_at: w.at(0),
        ended_at: w.at(95),
        ended_by: 'caller',
        agent: { id: 'list-shape', name: 'List shape', version: '3.1' },
        group: { id: 'list-shape-group', name: 'Shapes' },
        metadata: { call_sid: 'CA-list', nested: { deep: [1, 2] } },
        duration_ms: 95_000,
        failed_checks: [],
        frustration: null,
      });
      const raw = (await list(t, w.query)).body;
      for (const part of ['transcript', 'events', 'results', 'Bright Smile', 'reschedule_appointment']) {
        expect(raw).not.toContain(part);
      }
    },
  );

  it.skipIf(!backend.available)('shows metadata exactly as the conversation read shows it', async () => {
    const t = app();
    const w = ownWindow();
    const metadata = {
      zeta: 'last key first',
      unicode: 'Grüß Gott — 你好 👋',
      escapes: 'quote " backslash \\ newline \n tab \t nul \u0000 <script>',
      numbers: [0, -1, 1.5, 9007199254740991, 1e300, 2.5e-8],
      deep: { a: [1, { b: null, c: [true, false] }], 'key with space': 'v', empty: {}, list: [] },
      alpha: 1,
    };
    const id = await post(t, { ended_at: w.at(1), metadata });
    const [item] = (await page(t, w.query)).data;
    const read = (
      await t.app.inject({ method: 'GET', url: `/v1/conversations/${id}`, headers: bearer(t.keys.testFull) })
    ).json();
    expect(item?.metadata).toEqual(metadata);
    expect(JSON.stringify(item?.metadata)).toBe(JSON.stringify(read.metadata));
  });

  it.skipIf(!backend.available)(
    'takes the duration from the last turn end_ms without started_at, else null',
    async () => {
      const t = app();
      const w = ownWindow();
      const timed = await post(t, {
        started_at: undefined,
        ended_at: w.at(10),
        transcript: [
          { speaker: 'agent', text: 'Hello', start_ms: 0, end_ms: 1500 },
          { speaker: 'user', text: 'Bye', start_ms: 1600, end_ms: 4200 },
        ],
      });
      const untimed = await post(t, { started_at: undefined, ended_at: w.at(5) });
      const { data } = await page(t, w.query);
      expect(data.map((item) => [item.id, item.duration_ms])).toEqual([
        [timed, 4200],
        [untimed, null],
      ]);
    },
  );

  it.skipIf(!backend.available)('lists newest first by ended_at, whatever the offset, ties by id', async () => {
    const t = app();
    const w = ownWindow();
    const at = (seconds: number, offsetHours: number) => {
      const local = new Date(w.start + seconds * 1000 + offsetHours * 3_600_000).toISOString().slice(0, 19);
      const sign = offsetHours >= 0 ? '+' : '-';
      return `${local}${sign}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`;
    };
    const oldest = await post(t, { ended_at: at(10, 5) });
    const newest = await post(t, { ended_at: at(300, -7) });
    const tiedA = await post(t, { ended_at: at(200, 0) });
    const tiedB = await post(t, { ended_at: at(200, 2) });
    const middle = await post(t, { ended_at: at(100, 0) });
    const { data } = await page(t, w.query);
    const tied = [tiedA, tiedB].sort().reverse();
    expect(data.map((item) => item.id)).toEqual([newest, ...tied, middle, oldest]);
    expect(data[0]?.ended_at).toBe(at(300, -7));
  });

  it.skipIf(!backend.available)('pages with limit and next_cursor until it is null', async () => {
    const t = app();
    const w = ownWindow();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await post(t, { ended_at: w.at(i) }));
    const first = await page(t, { ...w.query, limit: 3 });
    expect(first.data.map((item) => item.id)).toEqual([ids[6], ids[5], ids[4]]);
    expect(typeof first.next_cursor).toBe('string');
    const { items, pages } = await listAll(t, { ...w.query, limit: 3 });
    expect(pages).toBe(3);
    expect(items.map((item) => item.id)).toEqual([...ids].reverse());
    // A page that ends exactly at the last item says so with a null cursor.
    const exact = await listAll(t, { ...w.query, limit: 7 });
    expect(exact.pages).toBe(1);
    // The default limit is 50 and the largest 100.
    expect((await page(t, w.query)).data).toHaveLength(7);
    expect((await page(t, { ...w.query, limit: 100 })).data).toHaveLength(7);
    expect((await page(t, { ...w.query, limit: 1 })).data).toHaveLength(1);
  });

  it.skipIf(!backend.available)(
    'keeps paging stable while conversations arrive: none twice, none of the earlier ones skipped',
    async () => {
      const t = app();
      const w = ownWindow();
      const existing: string[] = [];
      // Ties included: every third conversation shares its ended_at with the one before.
      for (let i = 0; i < 30; i++) existing.push(await post(t, { ended_at: w.at(100 + i - (i % 3 === 2 ? 1 : 0)) }));
      const seen: string[] = [];
      const arrived: string[] = [];
      let cursor: string | null = null;
      let round = 0;
      do {
        const current: Page = await page(
          t,
          cursor === null ? { ...w.query, limit: 4 } : { ...w.query, limit: 4, cursor },
        );
        seen.push(...current.data.map((item) => item.id));
        cursor = current.next_cursor;
        // Between pages: one newer than everything, one older, one tied with an existing conversation.
        arrived.push(await post(t, { ended_at: w.at(500 + round) }));
        arrived.push(await post(t, { ended_at: w.at(50 - round) }));
        arrived.push(await post(t, { ended_at: w.at(100 + (round % 30)) }));
        round += 1;
      } while (cursor !== null);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of existing) expect(seen).toContain(id);
      for (const id of seen) expect([...existing, ...arrived]).toContain(id);
    },
  );

  it.skipIf(!backend.available)('filters by agent_id and by group_id', async () => {
    const t = app();
    const w = ownWindow();
    const agent = `filter-agent-${Date.now()}`;
    const mine = [
      await post(t, { ended_at: w.at(1), agent: { id: agent, name: 'Mine' }, group: { id: 'g-mine', name: 'G' } }),
      await post(t, { ended_at: w.at(2), agent: { id: agent }, group: { id: 'g-mine' } }),
    ];
    const other = await post(t, { ended_at: w.at(3), agent: { id: 'someone-else' }, group: { id: 'g-other' } });
    const noGroup = await post(t, { ended_at: w.at(4), agent: { id: 'no-group-agent' }, group: undefined });

    const byAgent = await page(t, { agent_id: agent });
    expect(byAgent.data.map((item) => item.id)).toEqual([mine[1], mine[0]]);
    expect(byAgent.data.every((item) => item.agent.id === agent && item.agent.name === 'Mine')).toBe(true);

    const byGroup = await page(t, { ...w.query, group_id: 'g-mine' });
    expect(byGroup.data.map((item) => item.id)).toEqual([mine[1], mine[0]]);
    expect(byGroup.data[0]?.group).toEqual({ id: 'g-mine', name: 'G' });
    expect((await page(t, { ...w.query, group_id: 'g-other' })).data.map((item) => item.id)).toEqual([other]);
    expect((await page(t, { agent_id: 'no-group-agent' })).data.map((item) => [item.id, item.group])).toEqual([
      [noGroup, null],
    ]);
    expect((await page(t, { agent_id: 'never-seen-agent' })).data).toEqual([]);
    // Combined: AND.
    expect((await page(t, { agent_id: agent, group_id: 'g-other' })).data).toEqual([]);
  });

  it.skipIf(!backend.available)(
    'filters by status, outcome (either spelling) and failed_check, with failed checks and frustration shown',
    async () => {
      const t = app();
      const w = ownWindow();
      const repo = createConversationRepo(t.store);
      const queued = await post(t, { ended_at: w.at(1) });
      const evaluating = await post(t, { ended_at: w.at(2) });
      const failed = await post(t, { ended_at: w.at(3) });
      const resolved = await post(t, { ended_at: w.at(4) });
      const escalated = await post(t, { ended_at: w.at(5) });
      const disclosureFail = await post(t, { ended_at: w.at(6) });
      for (const [id, status] of [
        [evaluating, 'evaluating'],
        [failed, 'failed'],
      ] as const) {
        await t.store.db.updateTable('conversations').set({ status }).where('id', '=', id).execute();
      }
      const frustration = (score: number, verdict: 'pass' | 'fail') =>
        sampleResult({ check_key: 'frustration', check_name: 'Frustration', score, verdict, choice: null });
      await repo.replaceResults(scope(), resolved, 'resolved', [sampleResult(), frustration(0.2, 'pass')]);
      await repo.replaceResults(scope(), escalated, 'escalated', [
        sampleResult({ choice: 'escalated' }),
        frustration(0.85, 'fail'),
        sampleResult({ check_key: 'person_request_honored', check_name: 'Person', verdict: 'fail', choice: null }),
      ]);
      await repo.replaceResults(scope(), disclosureFail, 'resolved', [
        sampleResult(),
        sampleResult({ check_key: 'ai_disclosure', check_name: 'AI disclosure', verdict: 'fail', choice: null }),
      ]);

      const ids = async (query: Record<string, string>) =>
        (await page(t, { ...w.query, ...query })).data.map((i) => i.id);
      expect(await ids({ status: 'queued' })).toEqual([queued]);
      expect(await ids({ status: 'evaluating' })).toEqual([evaluating]);
      expect(await ids({ status: 'failed' })).toEqual([failed]);
      expect(await ids({ status: 'done' })).toEqual([disclosureFail, escalated, resolved]);
      expect(await ids({ outcome: 'resolved' })).toEqual([disclosureFail, resolved]);
      expect(await ids({ outcome: 'escalated' })).toEqual([escalated]);
      expect(await ids({ outcome: 'handed_to_person' })).toEqual([escalated]);
      expect(await ids({ outcome: 'not_customer_call' })).toEqual([]);
      expect(await ids({ failed_check: 'frustration' })).toEqual([escalated]);
      expect(await ids({ failed_check: 'ai_disclosure' })).toEqual([disclosureFail]);
      expect(await ids({ failed_check: 'outcome' })).toEqual([]);
      expect(await ids({ failed_check: 'frustration', outcome: 'resolved' })).toEqual([]);
      expect(await ids({ failed_check: 'ai_disclosure', status: 'done', outcome: 'resolved' })).toEqual([
        disclosureFail,
      ]);

      const items = new Map((await page(t, w.query)).data.map((item) => [item.id, item]));
      expect(items.get(escalated)).toMatchObject({
        status: 'done',
        outcome: 'escalated',
        failed_checks: ['frustration', 'person_request_honored'],
        frustration: 0.85,
      });
      expect(items.get(resolved)).toMatchObject({ failed_checks: [], frustration: 0.2 });
      expect(items.get(queued)).toMatchObject({ failed_checks: [], frustration: null, outcome: null });

      // A re-score replaces the failures: the conversation leaves the failed_check list.
      await repo.replaceResults(scope(), disclosureFail, 'resolved', [sampleResult()]);
      expect(await ids({ failed_check: 'ai_disclosure' })).toEqual([]);
      // While a re-score is under way its old results are not current: neither listed nor found by the filter.
      await t.store.db.updateTable('conversations').set({ status: 'queued' }).where('id', '=', escalated).execute();
      expect(await ids({ failed_check: 'frustration' })).toEqual([]);
      expect((await page(t, w.query)).data.find((item) => item.id === escalated)?.failed_checks).toEqual([]);
    },
  );

  it.skipIf(!backend.available)('pages a failed_check list with its own cursors', async () => {
    const t = app();
    const w = ownWindow();
    const repo = createConversationRepo(t.store);
    const failing: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await post(t, { ended_at: w.at(10 - (i % 2)) });
      const verdict = i === 2 ? 'pass' : 'fail';
      await repo.replaceResults(scope(), id, 'resolved', [
        sampleResult({ check_key: 'list_paging_check', check_name: 'Paging', verdict, choice: null }),
      ]);
      if (verdict === 'fail') failing.push(id);
    }
    const { items, pages } = await listAll(t, { ...w.query, failed_check: 'list_paging_check', limit: 2 });
    expect(pages).toBe(2);
    expect(items.map((item) => item.id).sort()).toEqual([...failing].sort());
    expect(new Set(items.map((item) => item.id)).size).toBe(4);
    // Newest first, ties by id, as the unfiltered list orders the same conversations.
    const unfiltered = (await page(t, w.query)).data.map((item) => item.id).filter((id) => failing.includes(id));
    expect(items.map((item) => item.id)).toEqual(unfiltered);
  });

  it.skipIf(!backend.available)('filters by ended_after (inclusive) and ended_before (exclusive)', async () => {
    const t = app();
    const w = ownWindow();
    const a = await post(t, { ended_at: w.at(60) });
    const b = await post(t, { ended_at: w.at(120) });
    const c = await post(t, { ended_at: w.at(180) });
    const ids = async (query: Record<string, string>) => (await page(t, query)).data.map((item) => item.id);
    expect(await ids({ ended_after: w.at(60), ended_before: w.at(180) })).toEqual([b, a]);
    expect(await ids({ ended_after: w.at(61), ended_before: w.at(181) })).toEqual([c, b]);
    // Offsets are honoured: 120 s into the window written in another zone.
    const shifted = new Date(w.start + 120_000 + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    expect(await ids({ ended_after: shifted, ended_before: w.at(121) })).toEqual([b]);
    expect(await ids({ ended_after: w.at(0), ended_before: w.at(60) })).toEqual([]);
  });

  it.skipIf(!backend.available)('keeps each environment and project to its own conversations', async () => {
    const t = app();
    const w = ownWindow();
    const testId = await post(t, { ended_at: w.at(1) });
    const liveId = await post(t, { ended_at: w.at(2) }, t.keys.liveFull);
    const otherId = await post(t, { ended_at: w.at(3) }, t.keys.otherProject);
    expect((await page(t, w.query)).data.map((item) => item.id)).toEqual([testId]);
    const live = (await page(t, w.query, t.keys.liveFull)).data;
    expect(live.map((item) => item.id)).toEqual([liveId]);
    expect(live[0]?.dashboard_url).toContain('/app/live/conversations/');
    expect((await page(t, w.query, t.keys.otherProject)).data.map((item) => item.id)).toEqual([otherId]);
    expect((await page(t, w.query, t.keys.testRead)).data.map((item) => item.id)).toEqual([testId]);
  });

  it.skipIf(!backend.available)('refuses a cursor of another environment, project, filter set or list', async () => {
    const t = app();
    const w = ownWindow();
    for (let i = 0; i < 3; i++) {
      await post(t, { ended_at: w.at(i), agent: { id: 'cursor-agent' } });
      await post(t, { ended_at: w.at(i) }, t.keys.liveFull);
      await post(t, { ended_at: w.at(i) }, t.keys.otherProject);
    }
    const cursorOf = async (query: Record<string, string | number>, key?: string) => {
      const cursor = (await page(t, { ...query, limit: 1 }, key)).next_cursor;
      expect(typeof cursor).toBe('string');
      return cursor as string;
    };
    const testCursor = await cursorOf(w.query);
    const liveCursor = await cursorOf(w.query, t.keys.liveFull);
    const otherProjectCursor = await cursorOf(w.query, t.keys.otherProject);
    const agentCursor = await cursorOf({ ...w.query, agent_id: 'cursor-agent' });

    // Each is good where it was made.
    expect((await list(t, { ...w.query, cursor: testCursor })).statusCode).toBe(200);
    expect((await list(t, { ...w.query, cursor: liveCursor }, t.keys.liveFull)).statusCode).toBe(200);
    expect((await list(t, { ...w.query, agent_id: 'cursor-agent', cursor: agentCursor })).statusCode).toBe(200);

    const refused = async (query: Record<string, string | number>, key?: string) => {
      const fields = expectValidationError(await list(t, query, key));
      expect(Object.keys(fields)).toEqual(['cursor']);
    };
    await refused({ ...w.query, cursor: liveCursor });
    await refused({ ...w.query, cursor: testCursor }, t.keys.liveFull);
    await refused({ ...w.query, cursor: otherProjectCursor });
    await refused({ ...w.query, cursor: testCursor }, t.keys.otherProject);
    await refused({ ...w.query, cursor: agentCursor });
    await refused({ ...w.query, agent_id: 'another-agent', cursor: agentCursor });
    await refused({ ...w.query, agent_id: 'cursor-agent', cursor: testCursor });
    await refused({ ended_after: w.query.ended_after as string, cursor: testCursor });
    // A checks cursor is not a conversations cursor; nor is anything made up or altered.
    const checksCursor = (
      await t.app.inject({ method: 'GET', url: '/v1/checks?limit=1', headers: bearer(t.keys.testFull) })
    ).json().next_cursor as string;
    await refused({ ...w.query, cursor: checksCursor });
    await refused({ ...w.query, cursor: 'not-a-cursor' });
    await refused({ ...w.query, cursor: '!!!' });
    await refused({ ...w.query, cursor: Buffer.from('{"p":{"e":1,"i":"x"},"b":"forged"}').toString('base64url') });
    await refused({ ...w.query, cursor: `${testCursor.slice(0, -2)}AA` });
    await refused({ ...w.query, cursor: 'x'.repeat(5000) });
  });

  it.skipIf(!backend.available)('answers bad query values with 422 and the field in error', async () => {
    const t = app();
    const cases: [Record<string, string>, string][] = [
      [{ limit: '0' }, 'limit'],
      [{ limit: '101' }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ limit: '2.5' }, 'limit'],
      [{ limit: '' }, 'limit'],
      [{ status: 'finished' }, 'status'],
      [{ outcome: 'happy' }, 'outcome'],
      [{ agent_id: 'has space' }, 'agent_id'],
      [{ agent_id: '' }, 'agent_id'],
      [{ group_id: '-leading-dash' }, 'group_id'],
      [{ failed_check: 'Not A Key' }, 'failed_check'],
      [{ ended_after: 'yesterday' }, 'ended_after'],
      [{ ended_after: '2026-11-18T14:03:00' }, 'ended_after'],
      [{ ended_before: '2026-11-18' }, 'ended_before'],
      [{ ended_after: '2026-11-18T14:00:00Z', ended_before: '2026-11-18T14:00:00Z' }, 'ended_before'],
      [{ cursor: '' }, 'cursor'],
      [{ agent: 'front-desk' }, 'agent'],
    ];
    for (const [query, field] of cases) {
      const fields = expectValidationError(await list(t, query));
      expect(Object.keys(fields), JSON.stringify(query)).toEqual([field]);
    }
    // A parameter given twice is refused rather than one of its values picked.
    const twice = await t.app.inject({
      method: 'GET',
      url: '/v1/conversations?status=done&status=failed',
      headers: bearer(t.keys.testFull),
    });
    expect(Object.keys(expectValidationError(twice))).toEqual(['status']);
    // Text that cannot be stored finds nothing rather than failing.
    const nul = await t.app.inject({
      method: 'GET',
      url: `/v1/conversations?cursor=${encodeURIComponent('\u0000')}`,
      headers: bearer(t.keys.testFull),
    });
    expectValidationError(nul);
  });

  it.skipIf(!backend.available)('is for read and full keys: an ingest key gets 403, no key 401', async () => {
    const t = app();
    expect((await list(t, {}, t.keys.testRead)).statusCode).toBe(200);
    expect((await list(t, {}, t.keys.testFull)).statusCode).toBe(200);
    expectError(await list(t, {}, t.keys.testIngest), 403, 'permission_denied');
    expectError(await t.app.inject({ method: 'GET', url: '/v1/conversations' }), 401, 'authentication_error');
    // Posting stays what it was.
    expect((await postConversation(t, conversationBody({ external_id: uniqueExternalId() }))).statusCode).toBe(202);
  });

  it.skipIf(!backend.available)('is described in the OpenAPI document', async () => {
    const t = app();
    const document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const operation = document.paths['/v1/conversations'].get;
    const parameters = operation.parameters.map((p: { name: string }) => p.name).sort();
    expect(parameters).toEqual(
      [
        'agent_id',
        'cursor',
        'ended_after',
        'ended_before',
        'failed_check',
        'group_id',
        'limit',
        'outcome',
        'status',
      ].sort(),
    );
    expect(Object.keys(operation.responses)).toContain('200');
    expect(document.components.schemas.ConversationListItem.properties).not.toHaveProperty('transcript');
  });
});
