/**
 * People in a workspace. Every query names the workspace; a user of another workspace is not found. The last
 * owner of a workspace can be neither removed nor demoted: the check and the change run in one transaction,
 * with the workspace's owners counted inside it.
 */
import { type Kysely, sql } from 'kysely';
import { newId } from '../domain/ids.js';
import { hashPassword, PASSWORD_PARAMS, type ScryptParams } from '../domain/passwords.js';
import type { UserRole } from '../domain/roles.js';
import type { Database } from './schema.js';
import type { Store } from './store.js';

export interface User {
  id: string;
  workspace_id: string;
  email: string;
  name: string;
  role: UserRole;
  created_at: number;
}

export interface NewUser {
  workspaceId: string;
  email: string;
  name: string;
  role: UserRole;
  password: string;
}

/** Why a change to a member was refused. */
export type MemberChangeRefusal = 'not_found' | 'last_owner';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const USER_COLUMNS = ['id', 'workspace_id', 'email', 'name', 'role', 'created_at'] as const;

function userOf(row: Omit<User, 'role'> & { role: string }): User {
  return { ...row, role: row.role as UserRole, created_at: Number(row.created_at) };
}

export function createUsersRepo(
  store: Store,
  clock: () => number = Date.now,
  /** Tests make many users and pass cheaper parameters; verification reads them from each hash. */
  passwordParams: ScryptParams = PASSWORD_PARAMS,
) {
  const { db } = store;

  function active(ex: Kysely<Database>) {
    return ex.selectFrom('users').where('removed_at', 'is', null);
  }

  async function ownersOf(tx: Kysely<Database>, workspaceId: string): Promise<number> {
    const row = await active(tx)
      .select(sql<number>`count(*)`.as('owners'))
      .where('workspace_id', '=', workspaceId)
      .where('role', '=', 'owner')
      .executeTakeFirst();
    return Number(row?.owners ?? 0);
  }

  /**
   * On PostgreSQL two demotions of the two last owners could each see the other still there; taking the
   * workspace row's lock first puts such changes one after the other. SQLite has one writer anyway.
   */
  async function lockWorkspace(tx: Kysely<Database>, workspaceId: string): Promise<void> {
    if (store.dialect !== 'postgres') return;
    await tx.selectFrom('workspaces').select('id').where('id', '=', workspaceId).forUpdate().execute();
  }

  /** Inserts a user; returns null when the address is already someone's. */
  async function insertUser(
    tx: Kysely<Database>,
    input: Omit<NewUser, 'password'>,
    passwordHash: string,
  ): Promise<User | null> {
    const email = normalizeEmail(input.email);
    const taken = await active(tx).select('id').where('email', '=', email).executeTakeFirst();
    if (taken) return null;
    const now = clock();
    const user: User = {
      id: newId('usr', now),
      workspace_id: input.workspaceId,
      email,
      name: input.name.trim(),
      role: input.role,
      created_at: now,
    };
    await tx
      .insertInto('users')
      .values({ ...user, password_hash: passwordHash, updated_at: now, removed_at: null })
      .execute();
    return user;
  }

  return {
    hash: (password: string) => hashPassword(password, passwordParams),
    insertUser,

    /** Creates a user; null when the address is taken. */
    async create(input: NewUser): Promise<User | null> {
      const passwordHash = await hashPassword(input.password, passwordParams);
      return store.write((tx) => insertUser(tx, input, passwordHash));
    },

    /** What sign-in needs: the user and their hash, found by address. */
    async findForSignIn(email: string): Promise<(User & { password_hash: string }) | undefined> {
      const row = await active(db)
        .select([...USER_COLUMNS, 'password_hash'])
        .where('email', '=', normalizeEmail(email))
        .executeTakeFirst();
      return row ? { ...userOf(row), password_hash: row.password_hash } : undefined;
    },

    async findPasswordHash(workspaceId: string, userId: string): Promise<string | undefined> {
      const row = await active(db)
        .select('password_hash')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.password_hash;
    },

    async findByEmail(email: string): Promise<User | undefined> {
      const row = await active(db).select(USER_COLUMNS).where('email', '=', normalizeEmail(email)).executeTakeFirst();
      return row ? userOf(row) : undefined;
    },

    async list(workspaceId: string): Promise<User[]> {
      const rows = await active(db)
        .select(USER_COLUMNS)
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(userOf);
    },

    async get(workspaceId: string, userId: string): Promise<User | undefined> {
      const row = await active(db)
        .select(USER_COLUMNS)
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', userId)
        .executeTakeFirst();
      return row ? userOf(row) : undefined;
    },

    countUsers: async (workspaceId: string): Promise<number> =>
      Number(
        (
          await active(db)
            .select(sql<number>`count(*)`.as('n'))
            .where('workspace_id', '=', workspaceId)
            .executeTakeFirst()
        )?.n ?? 0,
      ),

    /** Changes a member's role; the last owner cannot stop being one. */
    changeRole(workspaceId: string, userId: string, role: UserRole): Promise<User | MemberChangeRefusal> {
      return store.write(async (tx) => {
        await lockWorkspace(tx, workspaceId);
        const row = await active(tx)
          .select(USER_COLUMNS)
          .where('workspace_id', '=', workspaceId)
          .where('id', '=', userId)
          .executeTakeFirst();
        if (!row) return 'not_found';
        if (row.role === 'owner' && role !== 'owner' && (await ownersOf(tx, workspaceId)) <= 1) return 'last_owner';
        await tx.updateTable('users').set({ role, updated_at: clock() }).where('id', '=', userId).execute();
        return userOf({ ...row, role });
      });
    },

    /** Removes a member and ends their sessions; the last owner cannot be removed. */
    remove(workspaceId: string, userId: string): Promise<true | MemberChangeRefusal> {
      return store.write(async (tx) => {
        await lockWorkspace(tx, workspaceId);
        const row = await active(tx)
          .select(['id', 'role'])
          .where('workspace_id', '=', workspaceId)
          .where('id', '=', userId)
          .executeTakeFirst();
        if (!row) return 'not_found';
        if (row.role === 'owner' && (await ownersOf(tx, workspaceId)) <= 1) return 'last_owner';
        const now = clock();
        await tx.updateTable('users').set({ removed_at: now, updated_at: now }).where('id', '=', userId).execute();
        await tx
          .updateTable('sessions')
          .set({ revoked_at: now })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
        return true;
      });
    },

    /**
     * Sets a new password and ends every session of the user in the same transaction; `keep` runs inside
     * it too (the caller's new session), so no moment exists with the new password and an old session.
     */
    async setPassword<T>(
      workspaceId: string | null,
      userId: string,
      password: string,
      keep?: (tx: Kysely<Database>) => Promise<T>,
    ): Promise<{ updated: boolean; kept?: T }> {
      const passwordHash = await hashPassword(password, passwordParams);
      return store.write(async (tx) => {
        const now = clock();
        let update = tx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: now })
          .where('id', '=', userId)
          .where('removed_at', 'is', null);
        if (workspaceId !== null) update = update.where('workspace_id', '=', workspaceId);
        const result = await update.executeTakeFirst();
        if (result.numUpdatedRows === 0n) return { updated: false };
        await tx
          .updateTable('sessions')
          .set({ revoked_at: now })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
        return keep ? { updated: true, kept: await keep(tx) } : { updated: true };
      });
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
