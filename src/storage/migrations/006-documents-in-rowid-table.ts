import { type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * On SQLite, conversation documents move from the WITHOUT ROWID table of migration 005 to an ordinary one.
 *
 * A WITHOUT ROWID table is a B-tree of keys: a row keeps at most about a quarter of a page in place and
 * puts the rest in overflow pages, starting at an eighth of a page when it does not fit. A typical 5 KB
 * document then took two overflow pages, the second mostly empty: 2.35 pages of 4 KiB per stored
 * conversation in all. In a rowid table a row keeps up to a whole page in place, and the same document
 * takes one overflow page and a share of a leaf: 1.56 pages per conversation. Every page is written to the
 * log at commit and again into the database by a checkpoint, so ingest writes a third less, and the file
 * is a third smaller.
 *
 * PostgreSQL already keeps large values out of line, so there this does nothing. The rebuild runs in one
 * transaction and is skipped when the table is already an ordinary one, so an interrupted start simply
 * runs it again.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before and outside the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ sql: string }>`
      select sql from sqlite_schema where type = 'table' and name = 'conversation_documents'`.execute(trx);
    if (!/without\s+rowid/i.test(rows[0]?.sql ?? '')) return;

    await trx.schema
      .createTable('conversation_documents_rebuilt')
      .addColumn('conversation_id', 'text', (c) => c.primaryKey().references('conversations.id'))
      .addColumn('document', 'text', (c) => c.notNull())
      .execute();
    await trx
      .insertInto('conversation_documents_rebuilt')
      .columns(['conversation_id', 'document'])
      .expression(trx.selectFrom('conversation_documents').select(['conversation_id', 'document']))
      .execute();
    await trx.schema.dropTable('conversation_documents').execute();
    await trx.schema.alterTable('conversation_documents_rebuilt').renameTo('conversation_documents').execute();
  });
}
