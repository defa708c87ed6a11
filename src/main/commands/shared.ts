/** What every command shares: settings, output, a migrated store for the command's lifetime, the project in question. */
import type { Config } from '../../config.js';
import type { Store } from '../../storage/store.js';
import { createTenancyRepo, type TenancyRepo } from '../../storage/tenancy-repo.js';
import { openMigratedStore } from '../compose.js';

/** A mistake in how the command was called: exit code 2 and the message, no stack. */
export class UsageError extends Error {}

export interface Output {
  json?: boolean;
}

export type Settings = () => Config;

/** Human-readable lines, or with --json one JSON object on the last line (scripts read that line). */
export function emit(options: Output, human: string, json: unknown): void {
  process.stdout.write(options.json ? `${JSON.stringify(json)}\n` : `${human}\n`);
}

export async function withStore<T>(
  config: Config,
  work: (store: Store, tenancy: TenancyRepo) => Promise<T>,
): Promise<T> {
  const store = await openMigratedStore(config, 'command');
  try {
    return await work(store, createTenancyRepo(store));
  } finally {
    await store.close();
  }
}

/** The project a command applies to: the one named, or the only one there is (the default on an empty store). */
export async function resolveProject(tenancy: TenancyRepo, projectId: string | undefined): Promise<string> {
  if (projectId) {
    if (!(await tenancy.findProject(projectId))) throw new UsageError(`No project ${projectId}.`);
    return projectId;
  }
  const projects = await tenancy.listProjects();
  if (projects.length === 1 && projects[0]) return projects[0].id;
  if (projects.length === 0) return (await tenancy.ensureDefaultProject()).id;
  throw new UsageError('There are several projects; name one with --project ID (see `cqm projects list`).');
}

/** The workspace a project goes in: the one named, or the only one there is (the default on an empty store). */
export async function resolveWorkspace(tenancy: TenancyRepo, workspaceId: string | undefined): Promise<string> {
  if (workspaceId) {
    if (!(await tenancy.findWorkspace(workspaceId))) throw new UsageError(`No workspace ${workspaceId}.`);
    return workspaceId;
  }
  const all = await tenancy.listWorkspaces();
  if (all.length === 1 && all[0]) return all[0].id;
  if (all.length === 0) return (await tenancy.ensureDefaultProject()).workspace_id;
  throw new UsageError('There are several workspaces; name one with --workspace ID.');
}
