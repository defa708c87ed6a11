/**
 * Hot statements on PostgreSQL run as named prepared statements: each connection parses and plans them once
 * instead of at every run (for the ingest statement that halved the server's CPU per conversation). Kysely
 * hands the driver SQL text and values only, so the name travels in the text, as a leading comment that the
 * pool's client reads (postgres.ts). Only fixed statements may be named: a connection keeps every statement
 * it prepared for as long as it lives.
 */
import { createHash } from 'node:crypto';

const NAMED = /^\/\* statement: ([a-z0-9_]+) \*\//;

/** The SQL, marked to run as a prepared statement named after its text. */
export function namedStatement(sql: string): string {
  const name = `cqm_${createHash('sha256').update(sql).digest('hex').slice(0, 20)}`;
  return `/* statement: ${name} */ ${sql}`;
}

/** The name a statement was marked with, if any. */
export function statementNameOf(sql: string): string | undefined {
  return NAMED.exec(sql)?.[1];
}
