import { type Kysely, sql } from 'kysely';

/**
 * The indexes of the conversation list (conversation-list.ts): newest first by ended_at_ms, ties by id, so a
 * page reads about `limit` index entries, backwards, whatever the volume. One per filter that can be the only
 * one: the environment's list, an agent's, a group's, an outcome's, and the unfinished statuses. The last three
 * are partial: a conversation without a group or an outcome yet is in none of them, and only queued,
 * evaluating and failed conversations (few) are in the status index, which a finished one leaves; `done`
 * is most of the list and reads the environment's index.
 *
 * For `failed_check`, a failing result carries its conversation's `ended_at_ms` (written with the results, in
 * their transaction) and a partial index holds only failing results, in list order per check. Results stored
 * before this migration get theirs here (failing ones only: the index holds no others).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before and outside the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const listOrder = ['ended_at_ms', 'id'];
  await db.schema
    .createIndex('conversations_list_idx')
    .on('conversations')
    .columns(['project_id', 'environment', ...listOrder])
    .execute();
  await db.schema
    .createIndex('conversations_list_agent_idx')
    .on('conversations')
    .columns(['project_id', 'environment', 'agent_id', ...listOrder])
    .execute();
  await db.schema
    .createIndex('conversations_list_group_idx')
    .on('conversations')
    .columns(['project_id', 'environment', 'group_id', ...listOrder])
    .where(sql.ref('group_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('conversations_list_outcome_idx')
    .on('conversations')
    .columns(['project_id', 'environment', 'outcome', ...listOrder])
    .where(sql.ref('outcome'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('conversations_list_unfinished_idx')
    .on('conversations')
    .columns(['project_id', 'environment', 'status', ...listOrder])
    .where(sql.ref('status'), '<>', sql.lit('done'))
    .execute();

  await db.schema.alterTable('check_results').addColumn('ended_at_ms', 'bigint').execute();
  await sql`update check_results set ended_at_ms = (
      select c.ended_at_ms from conversations c where c.id = check_results.conversation_id)
    where verdict = 'fail'`.execute(db);
  await db.schema
    .createIndex('check_results_failed_list_idx')
    .on('check_results')
    .columns(['project_id', 'environment', 'check_key', 'ended_at_ms', 'conversation_id'])
    .where(sql.ref('verdict'), '=', sql.lit('fail'))
    .execute();
}
