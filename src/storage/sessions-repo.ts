/**
 * Sessions of signed-in people. The browser holds the token; the store holds its SHA-256, the user and two
 * instants (sign-in, last use) from which idle and absolute expiry are decided (domain/session-tokens.ts).
 */
import type { Kysely } from 'kysely';
import { newId } from '../domain/ids.js';
import type { UserRole } from '../domain/roles.js';
import { generateToken, hashToken, SESSION_TOUCH_MS, sessionLive } from '../domain/session-tokens.js';
import type { Database } from './schema.js';
import type { Store } from './store.js';

/** A live session with the person and workspace it belongs to. */
export interface ActiveSession {
  id: string;
  user: { id: string; email: string; name: string; role: UserRole };
  workspace: { id: string; name: string; timezone: string };
}

export function createSessionsRepo(store: Store, clock: () => number = Date.now) {
  const { db } = store;

  return {
    /** Starts a session; returns the token, which only the browser keeps. */
    async start(
      user: { id: string; workspace_id: string },
      ex: Kysely<Database> | null = null,
    ): Promise<{ id: string; token: string }> {
      const token = generateToken();
      const now = clock();
      const id = newId('ses', now);
      const row = {
        id,
        token_hash: hashToken(token),
        user_id: user.id,
        workspace_id: user.workspace_id,
        created_at: now,
        last_seen_at: now,
        revoked_at: null,
      };
      if (ex) await ex.insertInto('sessions').values(row).execute();
      else await store.write((tx) => tx.insertInto('sessions').values(row).execute());
      return { id, token };
    },

    /**
     * The session a token names, if it is live and its user still a member; its last use is moved on at
     * most once a minute, so reading a page costs no write.
     */
    async resolve(token: string): Promise<ActiveSession | null> {
      const now = clock();
      const row = await db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .innerJoin('workspaces as w', 'w.id', 's.workspace_id')
        .select([
          's.id',
          's.created_at',
          's.last_seen_at',
          's.revoked_at',
          'u.id as user_id',
          'u.email',
          'u.name',
          'u.role',
          'u.removed_at',
          'u.workspace_id as user_workspace_id',
          'w.id as workspace_id',
          'w.name as workspace_name',
          'w.timezone',
        ])
        .where('s.token_hash', '=', hashToken(token))
        .executeTakeFirst();
      if (!row || row.revoked_at !== null || row.removed_at !== null) return null;
      if (row.user_workspace_id !== row.workspace_id || !sessionLive(row, now)) return null;
      if (now - Number(row.last_seen_at) >= SESSION_TOUCH_MS) {
        await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.id).execute();
      }
      return {
        id: row.id,
        user: { id: row.user_id, email: row.email, name: row.name, role: row.role as UserRole },
        workspace: { id: row.workspace_id, name: row.workspace_name, timezone: row.timezone },
      };
    },

    async revoke(sessionId: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: clock() })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
