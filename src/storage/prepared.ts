/**
 * Queries on the hot path, built with kysely once per store and run many times. Building and compiling a
 * query costs more than SQLite takes to run a small one; here the SQL is compiled once with named
 * placeholders and only the parameter list is made per call. The SQL still comes from kysely, for the
 * store's own dialect; on the embedded store it runs directly on the one connection, and on PostgreSQL as a
 * named prepared statement (statement-names.ts).
 */
import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import { namedStatement } from './statement-names.js';
import type { Store } from './store.js';

const PLACEHOLDER = '\u0000cqm-param:';

/** A value in the query that the caller supplies at each run. */
export type Param = (name: string) => never;

export interface PreparedQuery<Row> {
  /** Runs on `ex`: the store's `db`, or the transaction of the unit being written. */
  execute(ex: Kysely<Database>, params: Record<string, unknown>): Promise<Row[]>;
}

type Slot = { kind: 'param'; name: string } | { kind: 'constant'; value: unknown };

export function prepareQuery<Row>(store: Store, build: (param: Param) => Compilable<Row>): PreparedQuery<Row> {
  const compiled = build(((name: string) => `${PLACEHOLDER}${name}`) as Param).compile();
  // Each position holds either a named parameter or a constant written into the builder.
  const slots = compiled.parameters.map(
    (value): Slot =>
      typeof value === 'string' && value.startsWith(PLACEHOLDER)
        ? { kind: 'param', name: value.slice(PLACEHOLDER.length) }
        : { kind: 'constant', value },
  );
  const { sql } = compiled;
  const values = (params: Record<string, unknown>) =>
    slots.map((slot) => {
      if (slot.kind === 'constant') return slot.value;
      if (!(slot.name in params)) throw new Error(`missing query parameter ${slot.name}`);
      return params[slot.name];
    });
  const { runCompiled } = store;
  if (runCompiled) {
    return { execute: async (_ex, params) => runCompiled(sql, values(params)) as Row[] };
  }
  const named = namedStatement(sql);
  return {
    async execute(ex, params) {
      return (await ex.executeQuery<Row>(CompiledQuery.raw(named, values(params)))).rows;
    },
  };
}
