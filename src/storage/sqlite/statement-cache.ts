import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const MAX_CACHED_STATEMENTS = 500;

/**
 * Kysely prepares every statement anew; preparing is a large share of a small insert's cost, so keep
 * the prepared statements of the queries we run (a bounded set: our SQL is fixed, only parameters vary).
 */
export function withStatementCache(database: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      let statement = cache.get(sql);
      if (statement === undefined) {
        statement = database.prepare(sql) as unknown as SqliteStatement;
        if (cache.size >= MAX_CACHED_STATEMENTS) cache.clear();
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
