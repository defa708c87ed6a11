import { type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * A conversation's document (the request body, ~5 KB) moves out of `conversations` into a table of its own.
 * Scoring updates a conversation's status twice (evaluating, then done); on SQLite an update rewrites the
 * whole row, and with the document inside it that meant writing its overflow pages again each time.
 * Documents are written once and never updated.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before and outside the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema
    .createTable('conversation_documents')
    .addColumn('conversation_id', 'text', (c) => c.primaryKey().references('conversations.id'))
    .addColumn('document', 'text', (c) => c.notNull());
  // On SQLite, keyed by the conversation id alone (one B-tree, appended to: ids are time-ordered). That made
  // large rows take more pages than an ordinary table; migration 006 rebuilds it as one.
  await (db.getExecutor().adapter instanceof SqliteAdapter ? table.modifyEnd(sql`without rowid`) : table).execute();

  await db
    .insertInto('conversation_documents')
    .columns(['conversation_id', 'document'])
    .expression(db.selectFrom('conversations').select(['id', 'document']))
    .execute();
  await db.schema.alterTable('conversations').dropColumn('document').execute();
}
