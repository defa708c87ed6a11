import type { Kysely } from 'kysely';

/**
 * The checks catalogue: a row per check of a project (custom checks, and built-ins once someone changed
 * them), with immutable versions; and the day a project's booking checks switched on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('checks')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('builtin', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('checks_pk', ['project_id', 'key'])
    .execute();

  await db.schema
    .createTable('check_versions')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('options', 'text')
    .addColumn('rule', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('check_versions_pk', ['project_id', 'key', 'version'])
    .execute();

  await db.schema.alterTable('projects').addColumn('booking_checks_on_at', 'bigint').execute();
}
