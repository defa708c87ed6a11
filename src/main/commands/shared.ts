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

/** Stored times are epoch milliseconds (PostgreSQL hands bigints over as strings); the API writes ISO 8601. */
const EPOCH_MS = /^\d{1,15}$/;

/**
 * A value as the API would write it: every `…_at` (and `…_until`) field holding epoch milliseconds becomes an ISO 8601 string,
 * at any depth. Fields already in ISO 8601 (a conversation's `ended_at`) and nulls are left as they are.
 */
export function asApiWrites(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asApiWrites);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const epoch =
      (key.endsWith('_at') || key.endsWith('_until')) &&
      (typeof field === 'number' || (typeof field === 'string' && EPOCH_MS.test(field)));
    out[key] = epoch ? new Date(Number(field)).toISOString() : asApiWrites(field);
  }
  return out;
}

/**
 * Human-readable lines, or with --json one JSON object on the last line (scripts read that line), times in
 * ISO 8601 as the API writes them. A list given here is printed as `{"data": [...]}`, as the API's lists are.
 */
export function emit(options: Output, human: string, json: object): void {
  const object = Array.isArray(json) ? { data: json } : json;
  process.stdout.write(options.json ? `${JSON.stringify(asApiWrites(object))}\n` : `${human}\n`);
}

/** A list: a table for people, `{"data": [...]}` with --json, the shape of the API's lists. */
export function emitList(options: Output, human: string, rows: readonly unknown[]): void {
  emit(options, human, { data: rows });
}

/**
 * Rows under a header, columns padded to their widest cell (the last column is not padded, so long names and
 * URLs do not drag trailing spaces). `empty` instead when there are no rows.
 */
export function table(header: readonly string[], rows: readonly (readonly string[])[], empty: string): string {
  if (rows.length === 0) return empty;
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** A stored time (epoch milliseconds) for a table cell; `-` when there is none. */
export function timeCell(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '-';
  return new Date(Number(value)).toISOString();
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
