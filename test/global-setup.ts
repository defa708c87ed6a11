/**
 * Before any test file: make a migrated template database on PostgreSQL, so each file can clone its own
 * throwaway copy in milliseconds. Without PostgreSQL the PostgreSQL suites are skipped, except under
 * CI=true, where a missing database fails the run.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../src/storage/migrate.js';
import { adminUrl, databaseUrl, dropDatabase } from './harness/postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database to clone, or null when PostgreSQL is not available. */
    pgTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const template = `cqm_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  try {
    await admin.connect();
  } catch (error) {
    if (process.env.CI === 'true')
      throw new Error(`PostgreSQL is required under CI and is not answering at ${adminUrl()}: ${error}`);
    console.warn(`PostgreSQL not reachable at ${adminUrl()}; its suites are skipped.`);
    project.provide('pgTemplate', null);
    return;
  }
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl(template), max: 1 }) }),
  });
  await migrateToLatest(db);
  await db.destroy();
  await admin.end();
  project.provide('pgTemplate', template);

  return async () => {
    await dropDatabase(template);
  };
}
