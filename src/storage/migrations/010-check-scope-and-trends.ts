import { type Kysely, sql } from 'kysely';

/**
 * Where a check applies (its scope, kept with each version) and who wrote each version; and the indexes the
 * application's pages read by: a check's results over recent days (the Checks page's counts and a check's
 * latest failures), an agent's latest conversation, and the conversations that failed scoring (few, so a
 * partial index that only they enter).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('check_versions').addColumn('scope', 'text').execute();
  await db.schema.alterTable('check_versions').addColumn('created_by', 'text').execute();

  await db.schema
    .createIndex('check_results_check_time_idx')
    .on('check_results')
    .columns(['project_id', 'environment', 'check_key', 'created_at', 'verdict'])
    .execute();
  await db.schema
    .createIndex('conversations_agent_ended_idx')
    .on('conversations')
    .columns(['project_id', 'environment', 'agent_id', 'ended_at_ms'])
    .execute();
  await db.schema
    .createIndex('conversations_failed_idx')
    .on('conversations')
    .columns(['project_id', 'environment', 'updated_at'])
    .where(sql.ref('status'), '=', 'failed')
    .execute();
}
