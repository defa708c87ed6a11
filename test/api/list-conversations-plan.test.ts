/**
 * On the embedded store every filter of the conversation list walks an index already in list order: no sort
 * of all matching rows, whatever the volume (the figures are in bench/app.ts; this guards the plans).
 */
import { CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConversationListFilters, createConversationList } from '../../src/storage/conversation-list.js';
import type { Store } from '../../src/storage/store.js';
import { createTenancyRepo } from '../../src/storage/tenancy-repo.js';
import { sqliteBackend } from '../harness/backends.js';

describe('conversation list query plans on sqlite', () => {
  let opened: Awaited<ReturnType<typeof sqliteBackend.open>>;
  beforeAll(async () => {
    opened = await sqliteBackend.open();
  });
  afterAll(async () => {
    await opened.dispose();
  });

  /** The plans of every query a list call runs (the page, then its results and documents), one line per step. */
  async function plansOf(filters: ConversationListFilters, projectId = 'p'): Promise<string[][]> {
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
    await createConversationList(capturing).list({ projectId, environment: 'test' }, filters, {
      limit: 50,
      after: { endedAtMs: 2, id: 'conv_x' },
    });
    const plans: string[][] = [];
    for (const node of nodes) {
      const query = store.db.getExecutor().compileQuery(node, { queryId: 'plan' });
      const { rows } = await store.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      plans.push(rows.map((row) => row.detail));
    }
    return plans;
  }

  async function planOf(filters: ConversationListFilters): Promise<string[]> {
    return (await plansOf(filters))[0] as string[];
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

  it("reads a page's results and documents by conversation id, never through the project's results", async () => {
    const { db } = opened.store;
    const tenancy = createTenancyRepo(opened.store);
    const project = await tenancy.createProject((await tenancy.createWorkspace('w', 'UTC')).id, 'p');
    const conversation = {
      id: 'conv_a',
      project_id: project.id,
      environment: 'test',
      external_id: 'a',
      channel: 'voice',
      status: 'done',
      outcome: 'resolved',
      started_at: null,
      ended_at: '1970-01-01T00:00:00.001Z',
      ended_at_ms: 1,
      ended_by: null,
      agent_id: 'a',
      agent_version: null,
      group_id: null,
      received_at: 1,
      updated_at: 1,
    };
    await db.insertInto('conversations').values(conversation).execute();
    await db.insertInto('conversation_documents').values({ conversation_id: 'conv_a', document: '{}' }).execute();
    const plans = await plansOf({}, project.id);
    expect(plans).toHaveLength(3);
    for (const plan of plans) expect(plan.join(' | ')).not.toMatch(/TEMP B-TREE|SCAN/);
    const [, results, documents] = plans.map((plan) => plan.join(' | '));
    expect(results).toMatch(/INDEX sqlite_autoindex_check_results_1 \(conversation_id=\?/);
    expect(documents).toMatch(/\(conversation_id=\?\)/);
  });

  // Reading or replacing one conversation's results (the conversation read, the view, scoring) goes by the
  // primary key; an index led by the scope's columns drew these into a walk over the project's results.
  it.each([
    'select * from check_results where conversation_id = ? and project_id = ? and environment = ? order by position',
    'delete from check_results where conversation_id = ? and project_id = ? and environment = ?',
  ])('%s uses the primary key', async (statement) => {
    const parameters = ['conv_x', 'p', 'test'];
    const { rows } = await opened.store.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${statement}`, parameters),
    );
    expect(rows.map((row) => row.detail).join(' | ')).toMatch(
      /INDEX sqlite_autoindex_check_results_1 \(conversation_id=\?/,
    );
  });
});
