/**
 * Invitations: links that create one user once, within 24 hours. A `setup` link is the owner invitation made
 * when a workspace has nobody yet (printed on first start). Only the token's SHA-256 is stored.
 */
import type { Kysely } from 'kysely';
import { newId } from '../domain/ids.js';
import type { UserRole } from '../domain/roles.js';
import { generateToken, hashToken, INVITATION_MS } from '../domain/session-tokens.js';
import type { Database } from './schema.js';
import type { Store } from './store.js';
import { normalizeEmail, type User, type UsersRepo } from './users-repo.js';

export type InvitationKind = 'setup' | 'invite';

export interface Invitation {
  id: string;
  workspace_id: string;
  kind: InvitationKind;
  role: UserRole;
  email: string | null;
  created_at: number;
  expires_at: number;
}

export interface CreatedInvitation extends Invitation {
  /** The secret part of the link, returned this once. */
  token: string;
}

export type AcceptRefusal = 'not_found' | 'email_taken' | 'email_required';

const COLUMNS = ['id', 'workspace_id', 'kind', 'role', 'email', 'created_at', 'expires_at'] as const;

function invitationOf(row: {
  id: string;
  workspace_id: string;
  kind: string;
  role: string;
  email: string | null;
  created_at: number;
  expires_at: number;
}): Invitation {
  return {
    ...row,
    kind: row.kind as InvitationKind,
    role: row.role as UserRole,
    created_at: Number(row.created_at),
    expires_at: Number(row.expires_at),
  };
}

export function createInvitationsRepo(store: Store, users: UsersRepo, clock: () => number = Date.now) {
  const { db } = store;

  function usable(ex: Kysely<Database>, now: number) {
    return ex.selectFrom('invitations').where('used_at', 'is', null).where('expires_at', '>', now);
  }

  async function create(
    input: { workspaceId: string; kind: InvitationKind; role: UserRole; email?: string | null; createdBy?: string },
    ex: Kysely<Database> = db,
  ): Promise<CreatedInvitation> {
    const token = generateToken();
    const now = clock();
    const invitation: Invitation = {
      id: newId('inv', now),
      workspace_id: input.workspaceId,
      kind: input.kind,
      role: input.role,
      email: input.email ? normalizeEmail(input.email) : null,
      created_at: now,
      expires_at: now + INVITATION_MS,
    };
    await ex
      .insertInto('invitations')
      .values({
        ...invitation,
        token_hash: hashToken(token),
        created_by: input.createdBy ?? null,
        used_at: null,
        used_by: null,
      })
      .execute();
    return { ...invitation, token };
  }

  return {
    create,

    /**
     * A setup link for a workspace that has no users yet, or null when it has some. Unused setup links made
     * before are withdrawn, so only the link printed last works.
     */
    createSetupIfNobody(workspaceId: string): Promise<CreatedInvitation | null> {
      return store.write(async (tx) => {
        const someone = await tx
          .selectFrom('users')
          .select('id')
          .where('workspace_id', '=', workspaceId)
          .where('removed_at', 'is', null)
          .limit(1)
          .executeTakeFirst();
        if (someone) return null;
        await tx
          .deleteFrom('invitations')
          .where('workspace_id', '=', workspaceId)
          .where('kind', '=', 'setup')
          .where('used_at', 'is', null)
          .execute();
        return create({ workspaceId, kind: 'setup', role: 'owner' }, tx);
      });
    },

    /** The usable invitation a token names, with its workspace's name. */
    async findByToken(token: string): Promise<(Invitation & { workspace_name: string }) | undefined> {
      const row = await usable(db, clock())
        .innerJoin('workspaces', 'workspaces.id', 'invitations.workspace_id')
        .select([
          'invitations.id',
          'invitations.workspace_id',
          'invitations.kind',
          'invitations.role',
          'invitations.email',
          'invitations.created_at',
          'invitations.expires_at',
          'workspaces.name as workspace_name',
        ])
        .where('invitations.token_hash', '=', hashToken(token))
        .executeTakeFirst();
      return row ? { ...invitationOf(row), workspace_name: row.workspace_name } : undefined;
    },

    /** Pending invitations of a workspace. */
    async listPending(workspaceId: string): Promise<Invitation[]> {
      const rows = await usable(db, clock())
        .select(COLUMNS)
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at')
        .execute();
      return rows.map(invitationOf);
    },

    async withdraw(workspaceId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('invitations')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /**
     * Uses an invitation: creates its user and, in the same transaction, marks it used (the update that
     * claims it is conditional, so two browsers racing with one link make one user) and runs `then` (the
     * new session).
     */
    async accept<T>(
      token: string,
      input: { email?: string | undefined; name: string; password: string },
      then: (tx: Kysely<Database>, user: User) => Promise<T>,
    ): Promise<{ user: User; result: T } | AcceptRefusal> {
      const passwordHash = await users.hash(input.password);
      return store
        .write(async (tx) => {
          const now = clock();
          const invitation = await usable(tx, now)
            .select(COLUMNS)
            .where('token_hash', '=', hashToken(token))
            .executeTakeFirst();
          if (!invitation) return 'not_found';
          const email = invitation.email ?? input.email;
          if (!email) return 'email_required';
          const claimed = await tx
            .updateTable('invitations')
            .set({ used_at: now })
            .where('id', '=', invitation.id)
            .where('used_at', 'is', null)
            .executeTakeFirst();
          if (claimed.numUpdatedRows === 0n) return 'not_found';
          const user = await users.insertUser(
            tx,
            { workspaceId: invitation.workspace_id, email, name: input.name, role: invitation.role as UserRole },
            passwordHash,
          );
          // Throwing rolls the claim back: the link still works for another address.
          if (!user) throw new EmailTaken();
          await tx.updateTable('invitations').set({ used_by: user.id }).where('id', '=', invitation.id).execute();
          return { user, result: await then(tx, user) };
        })
        .catch((error: unknown) => {
          if (error instanceof EmailTaken) return 'email_taken' as const;
          throw error;
        });
    },
  };
}

class EmailTaken extends Error {}

export type InvitationsRepo = ReturnType<typeof createInvitationsRepo>;
