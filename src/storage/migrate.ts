/** One migration set for both backends, listed statically so it works from source and from the build. */
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as initial from './migrations/001-initial.js';
import * as checks from './migrations/002-checks.js';
import * as health from './migrations/003-health.js';
import * as webhooks from './migrations/004-webhooks.js';
import * as documents from './migrations/005-conversation-documents.js';
import * as documentsInRowidTable from './migrations/006-documents-in-rowid-table.js';
import * as usersAndSessions from './migrations/007-users-and-sessions.js';
import * as conversationListIndexes from './migrations/008-conversation-list-indexes.js';
import * as judge from './migrations/009-judge.js';
import * as checkScopeAndTrends from './migrations/010-check-scope-and-trends.js';

const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-checks': checks,
  '003-health': health,
  '004-webhooks': webhooks,
  '005-conversation-documents': documents,
  '006-documents-in-rowid-table': documentsInRowidTable,
  '007-users-and-sessions': usersAndSessions,
  '008-conversation-list-indexes': conversationListIndexes,
  '009-judge': judge,
  '010-check-scope-and-trends': checkScopeAndTrends,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// biome-ignore lint/suspicious/noExplicitAny: migrations run before and outside the typed schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
