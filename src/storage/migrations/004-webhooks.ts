import type { Kysely } from 'kysely';

/**
 * Webhooks: endpoints per project and environment; the outbox (one message per event and endpoint, written
 * in the transaction that caused the event and claimed by workers with a lease); every delivery attempt;
 * per-hour failure counts and the markers that make the hourly digest go out once per endpoint and hour.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before and outside the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    // JSON array of event types, or null for every type.
    .addColumn('events', 'text')
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'bigint')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disabled_reason', 'text')
    .addColumn('failing_since', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_scope')
    .on('webhook_endpoints')
    .columns(['project_id', 'environment', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    // The body exactly as it is signed and sent, the same bytes on every attempt.
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('locked_by', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_messages_due')
    .on('webhook_messages')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_messages_endpoint')
    .on('webhook_messages')
    .columns(['endpoint_id', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('endpoint_id', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('response_excerpt', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_attempts_message')
    .on('webhook_attempts')
    .columns(['message_id', 'attempt'])
    .execute();

  await db.schema
    .createTable('webhook_check_failures')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('hour_start', 'bigint', (c) => c.notNull())
    .addColumn('check_key', 'text', (c) => c.notNull())
    .addColumn('check_name', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('webhook_check_failures_pk', ['project_id', 'environment', 'hour_start', 'check_key'])
    .execute();

  await db.schema
    .createTable('webhook_digests')
    .addColumn('endpoint_id', 'text', (c) => c.notNull())
    .addColumn('hour_start', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('webhook_digests_pk', ['endpoint_id', 'hour_start'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before and outside the typed schema
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'webhook_digests',
    'webhook_check_failures',
    'webhook_attempts',
    'webhook_messages',
    'webhook_endpoints',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
