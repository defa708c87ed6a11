/** The storage adapter: one kysely query layer over either backend; dialect differences stay behind it. */
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

/** A unit of writes that must commit or roll back as a whole. */
export type WriteUnit<T> = (tx: Kysely<Database>) => Promise<T>;

export interface Store {
  readonly dialect: Dialect;
  /** For reads and for writes that are a single statement. */
  readonly db: Kysely<Database>;
  /**
   * Runs a unit atomically and resolves once it is durable. On SQLite, units that arrive in the same
   * event-loop turn share one commit (each inside its own savepoint, so one failing unit rolls back alone).
   */
  write<T>(unit: WriteUnit<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Runs compiled SQL at once on the store's only connection, skipping the query layer's asynchronous
   * plumbing; offered by the embedded store, whose every statement runs in-process on that connection.
   */
  readonly runCompiled?: (sql: string, parameters: readonly unknown[]) => unknown[];
}
