/**
 * On the embedded store every filter of the conversation list walks an index already in list order: no sort
 * of all matching rows, whatever the volume (the figures are in bench/app.ts; this guards the plans).
 */
import { CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConversationListFilters, createConversationList } from '../../src/storage/conversation-list.js';
import type { Store } from '../../src/storage/store.js';
import { sqliteBackend } from '../harness/backends.js';

describe('conversation list query plans on sqlite', () => {
  let opened: Awaited<ReturnType<typeof sqliteBackend.open>>;
  beforeAll(async () => {
    opened = await sqliteBackend.open();
  });
  afterAll(async () => {
    await opened.dispose();
  });

  /** The plan of the page query a list call runs, one line per step. */
  async function planOf(filters: ConversationListFilters): Promise<string[]> {
    const { store } = opened;
    const nodes: RootOperationNode[] = [];
    const capture: KyselyPlugin = {
      transformQuery: (args) => {
        nodes.push(args.node);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const capturing: Store = {
      dialect: store.dialect,
      db: store.db.withPlugin(capture),
      write: store.write,
      close: store.close,
    };
    await createConversationList(capturing).list({ projectId: 'p', environment: 'test' }, filters, {
      limit: 50,
      after: { endedAtMs: 1, id: 'conv_x' },
    });
    const page = store.db.getExecutor().compileQuery(nodes[0] as RootOperationNode, { queryId: 'plan' });
    const { rows } = await store.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${page.sql}`, [...page.parameters]),
    );
    return rows.map((row) => row.detail);
  }

  it.each<[string, ConversationListFilters, string]>([
    ['no filter', {}, 'conversations_list_idx'],
    ['agent', { agentId: 'a' }, 'conversations_list_agent_idx'],
    ['group', { groupId: 'g' }, 'conversations_list_group_idx'],
    ['outcome', { outcome: 'resolved' }, 'conversations_list_outcome_idx'],
    ['status failed', { status: 'failed' }, 'conversations_list_unfinished_idx'],
    ['status queued', { status: 'queued' }, 'conversations_list_unfinished_idx'],
    ['status done', { status: 'done' }, 'conversations_list_idx'],
    ['failed check', { failedCheck: 'ai_disclosure' }, 'check_results_failed_list_idx'],
    ['dates', { endedAfterMs: 1, endedBeforeMs: 2 }, 'conversations_list_idx'],
    ['agent and outcome', { agentId: 'a', outcome: 'resolved' }, 'conversations_list_agent_idx'],
    ['group, outcome and done', { groupId: 'g', outcome: 'resolved', status: 'done' }, 'conversations_list_group_idx'],
    ['agent and failed status', { agentId: 'a', status: 'failed' }, 'conversations_list_unfinished_idx'],
    ['failed check and agent', { failedCheck: 'x', agentId: 'a' }, 'check_results_failed_list_idx'],
  ])('%s walks %s in order', async (_name, filters, index) => {
    const plan = await planOf(filters);
    expect(plan[0], plan.join(' | ')).toContain(`INDEX ${index} `);
    expect(plan.join(' | ')).not.toMatch(/TEMP B-TREE|SCAN/);
  });
});
