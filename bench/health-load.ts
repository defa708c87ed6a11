/**
 * Loads the synthetic history straight into a store: agents, groups, conversations (status done), their
 * contributions, and the rollups they add up to. SQLite through one raw connection and prepared statements
 * in large transactions; PostgreSQL through multi-row inserts. Scoring is not run: the benchmark measures reads.
 */
import Sqlite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/storage/schema.js';
import {
  AGENTS,
  addToRollups,
  agentId,
  conversations,
  emptyRollups,
  type GeneratedConversation,
  GROUPS,
  groupId,
  groupOf,
  type Rollups,
} from './health-data.js';

export interface LoadTarget {
  projectId: string;
  environment: 'live';
  timeZone: string;
  now: number;
}

/** A short call as a client would post it; ingest stores the body as received. */
function document(c: GeneratedConversation): string {
  return JSON.stringify({
    external_id: `ext-${c.id}`,
    channel: 'voice',
    ended_at: new Date(c.endedAtMs).toISOString(),
    agent: { id: agentId(c.agent), version: c.version },
    group: { id: groupId(groupOf(c.agent)) },
    transcript: [
      { speaker: 'agent', text: 'Bright Smile Dental, this is an AI assistant. How can I help?' },
      { speaker: 'user', text: 'Can I move my cleaning to Tuesday?' },
      { speaker: 'agent', text: 'Done, you are booked for Tuesday at 3 pm.' },
    ],
  });
}

function conversationRow(t: LoadTarget, c: GeneratedConversation) {
  const endedAt = new Date(c.endedAtMs).toISOString();
  return {
    id: c.id,
    project_id: t.projectId,
    environment: t.environment,
    external_id: `ext-${c.id}`,
    channel: 'voice',
    status: 'done',
    outcome: c.outcome,
    started_at: null,
    ended_at: endedAt,
    ended_at_ms: c.endedAtMs,
    ended_by: 'caller',
    agent_id: agentId(c.agent),
    agent_version: c.version,
    group_id: groupId(groupOf(c.agent)),
    received_at: c.endedAtMs,
    updated_at: c.endedAtMs,
  };
}

/** The document lives in its own table since migration 005, as ingest writes it. */
function documentRow(c: GeneratedConversation) {
  return { conversation_id: c.id, document: document(c) };
}

function contributionRow(t: LoadTarget, c: GeneratedConversation) {
  const { failed_checks, ...totals } = c.contribution;
  return {
    conversation_id: c.id,
    project_id: t.projectId,
    environment: t.environment,
    agent_id: agentId(c.agent),
    day: c.day,
    ...totals,
    failed_checks: JSON.stringify(failed_checks),
  };
}

function tenancyRows(t: LoadTarget) {
  const groups = Array.from({ length: GROUPS }, (_, g) => ({
    project_id: t.projectId,
    environment: t.environment,
    id: groupId(g),
    name: `Group ${g}`,
    created_at: 0,
  }));
  const agents = Array.from({ length: AGENTS }, (_, a) => ({
    project_id: t.projectId,
    environment: t.environment,
    id: agentId(a),
    name: `Agent ${a}`,
    group_id: groupId(groupOf(a)),
    placed_by_kind: 'conversation',
    placed_by: null,
    placed_at: 0,
    archived_at: null,
    created_at: 0,
  }));
  return { groups, agents };
}

function rollupRows(t: LoadTarget, rollups: Rollups) {
  const key = { project_id: t.projectId, environment: t.environment };
  return {
    daily: [...rollups.daily.values()].map((d) => ({ ...key, agent_id: agentId(d.agent), day: d.day, ...d.totals })),
    checks: [...rollups.checks.values()].map((c) => ({
      ...key,
      agent_id: agentId(c.agent),
      day: c.day,
      check_key: c.key,
      check_name: c.name,
      failures: c.failures,
      high_severity_failures: c.high,
    })),
    releases: [...rollups.releases.values()].map((r) => ({
      ...key,
      agent_id: agentId(r.agent),
      version: r.version,
      first_seen_day: r.day,
      first_seen_at: r.at,
    })),
  };
}

type Row = Record<string, unknown>;

function sqliteInsert(db: Sqlite.Database, table: string, sample: Row) {
  const columns = Object.keys(sample);
  const statement = db.prepare(
    `insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`,
  );
  return (row: Row) => statement.run(row);
}

/** The embedded store: a raw connection on the same file (the service's store must be closed meanwhile). */
export function loadSqlite(file: string, t: LoadTarget, count: number): void {
  const db = new Sqlite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  try {
    const { groups, agents } = tenancyRows(t);
    const rollups = emptyRollups();
    let insertConversation: ((row: Row) => unknown) | undefined;
    let insertDocument: ((row: Row) => unknown) | undefined;
    let insertContribution: ((row: Row) => unknown) | undefined;
    const batch: GeneratedConversation[] = [];
    const flush = db.transaction((items: GeneratedConversation[]) => {
      for (const c of items) {
        const conversation = conversationRow(t, c);
        const document = documentRow(c);
        const contribution = contributionRow(t, c);
        insertConversation ??= sqliteInsert(db, 'conversations', conversation);
        insertDocument ??= sqliteInsert(db, 'conversation_documents', document);
        insertContribution ??= sqliteInsert(db, 'health_contributions', contribution);
        insertConversation(conversation);
        insertDocument(document);
        insertContribution(contribution);
      }
    });
    db.transaction(() => {
      for (const g of groups) sqliteInsert(db, 'groups', g)(g);
      for (const a of agents) sqliteInsert(db, 'agents', a)(a);
    })();
    for (const c of conversations(count, t.now, t.timeZone)) {
      addToRollups(rollups, c);
      batch.push(c);
      if (batch.length === 20_000) flush(batch.splice(0));
    }
    flush(batch.splice(0));
    const rows = rollupRows(t, rollups);
    db.transaction(() => {
      for (const [table, list] of [
        ['health_daily', rows.daily],
        ['health_daily_checks', rows.checks],
        ['agent_releases', rows.releases],
      ] as const) {
        const first = list[0];
        if (!first) continue;
        const insert = sqliteInsert(db, table, first as Row);
        for (const row of list) insert(row as Row);
      }
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('analyze');
  } finally {
    db.close();
  }
}

async function insertChunked(db: Kysely<Database>, table: keyof Database, rows: Row[], size = 1000): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    // The rows are built to each table's shape above; the union of all tables' shapes is not worth spelling out.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

export async function loadPostgres(db: Kysely<Database>, t: LoadTarget, count: number): Promise<void> {
  const { groups, agents } = tenancyRows(t);
  await insertChunked(db, 'groups', groups);
  await insertChunked(db, 'agents', agents);
  const rollups = emptyRollups();
  let batch: GeneratedConversation[] = [];
  const flush = async () => {
    const items = batch;
    batch = [];
    await db.transaction().execute(async (tx) => {
      await insertChunked(
        tx,
        'conversations',
        items.map((c) => conversationRow(t, c)),
        2000,
      );
      await insertChunked(tx, 'conversation_documents', items.map(documentRow), 2000);
      await insertChunked(
        tx,
        'health_contributions',
        items.map((c) => contributionRow(t, c)),
        2000,
      );
    });
  };
  for (const c of conversations(count, t.now, t.timeZone)) {
    addToRollups(rollups, c);
    batch.push(c);
    if (batch.length === 20_000) await flush();
  }
  await flush();
  const rows = rollupRows(t, rollups);
  await insertChunked(db, 'health_daily', rows.daily);
  await insertChunked(db, 'health_daily_checks', rows.checks);
  await insertChunked(db, 'agent_releases', rows.releases);
  await sql`analyze`.execute(db);
}
