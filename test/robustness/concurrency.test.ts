/**
 * Many clients racing on the same thing, over real HTTP: retries with one Idempotency-Key, the same
 * external_id sent twice at once, a key reused with other bodies, and a new agent filed by many first
 * conversations at once. Every request is started before any answer is awaited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../harness/app.js';
import { backends } from '../harness/backends.js';
import { conversationBody, uniqueExternalId } from '../harness/fixtures.js';

const N = 50;

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

describe.each(backends)('concurrent requests on $name', (backend) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    if (!backend.available) return;
    t = await startTestApp(backend);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  /** Fires every request first, then awaits them all. */
  async function postAll(requests: Array<{ body: string; idempotencyKey?: string }>): Promise<Answer[]> {
    const pending = requests.map(async ({ body, idempotencyKey }) => {
      const headers: Record<string, string> = { ...bearer(t.keys.testFull), 'content-type': 'application/json' };
      if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
      const response = await fetch(`${base}/v1/conversations`, { method: 'POST', headers, body });
      return {
        status: response.status,
        headers: response.headers,
        body: (await response.json()) as Record<string, unknown>,
      };
    });
    return Promise.all(pending);
  }

  function expectNoServerErrors(answers: Answer[]): void {
    expect(answers.filter((a) => a.status >= 500).map((a) => a.body)).toEqual([]);
  }

  async function conversationRows(externalIds: string[]) {
    return t.store.db
      .selectFrom('conversations')
      .select(['id', 'external_id', 'agent_id', 'group_id'])
      .where('project_id', '=', t.projectId)
      .where('environment', '=', 'test')
      .where('external_id', 'in', externalIds)
      .execute();
  }

  async function jobCount(conversationId: string): Promise<number> {
    const row = await t.store.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('subject_id', '=', conversationId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it.skipIf(!backend.available)(
    'one Idempotency-Key and one body: one conversation, the others replay it',
    async () => {
      const body = JSON.stringify(conversationBody());
      const key = `idem-${uniqueExternalId()}`;
      const answers = await postAll(Array.from({ length: N }, () => ({ body, idempotencyKey: key })));

      expectNoServerErrors(answers);
      for (const answer of answers) expect([200, 202]).toContain(answer.status);
      const ids = new Set(answers.map((a) => a.body.id));
      expect(ids.size).toBe(1);
      const replayed = answers.filter((a) => a.headers.get('idempotent-replayed') === 'true');
      expect(replayed).toHaveLength(N - 1);
      // The one that was not replayed is the one that stored the conversation.
      const original = answers.filter((a) => a.headers.get('idempotent-replayed') !== 'true');
      expect(original.map((a) => a.status)).toEqual([202]);
      // A replay is the first response again, status included.
      for (const answer of replayed) expect(answer.status).toBe(202);
      for (const answer of answers) expect(answer.body).toEqual({ id: original[0]?.body.id, status: 'queued' });

      const external = (JSON.parse(body) as { external_id: string }).external_id;
      const rows = await conversationRows([external]);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.id).toBe(original[0]?.body.id);
      expect(await jobCount(rows[0]?.id ?? '')).toBe(1);
    },
  );

  it.skipIf(!backend.available)('one external_id without a key: one 202, the others 200 duplicate', async () => {
    const body = JSON.stringify(conversationBody());
    const answers = await postAll(Array.from({ length: N }, () => ({ body })));

    expectNoServerErrors(answers);
    expect(answers.filter((a) => a.status === 202)).toHaveLength(1);
    const duplicates = answers.filter((a) => a.status === 200);
    expect(duplicates).toHaveLength(N - 1);
    for (const answer of duplicates) expect(answer.body.duplicate).toBe(true);
    for (const answer of answers) expect(answer.headers.get('idempotent-replayed')).toBeNull();
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);

    const external = (JSON.parse(body) as { external_id: string }).external_id;
    const rows = await conversationRows([external]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(answers[0]?.body.id);
    expect(await jobCount(rows[0]?.id ?? '')).toBe(1);
  });

  it.skipIf(!backend.available)('one Idempotency-Key with different bodies: one 202, the others 409', async () => {
    const key = `idem-${uniqueExternalId()}`;
    const bodies = Array.from({ length: N }, () => JSON.stringify(conversationBody()));
    const answers = await postAll(bodies.map((body) => ({ body, idempotencyKey: key })));

    expectNoServerErrors(answers);
    const created = answers.filter((a) => a.status === 202);
    expect(created).toHaveLength(1);
    const conflicts = answers.filter((a) => a.status === 409);
    expect(conflicts).toHaveLength(N - 1);
    for (const answer of conflicts) {
      const error = answer.body.error as Record<string, unknown>;
      expect(error.type).toBe('idempotency_conflict');
      expect(error.request_id).toBe(answer.headers.get('service-request-id'));
    }

    const externals = bodies.map((body) => (JSON.parse(body) as { external_id: string }).external_id);
    const rows = await conversationRows(externals);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(created[0]?.body.id);
    expect(await jobCount(rows[0]?.id ?? '')).toBe(1);
  });

  it.skipIf(!backend.available)('a new agent first seen in many groups at once is filed in exactly one', async () => {
    const agentId = `racer-${uniqueExternalId()}`.replaceAll(/[^A-Za-z0-9._:-]/g, '-');
    const groups = Array.from({ length: N }, (_, i) => `grp-${i}-${agentId}`.slice(0, 128));
    const bodies = groups.map((group) =>
      conversationBody({ agent: { id: agentId, name: 'Racer' }, group: { id: group, name: `Group ${group}` } }),
    );
    const answers = await postAll(bodies.map((body) => ({ body: JSON.stringify(body) })));

    expectNoServerErrors(answers);
    for (const answer of answers) expect(answer.status).toBe(202);

    const agents = await t.store.db
      .selectFrom('agents')
      .select(['id', 'group_id', 'placed_by_kind'])
      .where('project_id', '=', t.projectId)
      .where('environment', '=', 'test')
      .where('id', '=', agentId)
      .execute();
    expect(agents).toHaveLength(1);
    const filedIn = agents[0]?.group_id;
    expect(groups).toContain(filedIn);
    expect(agents[0]?.placed_by_kind).toBe('conversation');

    // Every conversation counts toward the group the agent ended up in, not the one it named.
    const rows = await conversationRows(bodies.map((body) => body.external_id as string));
    expect(rows).toHaveLength(N);
    for (const row of rows) {
      expect(row.agent_id).toBe(agentId);
      expect(row.group_id).toBe(filedIn);
    }

    // The group it was filed in exists, with the name that conversation gave it.
    const group = await t.store.db
      .selectFrom('groups')
      .select(['id', 'name'])
      .where('project_id', '=', t.projectId)
      .where('environment', '=', 'test')
      .where('id', '=', filedIn ?? '')
      .executeTakeFirst();
    expect(group).toEqual({ id: filedIn, name: `Group ${filedIn}` });

    // And reading any of them back says so.
    const read = await fetch(`${base}/v1/conversations/${answers[N - 1]?.body.id}`, {
      headers: bearer(t.keys.testFull),
    });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { group: unknown }).group).toEqual({ id: filedIn, name: `Group ${filedIn}` });
  });
});
