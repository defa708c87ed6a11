/**
 * Writing a conversation's results: they replace all earlier ones and the conversation becomes done, with its
 * contribution to health moved in the same transaction, so a re-score is never seen half-written. Every scored
 * conversation runs these statements, so they are compiled once per store.
 */
import type { Kysely } from 'kysely';
import { createHealthRollups, type HealthBatchItem, type ScoredConversation } from './health/rollups.js';
import { type PreparedQuery, prepareQuery } from './prepared.js';
import type { Database } from './schema.js';
import type { Store } from './store.js';
import type { Scope, StoredResult } from './types.js';

const RESULT_COLUMNS = [
  'conversation_id',
  'project_id',
  'environment',
  'check_key',
  'check_name',
  'check_version',
  'check_status',
  'score',
  'verdict',
  'choice',
  'decided_by',
  'reason',
  'evidence_turns',
  'scorer_version',
  'latency_ms',
  'position',
  'created_at',
  'check_category',
  'check_severity',
  'ended_at_ms',
] as const;
type ResultColumn = (typeof RESULT_COLUMNS)[number];
type ColumnNames = Record<ResultColumn, string>;

export function createResultsWriter(store: Store) {
  const { db } = store;
  const rollups = createHealthRollups(store);
  const inScope = { id: 'id', projectId: 'project_id', environment: 'environment' } as const;

  const scoredConversation = prepareQuery<ScoredConversation>(store, (p) =>
    db
      .selectFrom('conversations')
      .innerJoin('projects', 'projects.id', 'conversations.project_id')
      .innerJoin('workspaces', 'workspaces.id', 'projects.workspace_id')
      .select([
        'conversations.id',
        'conversations.agent_id',
        'conversations.agent_version',
        'conversations.ended_at_ms',
        'workspaces.timezone',
      ])
      .where('conversations.id', '=', p(inScope.id))
      .where('conversations.project_id', '=', p(inScope.projectId))
      .where('conversations.environment', '=', p(inScope.environment)),
  );
  const deleteResults = prepareQuery(store, (p) =>
    db
      .deleteFrom('check_results')
      .where('conversation_id', '=', p(inScope.id))
      .where('project_id', '=', p(inScope.projectId))
      .where('environment', '=', p(inScope.environment)),
  );
  const markDone = prepareQuery(store, (p) =>
    db
      .updateTable('conversations')
      .set({ status: 'done', outcome: p('outcome'), updated_at: p('now') })
      .where('id', '=', p(inScope.id))
      .where('project_id', '=', p(inScope.projectId))
      .where('environment', '=', p(inScope.environment)),
  );
  // One statement per number of results (a handful of sizes: the checks of a project), with its parameter
  // names made once: building them for every conversation costs more than the insert.
  const insertsBySize = new Map<number, { statement: PreparedQuery<unknown>; names: ColumnNames[] }>();
  function insertResults(count: number) {
    let insert = insertsBySize.get(count);
    if (!insert) {
      const names = Array.from(
        { length: count },
        (_, row) => Object.fromEntries(RESULT_COLUMNS.map((column) => [column, `${column}_${row}`])) as ColumnNames,
      );
      const statement = prepareQuery(store, (p) =>
        db
          .insertInto('check_results')
          .values(
            names.map(
              (rowNames) => Object.fromEntries(RESULT_COLUMNS.map((column) => [column, p(rowNames[column])])) as never,
            ),
          ),
      );
      insert = { statement, names };
      insertsBySize.set(count, insert);
    }
    return insert;
  }

  /** Replaces all results of a conversation and marks it done; returns what health needs of it. */
  async function replaceResults(tx: Kysely<Database>, item: ResultsToWrite, now: number): Promise<HealthBatchItem> {
    const { scope, conversationId, outcome, results } = item;
    const key = { id: conversationId, project_id: scope.projectId, environment: scope.environment };
    const [conversation] = await scoredConversation.execute(tx, key);
    if (!conversation) throw new Error(`conversation ${conversationId} is not in this project and environment`);
    await deleteResults.execute(tx, key);
    if (results.length > 0) {
      const { statement, names } = insertResults(results.length);
      const params: Record<string, unknown> = {};
      results.forEach((r, position) => {
        const row: Record<ResultColumn, unknown> = {
          conversation_id: conversationId,
          project_id: scope.projectId,
          environment: scope.environment,
          check_key: r.check_key,
          check_name: r.check_name,
          check_version: r.check_version,
          check_status: r.check_status,
          score: r.score,
          verdict: r.verdict,
          choice: r.choice,
          decided_by: r.decided_by,
          reason: r.reason,
          evidence_turns: JSON.stringify(r.evidence_turns),
          scorer_version: r.scorer_version,
          latency_ms: r.latency_ms,
          position,
          created_at: now,
          check_category: r.check_category ?? null,
          check_severity: r.check_severity ?? null,
          // For the conversation list's failed_check filter, whose index holds failing results in list order.
          ended_at_ms: r.verdict === 'fail' ? conversation.ended_at_ms : null,
        };
        const rowNames = names[position] as ColumnNames;
        for (const column of RESULT_COLUMNS) params[rowNames[column]] = row[column];
      });
      await statement.execute(tx, params);
    }
    await markDone.execute(tx, { ...key, outcome, now });
    return { scope, conversation, outcome, results };
  }

  /**
   * Several conversations in the caller's transaction (a scoring batch): their results, then health once
   * per agent and group (see applyBatchHealth).
   */
  async function writeMany(tx: Kysely<Database>, items: readonly ResultsToWrite[], now: number): Promise<void> {
    const health: HealthBatchItem[] = [];
    for (const item of items) health.push(await replaceResults(tx, item, now));
    await rollups.applyBatchHealth(tx, health, now);
  }

  return {
    writeMany,

    /** Replaces all results of a conversation and marks it done, inside the caller's transaction. */
    writeResults(
      tx: Kysely<Database>,
      scope: Scope,
      conversationId: string,
      outcome: string | null,
      results: StoredResult[],
      now: number,
    ): Promise<void> {
      return writeMany(tx, [{ scope, conversationId, outcome, results }], now);
    },
  };
}

/** One conversation's new results. */
export interface ResultsToWrite {
  scope: Scope;
  conversationId: string;
  outcome: string | null;
  results: readonly StoredResult[];
}

export type ResultsWriter = ReturnType<typeof createResultsWriter>;
