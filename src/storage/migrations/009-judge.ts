import type { Kysely } from 'kysely';

/**
 * The LLM judge: per-project connection and cost controls (the API key sealed, never plain), the day's call
 * counts for the daily cap, answers cached so a re-run does not pay twice, conversations waiting for their
 * second review, plain-language checks' definitions on each version, a check's status history (promotions
 * with the agreement they were granted on, or the owner's written override), and which checks' agreement
 * with people's labels has dropped (so the webhook goes out once per drop).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('judge_settings')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id'))
    .addColumn('base_url', 'text')
    .addColumn('model', 'text')
    .addColumn('api_key_sealed', 'text')
    .addColumn('structured_output', 'text')
    .addColumn('structured_output_for', 'text')
    .addColumn('tested_at', 'bigint')
    .addColumn('review_checks', 'text')
    .addColumn('sample_rate', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('daily_cap', 'integer')
    .addColumn('concurrency', 'integer', (c) => c.notNull().defaultTo(24))
    .addColumn('score_band_low', 'double precision')
    .addColumn('score_band_high', 'double precision')
    .addColumn('timeout_ms', 'integer', (c) => c.notNull().defaultTo(20_000))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('judge_usage')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .addColumn('capped_at', 'bigint')
    .addPrimaryKeyConstraint('judge_usage_pk', ['project_id', 'day'])
    .execute();

  await db.schema
    .createTable('judge_cache')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('cache_key', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('judge_cache_pk', ['project_id', 'cache_key'])
    .execute();

  await db.schema
    .createTable('second_reviews')
    .addColumn('conversation_id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('check_versions').addColumn('judge', 'text').execute();

  await db.schema
    .createTable('check_status_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('from_status', 'text', (c) => c.notNull())
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('override_reason', 'text')
    .addColumn('agreement', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('check_status_changes_check_idx')
    .on('check_status_changes')
    .columns(['project_id', 'key', 'created_at'])
    .execute();

  await db.schema
    .createTable('check_agreement_flags')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('dropped_at', 'bigint')
    .addColumn('kappa', 'double precision')
    .addColumn('labels', 'integer', (c) => c.notNull())
    .addColumn('evaluated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('check_agreement_flags_pk', ['project_id', 'environment', 'key'])
    .execute();

  // Workers claim only the kinds they run (scoring, second review): the ready jobs of one kind, oldest first.
  await db.schema.createIndex('jobs_kind_ready_idx').on('jobs').columns(['kind', 'status', 'run_at']).execute();

  // Agreement and the labels list read a check's labels newest first.
  await db.schema
    .createIndex('feedback_labels_check_time_idx')
    .on('feedback_labels')
    .columns(['project_id', 'environment', 'check_key', 'created_at'])
    .execute();
}
