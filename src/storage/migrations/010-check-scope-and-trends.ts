import type { Kysely } from 'kysely';

/**
 * Where a check applies (its scope, kept with each version) and who wrote each version; and the index the
 * Checks page counts by: a check's results in recent days (scored and failed over the last 7 days), read from
 * the index alone. An agent's latest conversation and the conversations that failed scoring are read through
 * the conversation list's indexes (migration 008).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('check_versions').addColumn('scope', 'text').execute();
  await db.schema.alterTable('check_versions').addColumn('created_by', 'text').execute();

  // check_key first: SQLite (without statistics) prefers the index with more equal columns, and one led by
  // (project_id, environment) drew every read and delete of one conversation's results (conversation_id plus
  // its scope) away from the primary key into a walk over all the project's results.
  await db.schema
    .createIndex('check_results_check_time_idx')
    .on('check_results')
    .columns(['check_key', 'project_id', 'environment', 'created_at', 'verdict', 'score'])
    .execute();
}
