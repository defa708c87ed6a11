/**
 * Where a check applies: a check limited to channels, agents, groups or metadata values yields no result
 * outside its scope, so a voice-only rule neither fails chats nor pushes chat agents to at_risk.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCheckCatalogue } from '../../src/checks/catalogue.js';
import { type CheckDefinition, scopeIncludes, validateScope } from '../../src/domain/checks.js';
import type { ScorableConversation } from '../../src/domain/conversation.js';
import { handlerRegistry } from '../../src/jobs/job-handler.js';
import { createQueue } from '../../src/jobs/queue.js';
import { scoreConversationHandler } from '../../src/jobs/score-conversation.js';
import { BUILTIN_CHECKS } from '../../src/scoring/builtin-checks.js';
import { validateCustomRule } from '../../src/scoring/custom-rules.js';
import { scoreConversation, scorerVersion } from '../../src/scoring/pipeline.js';
import { agentHealthReport } from '../../src/storage/health/reports.js';
import type { OpenedStore } from '../../src/storage/open.js';
import { backends } from '../harness/backends.js';
import { createWorld, type World } from '../health/world.js';

const recordingNotice = {
  type: 'phrase' as const,
  speaker: 'agent' as const,
  mode: 'must_say' as const,
  phrases: ['this call is recorded'],
  within: 'first_turn' as const,
};

const chat: ScorableConversation = {
  channel: 'chat',
  ended_by: 'user',
  agent_id: 'web-chat',
  group_id: 'online',
  transcript: [
    { speaker: 'agent', text: 'Hi, how can I help?' },
    { speaker: 'user', text: 'What time do you open?' },
  ],
  events: [],
  metadata: { line: 'sales', floor: 7, vip: true },
};

const customCheck: CheckDefinition = {
  key: 'recording_notice',
  name: 'Recording notice',
  description: '',
  kind: 'pass_fail',
  category: 'compliance',
  severity: 'high',
  status: 'active',
  version: 1,
  builtin: false,
  rule: recordingNotice,
};

describe('a check scope', () => {
  it('narrows by every dimension given, any value within one', () => {
    expect(scopeIncludes(undefined, chat)).toBe(true);
    expect(scopeIncludes({ channels: ['voice'] }, chat)).toBe(false);
    expect(scopeIncludes({ channels: ['voice', 'chat'] }, chat)).toBe(true);
    expect(scopeIncludes({ agents: ['front-desk', 'web-chat'] }, chat)).toBe(true);
    expect(scopeIncludes({ agents: ['web-chat'], groups: ['clinics'] }, chat)).toBe(false);
    expect(scopeIncludes({ groups: ['online'] }, { ...chat, group_id: null })).toBe(false);
    expect(scopeIncludes({ metadata: { line: 'sales', floor: '7', vip: 'true' } }, chat)).toBe(true);
    expect(scopeIncludes({ metadata: { line: 'support' } }, chat)).toBe(false);
    expect(scopeIncludes({ metadata: { missing: 'x' } }, chat)).toBe(false);
    // Only a top-level value of its own counts: nothing inherited, nothing nested.
    expect(scopeIncludes({ metadata: { toString: 'x' } }, chat)).toBe(false);
    expect(scopeIncludes({ metadata: { nested: '[object Object]' } }, { ...chat, metadata: { nested: {} } })).toBe(
      false,
    );
  });

  it('refuses shapes it cannot apply, with the reason', () => {
    expect(validateScope({ channels: ['voice'], metadata: { line: 'sales' } })).toBeNull();
    expect(validateScope(null)).toBeNull();
    expect(validateScope({ channels: ['sms'] })).toMatch(/voice and\/or chat/);
    expect(validateScope({ agents: ['bad id'] })).toMatch(/scope.agents/);
    expect(validateScope({ metadata: { line: { nested: 1 } } })).toMatch(/scope.metadata.line/);
    expect(validateScope({ teams: ['a'] })).toMatch(/no field teams/);
    expect(validateScope([])).toMatch(/object/);
  });

  it('gives no result at all outside it, built-in or custom', () => {
    const outcome = BUILTIN_CHECKS.find((check) => check.key === 'outcome') as CheckDefinition;
    const inScope = scoreConversation(chat, [{ ...customCheck, scope: { channels: ['chat'] } }, outcome]);
    expect(inScope.results.map((r) => r.check_key)).toEqual(['recording_notice', 'outcome']);
    const outside = scoreConversation(chat, [
      { ...customCheck, scope: { channels: ['voice'] } },
      { ...outcome, scope: { agents: ['front-desk'] } },
    ]);
    expect(outside.results).toEqual([]);
    expect(outside.outcome).toBeNull();
  });
});

describe.each(backends)('scoped checks in scoring and health on $name', (backend) => {
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

  async function scoreChats(count: number, agent: string) {
    const catalogue = createCheckCatalogue({ store, builtins: BUILTIN_CHECKS, validateRule: validateCustomRule });
    const handler = scoreConversationHandler({
      store,
      catalogue,
      scorer: { score: (c, checks) => scoreConversation(c, checks), scorerVersion },
      clock: w.clock,
    });
    const queue = createQueue(store, handlerRegistry([handler]), { leaseMs: 5_000, backoffMs: () => 0 }, w.clock);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const ingested = await w.conversations.ingest(
        w.scope,
        {
          external_id: `${agent}-chat-${i}`,
          channel: 'chat',
          started_at: null,
          ended_at: '2026-11-20T09:00:00Z',
          ended_at_ms: Date.parse('2026-11-20T09:00:00Z'),
          ended_by: 'user',
          agent: { id: agent, name: 'Web chat', version: '1.0' },
          group: null,
          transcript: chat.transcript,
          events: [],
          metadata: {},
        },
        null,
      );
      if (ingested.kind !== 'created') throw new Error(ingested.kind);
      ids.push(ingested.response.body.id);
    }
    for (const job of await queue.claim('w1', count)) await handler.run(job);
    return ids;
  }

  async function resultKeys(conversationId: string) {
    const rows = await store.db
      .selectFrom('check_results')
      .select('check_key')
      .where('conversation_id', '=', conversationId)
      .execute();
    return rows.map((row) => row.check_key);
  }

  it.skipIf(!backend.available)('a voice-only check fails no chat and leaves chat agents out of at_risk', async () => {
    const catalogue = createCheckCatalogue({ store, builtins: BUILTIN_CHECKS, validateRule: validateCustomRule });
    await catalogue.create(w.projectId, {
      key: 'recording_notice',
      name: 'Recording notice',
      description: 'The agent says the call is recorded.',
      category: 'compliance',
      severity: 'high',
      status: 'active',
      rule: recordingNotice,
    });
    // Everywhere: every chat fails it, and two high-severity failures put the agent at risk.
    const [unscoped] = await scoreChats(2, 'chat-before');
    expect(await resultKeys(unscoped as string)).toContain('recording_notice');
    expect(await agentHealthReport(store.db, w.scope, 'UTC', 'chat-before', w.clock())).toMatchObject({
      health_status: 'at_risk',
    });

    const scoped = await catalogue.update(w.projectId, 'recording_notice', {
      scope: { channels: ['voice'] },
      actor: 'app:usr_test',
    });
    expect(scoped).toMatchObject({ version: 2, scope: { channels: ['voice'] } });
    const [chatId] = await scoreChats(2, 'chat-after');
    const keys = await resultKeys(chatId as string);
    expect(keys).not.toContain('recording_notice');
    expect(keys).toContain('outcome');
    const report = await agentHealthReport(store.db, w.scope, 'UTC', 'chat-after', w.clock());
    expect(report?.health_status).not.toBe('at_risk');
    expect(report?.last_7_days.compliance_failures).toBe(0);

    // The scope is part of the version: history keeps who set it and the definition before.
    const history = await catalogue.versions(w.projectId, 'recording_notice');
    expect(history.map((v) => [v.version, v.created_by, v.definition.scope ?? null])).toEqual([
      [2, 'app:usr_test', { channels: ['voice'] }],
      [1, null, null],
    ]);

    // Lifting the scope is a new version too; an empty scope means everywhere.
    const lifted = await catalogue.update(w.projectId, 'recording_notice', { scope: {} });
    expect(lifted.version).toBe(3);
    expect(lifted.scope).toBeUndefined();
    const again = await catalogue.update(w.projectId, 'recording_notice', { scope: null });
    expect(again.version).toBe(3);
  });

  it.skipIf(!backend.available)('a built-in can be scoped too, and a bad scope is refused', async () => {
    const catalogue = createCheckCatalogue({ store, builtins: BUILTIN_CHECKS, validateRule: validateCustomRule });
    const frustration = await catalogue.update(w.projectId, 'frustration', { scope: { agents: ['front-desk'] } });
    expect(frustration).toMatchObject({ builtin: true, version: 2, scope: { agents: ['front-desk'] } });
    const [id] = await scoreChats(1, 'web-chat');
    expect(await resultKeys(id as string)).not.toContain('frustration');
    await expect(
      catalogue.update(w.projectId, 'frustration', { scope: { channels: ['fax' as 'voice'] } }),
    ).rejects.toThrow(/Invalid scope/);
    const versions = await catalogue.versions(w.projectId, 'frustration');
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
  });
});
