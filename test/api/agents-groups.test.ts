/**
 * Agents and groups through conversations: an agent is created on first sight, filed into the conversation's
 * group while it has none, never moved once in a group, and left alone once a person placed it.
 */
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../harness/app.js';
import { backends } from '../harness/backends.js';
import { conversationBody } from '../harness/fixtures.js';
import { getConversation, postConversation, useTestApp } from '../harness/http.js';

let agentCounter = 0;
function newAgentId(): string {
  agentCounter += 1;
  return `agent-${agentCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Posts a conversation for an agent (with or without a group) and returns the stored conversation as read back. */
async function send(
  t: TestApp,
  agent: Record<string, unknown>,
  group?: Record<string, unknown>,
): Promise<{
  agent: { id: string; name: string; version: string | null };
  group: { id: string; name: string } | null;
}> {
  const body = conversationBody({ agent });
  if (group) body.group = group;
  else delete body.group;
  const created = await postConversation(t, body);
  expect(created.statusCode, created.body).toBe(202);
  const read = await getConversation(t, created.json().id);
  expect(read.statusCode).toBe(200);
  return read.json();
}

async function agentRow(t: TestApp, id: string) {
  return t.store.db
    .selectFrom('agents')
    .select(['name', 'group_id', 'placed_by_kind', 'environment'])
    .where('project_id', '=', t.projectId)
    .where('environment', '=', 'test')
    .where('id', '=', id)
    .executeTakeFirst();
}

describe.each(backends)('agents and groups on $name', (backend) => {
  const app = useTestApp(backend);

  it.skipIf(!backend.available)('creates an agent on first sight with the name sent', async () => {
    const t = app();
    const id = newAgentId();
    const read = await send(t, { id, name: 'Front desk', version: '1.0' });
    expect(read.agent).toEqual({ id, name: 'Front desk', version: '1.0' });
    expect(await agentRow(t, id)).toMatchObject({ name: 'Front desk', group_id: null, placed_by_kind: null });
  });

  it.skipIf(!backend.available)('keeps the first name when later conversations send another', async () => {
    const t = app();
    const id = newAgentId();
    await send(t, { id, name: 'First name' });
    const later = await send(t, { id, name: 'Second name' });
    expect(later.agent.name).toBe('First name');
    expect((await agentRow(t, id))?.name).toBe('First name');
  });

  it.skipIf(!backend.available)('names an agent first seen without a name after its id', async () => {
    const t = app();
    const id = newAgentId();
    const read = await send(t, { id });
    expect(read.agent).toEqual({ id, name: expect.any(String), version: null });
    expect(read.agent.name.length).toBeGreaterThan(0);
  });

  it.skipIf(!backend.available)('creates the group and files the agent into it on first sight', async () => {
    const t = app();
    const id = newAgentId();
    const groupId = `group-${id}`;
    const read = await send(t, { id, name: 'Agent' }, { id: groupId, name: 'Dental clinics' });
    expect(read.group).toEqual({ id: groupId, name: 'Dental clinics' });
    expect(await agentRow(t, id)).toMatchObject({ group_id: groupId, placed_by_kind: 'conversation' });
    const group = await t.store.db
      .selectFrom('groups')
      .select(['name'])
      .where('project_id', '=', t.projectId)
      .where('environment', '=', 'test')
      .where('id', '=', groupId)
      .executeTakeFirst();
    expect(group).toEqual({ name: 'Dental clinics' });
  });

  it.skipIf(!backend.available)('gives a group created without a name a non-empty name', async () => {
    const t = app();
    const id = newAgentId();
    const read = await send(t, { id }, { id: `unnamed-${id}` });
    expect(read.group?.id).toBe(`unnamed-${id}`);
    expect(read.group?.name.length).toBeGreaterThan(0);
  });

  it.skipIf(!backend.available)(
    'files an agent first seen without a group by the first later conversation naming one',
    async () => {
      const t = app();
      const id = newAgentId();
      const first = await send(t, { id, name: 'Loose agent' });
      expect(first.group).toBeNull();
      expect((await agentRow(t, id))?.group_id).toBeNull();

      const later = await send(t, { id }, { id: `late-${id}`, name: 'Late group' });
      expect(later.group).toEqual({ id: `late-${id}`, name: 'Late group' });
      expect(await agentRow(t, id)).toMatchObject({ group_id: `late-${id}`, placed_by_kind: 'conversation' });

      // A conversation without a group afterwards still counts toward the agent's group.
      const withoutGroup = await send(t, { id });
      expect(withoutGroup.group).toEqual({ id: `late-${id}`, name: 'Late group' });
    },
  );

  it.skipIf(!backend.available)('never moves an agent already in a group', async () => {
    const t = app();
    const id = newAgentId();
    await send(t, { id }, { id: `first-${id}`, name: 'First group' });
    const later = await send(t, { id }, { id: `second-${id}`, name: 'Second group' });
    expect(later.group).toEqual({ id: `first-${id}`, name: 'First group' });
    expect((await agentRow(t, id))?.group_id).toBe(`first-${id}`);
  });

  it.skipIf(!backend.available)('files several agents into one existing group without renaming it', async () => {
    const t = app();
    const groupId = `shared-${newAgentId()}`;
    const a = await send(t, { id: newAgentId() }, { id: groupId, name: 'Shared' });
    const b = await send(t, { id: newAgentId() }, { id: groupId, name: 'Shared' });
    expect(a.group).toEqual({ id: groupId, name: 'Shared' });
    expect(b.group).toEqual({ id: groupId, name: 'Shared' });
  });

  it.skipIf(!backend.available)(
    'ignores the group for an agent a person moved to no group, still accepting the conversation',
    async () => {
      const t = app();
      const id = newAgentId();
      await send(t, { id }, { id: `auto-${id}` });
      await t.store.db
        .updateTable('agents')
        .set({ group_id: null, placed_by_kind: 'person', placed_by: 'user_1', placed_at: Date.now() })
        .where('project_id', '=', t.projectId)
        .where('environment', '=', 'test')
        .where('id', '=', id)
        .execute();

      const later = await send(t, { id }, { id: `other-${id}`, name: 'Other' });
      expect(later.group).toBeNull();
      expect(await agentRow(t, id)).toMatchObject({ group_id: null, placed_by_kind: 'person' });
      const created = await t.store.db.selectFrom('groups').select('id').where('id', '=', `other-${id}`).execute();
      expect(created).toEqual([]);
    },
  );

  it.skipIf(!backend.available)('ignores the group for an agent a person placed in a group', async () => {
    const t = app();
    const id = newAgentId();
    await send(t, { id });
    await t.store.db
      .insertInto('groups')
      .values({
        project_id: t.projectId,
        environment: 'test',
        id: `chosen-${id}`,
        name: 'Chosen',
        created_at: Date.now(),
      })
      .execute();
    await t.store.db
      .updateTable('agents')
      .set({ group_id: `chosen-${id}`, placed_by_kind: 'person', placed_by: 'user_1', placed_at: Date.now() })
      .where('project_id', '=', t.projectId)
      .where('environment', '=', 'test')
      .where('id', '=', id)
      .execute();

    const later = await send(t, { id }, { id: `sent-${id}`, name: 'Sent' });
    expect(later.group).toEqual({ id: `chosen-${id}`, name: 'Chosen' });
    expect(await agentRow(t, id)).toMatchObject({ group_id: `chosen-${id}`, placed_by_kind: 'person' });
  });

  it.skipIf(!backend.available)('files the default agent like any other', async () => {
    const t = app();
    const body = conversationBody({ group: { id: 'default-home', name: 'Default home' } });
    delete body.agent;
    const { id } = (await postConversation(t, body)).json();
    const read = (await getConversation(t, id)).json();
    expect(read.agent.id).toBe('default');
    expect(read.group).toEqual({ id: 'default-home', name: 'Default home' });
  });
});
