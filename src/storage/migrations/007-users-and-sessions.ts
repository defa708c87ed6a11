import { type Kysely, sql } from 'kysely';

/**
 * People and sign-in: users of a workspace with a role and a scrypt hash; sessions and invitations kept only
 * as the SHA-256 of their tokens; labels given in the application name their user and, for a multiple-choice
 * result, the choice; API keys remember when they were last used.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before and outside the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    // Lower-cased and trimmed: one person, one address, however it is typed.
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // A removed member keeps their row, so labels still say who gave them; they can no longer sign in.
    .addColumn('removed_at', 'bigint')
    .execute();
  // Sign-in asks by address alone: an address belongs to one person at a time across the instance.
  await db.schema
    .createIndex('users_email_active')
    .on('users')
    .column('email')
    .unique()
    .where(sql.ref('removed_at'), 'is', null)
    .execute();
  await db.schema.createIndex('users_workspace').on('users').columns(['workspace_id', 'created_at']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    // setup (the first owner, printed on first start) or invite
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('used_by', 'text')
    .execute();
  await db.schema
    .createIndex('invitations_workspace')
    .on('invitations')
    .columns(['workspace_id', 'created_at'])
    .execute();

  await db.schema.alterTable('feedback_labels').addColumn('user_id', 'text').execute();
  await db.schema.alterTable('feedback_labels').addColumn('choice', 'text').execute();
  await db.schema.alterTable('api_keys').addColumn('last_used_at', 'bigint').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before and outside the typed schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('last_used_at').execute();
  await db.schema.alterTable('feedback_labels').dropColumn('choice').execute();
  await db.schema.alterTable('feedback_labels').dropColumn('user_id').execute();
  for (const table of ['invitations', 'sessions', 'users']) await db.schema.dropTable(table).execute();
}
