/** API keys as the Developers area sees them: one project and environment at a time, with their last use. */
import type { KeyRole } from '../domain/api-keys.js';
import type { Environment } from '../domain/conversation.js';
import type { Store } from './store.js';

export interface KeyListing {
  id: string;
  name: string;
  role: KeyRole;
  environment: Environment;
  key_hint: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export function createDeveloperKeysRepo(store: Store, clock: () => number = Date.now) {
  const { db } = store;
  return {
    async list(projectId: string, environment: Environment): Promise<KeyListing[]> {
      const rows = await db
        .selectFrom('api_keys')
        .select(['id', 'name', 'role', 'environment', 'key_hint', 'created_at', 'last_used_at', 'revoked_at'])
        .where('project_id', '=', projectId)
        .where('environment', '=', environment)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        ...row,
        role: row.role as KeyRole,
        environment: row.environment as Environment,
        created_at: Number(row.created_at),
        last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
        revoked_at: row.revoked_at === null ? null : Number(row.revoked_at),
      }));
    },

    /** Revokes a key of this project and environment; authentication reads the row, so it stops at once. */
    async revoke(
      projectId: string,
      environment: Environment,
      keyId: string,
    ): Promise<'revoked' | 'already' | 'not_found'> {
      const row = await db
        .selectFrom('api_keys')
        .select(['id', 'revoked_at'])
        .where('project_id', '=', projectId)
        .where('environment', '=', environment)
        .where('id', '=', keyId)
        .executeTakeFirst();
      if (!row) return 'not_found';
      if (row.revoked_at !== null) return 'already';
      await db
        .updateTable('api_keys')
        .set({ revoked_at: clock() })
        .where('id', '=', keyId)
        .where('revoked_at', 'is', null)
        .execute();
      return 'revoked';
    },
  };
}

export type DeveloperKeysRepo = ReturnType<typeof createDeveloperKeysRepo>;
