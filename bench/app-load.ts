/**
 * Loads the application benchmark's conversations straight into a migrated store, every index in place (the
 * list's indexes are what is measured): SQLite through one raw connection with prepared statements in large
 * transactions; PostgreSQL with batches of rows sent as arrays (`insert … select * from unnest(…)`).
 */
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import {
  AGENT_COLUMNS,
  type BenchTenant,
  CONVERSATION_COLUMNS,
  DOCUMENT_COLUMNS,
  type GeneratedBatch,
  GROUP_COLUMNS,
  generateConversations,
  RESULT_COLUMNS,
  type Row,
  tenancyRows,
} from './app-data.js';

export interface LoadOptions {
  count: number;
  now: number;
  /** How many of the newest conversations carry the full 5 KB document. */
  fullDocuments: number;
  /** Called after each batch with the number loaded so far. */
  progress?: (loaded: number) => void;
}

export interface Loaded {
  /** Done conversations with the full document, newest last: what the view benchmark opens. */
  viewIds: string[];
}

function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/** The embedded store: a raw connection on the same file, while no service has it open. */
export function loadSqlite(file: string, tenant: BenchTenant, options: LoadOptions): Loaded {
  const db = new Sqlite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const insert = (table: string, columns: readonly string[]) => {
    const statement = db.prepare(
      `insert into ${table} (${columns.join(', ')}) values (${placeholders(columns.length)})`,
    );
    return (row: Row) => statement.run(row);
  };
  try {
    const insertConversation = insert('conversations', CONVERSATION_COLUMNS);
    const insertDocument = insert('conversation_documents', DOCUMENT_COLUMNS);
    const insertResult = insert('check_results', RESULT_COLUMNS);
    const { agents, groups } = tenancyRows(tenant);
    db.transaction(() => {
      const group = insert('groups', GROUP_COLUMNS);
      const agent = insert('agents', AGENT_COLUMNS);
      for (const row of groups) group(row);
      for (const row of agents) agent(row);
    })();
    const writeBatch = db.transaction((batch: GeneratedBatch) => {
      for (const row of batch.conversations) insertConversation(row);
      for (const row of batch.documents) insertDocument(row);
      for (const row of batch.results) insertResult(row);
    });
    const viewIds: string[] = [];
    let loaded = 0;
    for (const batch of generateConversations(tenant, options.count, options.now, {
      batchSize: 20_000,
      fullDocuments: options.fullDocuments,
    })) {
      writeBatch(batch);
      viewIds.push(...batch.fullDocumentIds);
      loaded += batch.conversations.length;
      options.progress?.(loaded);
    }
    db.pragma('wal_checkpoint(TRUNCATE)');
    return { viewIds };
  } finally {
    db.close();
  }
}

/** PostgreSQL column types of the loaded tables, for the arrays each batch is sent as. */
const PG_TYPES: Record<string, string> = {
  ended_at_ms: 'bigint',
  received_at: 'bigint',
  updated_at: 'bigint',
  created_at: 'bigint',
  placed_at: 'bigint',
  archived_at: 'bigint',
  check_version: 'integer',
  latency_ms: 'integer',
  position: 'integer',
  score: 'double precision',
};

async function insertRows(client: pg.Client, table: string, columns: readonly string[], rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const arrays = columns.map((_, c) => rows.map((row) => row[c] ?? null));
  const unnest = columns.map((column, c) => `$${c + 1}::${PG_TYPES[column] ?? 'text'}[]`).join(', ');
  await client.query(`insert into ${table} (${columns.join(', ')}) select * from unnest(${unnest})`, arrays);
}

export async function loadPostgres(url: string, tenant: BenchTenant, options: LoadOptions): Promise<Loaded> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { agents, groups } = tenancyRows(tenant);
    await insertRows(client, 'groups', GROUP_COLUMNS, groups);
    await insertRows(client, 'agents', AGENT_COLUMNS, agents);
    const viewIds: string[] = [];
    let loaded = 0;
    for (const batch of generateConversations(tenant, options.count, options.now, {
      batchSize: 5_000,
      fullDocuments: options.fullDocuments,
    })) {
      await client.query('begin');
      await insertRows(client, 'conversations', CONVERSATION_COLUMNS, batch.conversations);
      await insertRows(client, 'conversation_documents', DOCUMENT_COLUMNS, batch.documents);
      await insertRows(client, 'check_results', RESULT_COLUMNS, batch.results);
      await client.query('commit');
      viewIds.push(...batch.fullDocumentIds);
      loaded += batch.conversations.length;
      options.progress?.(loaded);
    }
    // What autovacuum would have done after such inserts: statistics for the planner, a visibility map.
    await client.query('vacuum analyze');
    return { viewIds };
  } finally {
    await client.end();
  }
}
