/** Workspaces, projects and API keys. */
import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generateApiKey, hashApiKey, type KeyRole, keyHint } from '../domain/api-keys.js';
import type { Environment } from '../domain/conversation.js';
import { isTimeZone } from '../domain/health/days.js';
import { newId } from '../domain/ids.js';
import { rezoneWorkspaceHealth } from './health/rezone.js';
import { prepareQuery } from './prepared.js';
import type { Database } from './schema.js';
import type { Store } from './store.js';

export interface Workspace {
  id: string;
  name: string;
  timezone: string;
  created_at: number;
}

export interface Project {
  id: string;
  workspace_id: string;
  name: string;
  created_at: number;
}

export interface ApiKeyRecord {
  id: string;
  project_id: string;
  environment: Environment;
  role: KeyRole;
  name: string;
  key_hint: string;
  created_at: number;
  revoked_at: number | null;
}

/** The caller a key identifies: everything a request is scoped to. */
export interface Principal {
  keyId: string;
  projectId: string;
  environment: Environment;
  role: KeyRole;
  timezone: string;
}

export interface CreatedKey extends ApiKeyRecord {
  /** The secret, returned this once and never stored. */
  key: string;
}

export function createTenancyRepo(store: Store, clock: () => number = Date.now) {
  const { db } = store;

  async function createWorkspace(name: string, timezone: string, ex: Kysely<Database> = db): Promise<Workspace> {
    const workspace = { id: newId('ws'), name, timezone, created_at: clock() };
    await ex.insertInto('workspaces').values(workspace).execute();
    return workspace;
  }

  async function createProject(workspaceId: string, name: string, ex: Kysely<Database> = db): Promise<Project> {
    const project = { id: newId('proj'), workspace_id: workspaceId, name, created_at: clock() };
    await ex.insertInto('projects').values(project).execute();
    return project;
  }

  async function createKey(
    input: { projectId: string; environment: Environment; role: KeyRole; name: string },
    ex: Kysely<Database> = db,
  ): Promise<CreatedKey> {
    const key = generateApiKey(input.environment);
    const record: ApiKeyRecord = {
      id: newId('key'),
      project_id: input.projectId,
      environment: input.environment,
      role: input.role,
      name: input.name,
      key_hint: keyHint(key),
      created_at: clock(),
      revoked_at: null,
    };
    await ex
      .insertInto('api_keys')
      .values({ ...record, key_hash: hashApiKey(key) })
      .execute();
    return { ...record, key };
  }

  // Every request authenticates: compile the lookup once (see prepared.ts).
  const keyByHash = prepareQuery(store, (p) =>
    db
      .selectFrom('api_keys')
      .innerJoin('projects', 'projects.id', 'api_keys.project_id')
      .innerJoin('workspaces', 'workspaces.id', 'projects.workspace_id')
      .select([
        'api_keys.id',
        'api_keys.key_hash',
        'api_keys.project_id',
        'api_keys.environment',
        'api_keys.role',
        'api_keys.revoked_at',
        'workspaces.timezone',
      ])
      .where('api_keys.key_hash', '=', p('key_hash')),
  );

  async function ensureDefaults(tx: Kysely<Database>): Promise<{ project: Project; created: boolean }> {
    const existing = await tx.selectFrom('projects').selectAll().orderBy('created_at').limit(1).executeTakeFirst();
    if (existing) return { project: existing, created: false };
    const anyWorkspace = await tx
      .selectFrom('workspaces')
      .selectAll()
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    const workspace = anyWorkspace ?? (await createWorkspace('Default workspace', 'UTC', tx));
    return { project: await createProject(workspace.id, 'Default project', tx), created: anyWorkspace === undefined };
  }

  return {
    createWorkspace,
    createProject,
    createKey,

    /**
     * Renames a workspace or changes its time zone (an IANA name; anything else throws RangeError). Health
     * days are local dates, so a new zone rebuilds the workspace's rollups and health in the same
     * transaction. Returns undefined for an unknown workspace.
     */
    updateWorkspace(id: string, changes: { name?: string; timezone?: string }): Promise<Workspace | undefined> {
      if (changes.timezone !== undefined && !isTimeZone(changes.timezone)) {
        return Promise.reject(new RangeError(`Unknown time zone ${changes.timezone}.`));
      }
      return store.write(async (tx) => {
        const current = await tx.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
        if (!current) return undefined;
        const updated = {
          ...current,
          name: changes.name ?? current.name,
          timezone: changes.timezone ?? current.timezone,
        };
        if (updated.name === current.name && updated.timezone === current.timezone) return current;
        await tx
          .updateTable('workspaces')
          .set({ name: updated.name, timezone: updated.timezone })
          .where('id', '=', id)
          .execute();
        if (updated.timezone !== current.timezone) await rezoneWorkspaceHealth(tx, id, updated.timezone, clock());
        return updated;
      });
    },

    findWorkspace: (id: string) => db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst(),
    findProject: (id: string) => db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst(),
    listWorkspaces: () => db.selectFrom('workspaces').selectAll().orderBy('created_at').execute(),
    listProjects: () => db.selectFrom('projects').selectAll().orderBy('created_at').execute(),

    async listKeys(projectId?: string): Promise<ApiKeyRecord[]> {
      let query = db
        .selectFrom('api_keys')
        .select(['id', 'project_id', 'environment', 'role', 'name', 'key_hint', 'created_at', 'revoked_at']);
      if (projectId) query = query.where('project_id', '=', projectId);
      return (await query.orderBy('created_at').execute()) as ApiKeyRecord[];
    },

    /** Revocation takes effect at once: authentication reads the key row on every request. */
    async revokeKey(id: string): Promise<boolean> {
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: clock() })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Looks a presented key up by its hash; unknown and revoked keys give null. */
    async authenticate(key: string): Promise<Principal | null> {
      const presentedHash = hashApiKey(key);
      const [row] = await keyByHash.execute(db, { key_hash: presentedHash });
      if (!row || row.revoked_at !== null) return null;
      // The index lookup already matched; compare again in constant time so no code path leaks by timing.
      if (!timingSafeEqual(Buffer.from(row.key_hash), Buffer.from(presentedHash))) return null;
      return {
        keyId: row.id,
        projectId: row.project_id,
        environment: row.environment as Environment,
        role: row.role as KeyRole,
        timezone: row.timezone,
      };
    },

    /** The default workspace and project, created when the store has none (CLI on a fresh data dir). */
    async ensureDefaultProject(): Promise<Project> {
      return (await store.write((tx) => ensureDefaults(tx))).project;
    },

    /**
     * First start: with an empty store, create a default workspace and project and one test key.
     * Returns the key only when this call created it, so it is printed exactly once.
     */
    bootstrap(): Promise<CreatedKey | null> {
      return store.write(async (tx) => {
        const { project, created } = await ensureDefaults(tx);
        if (!created) return null;
        return createKey({ projectId: project.id, environment: 'test', role: 'full', name: 'First test key' }, tx);
      });
    },
  };
}

export type TenancyRepo = ReturnType<typeof createTenancyRepo>;
