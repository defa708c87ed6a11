import { type CreateTableBuilder, type Kysely, SqliteAdapter, sql } from 'kysely';
import { backfillHealth } from '../health/backfill.js';

/**
 * Agent and group health: the category and severity each result was scored with; per-conversation
 * contributions and the daily rollups they add up to (with failures per compliance check, to name them);
 * agent releases; the last status of every agent and group and each change of it; and the markers that
 * make the midnight sweep run once per workspace and local day. Conversations already scored are rolled up.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before and outside the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  // On SQLite, tables read by key ranges are stored in key order (clustered): a health read is one range scan.
  const clustered = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    db.getExecutor().adapter instanceof SqliteAdapter ? table.modifyEnd(sql`without rowid`) : table;

  await db.schema.alterTable('check_results').addColumn('check_category', 'text').execute();
  await db.schema.alterTable('check_results').addColumn('check_severity', 'text').execute();

  const counters = <T extends ReturnType<Kysely<unknown>['schema']['createTable']>>(table: T): T =>
    table
      .addColumn('conversations', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('with_outcome', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('resolved', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('handed_to_person', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('requests_for_person_not_honored', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('frustration_sum', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('frustration_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('compliance_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('high_severity_compliance_failures', 'integer', (c) => c.notNull().defaultTo(0)) as T;

  await counters(
    db.schema
      .createTable('health_contributions')
      .addColumn('conversation_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('agent_id', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull()),
  )
    .addColumn('failed_checks', 'text', (c) => c.notNull())
    .execute();

  await counters(
    db.schema
      .createTable('health_daily')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('agent_id', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('health_daily_pk', ['project_id', 'environment', 'agent_id', 'day'])
    .$call(clustered)
    .execute();

  await db.schema
    .createTable('health_daily_checks')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('agent_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('check_key', 'text', (c) => c.notNull())
    .addColumn('check_name', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('high_severity_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('health_daily_checks_pk', ['project_id', 'environment', 'agent_id', 'day', 'check_key'])
    .$call(clustered)
    .execute();

  await db.schema
    .createTable('agent_releases')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('agent_id', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('first_seen_day', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('agent_releases_pk', ['project_id', 'environment', 'agent_id', 'version'])
    .$call(clustered)
    .execute();

  await db.schema
    .createTable('health_states')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('transitions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('health_states_pk', ['project_id', 'environment', 'subject_kind', 'subject_id'])
    .$call(clustered)
    .execute();

  await db.schema
    .createTable('health_transitions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'text')
    .addColumn('old_status', 'text', (c) => c.notNull())
    .addColumn('new_status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('event', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // One transition per subject and sequence number: a change can never be recorded twice.
  await db.schema
    .createIndex('health_transitions_subject_uq')
    .on('health_transitions')
    .columns(['project_id', 'environment', 'subject_kind', 'subject_id', 'seq'])
    .unique()
    .execute();
  await db.schema.createIndex('health_transitions_created_idx').on('health_transitions').column('created_at').execute();

  await db.schema
    .createTable('health_sweeps')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('swept_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('health_sweeps_pk', ['workspace_id', 'day'])
    .execute();

  await db.schema
    .createIndex('agents_group_idx')
    .on('agents')
    .columns(['project_id', 'environment', 'group_id'])
    .execute();

  await backfillHealth(db);
}
