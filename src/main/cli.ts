/** `bin/cqm`: serve, migrate and manage tenancy from the command line. */
import { Command, Option } from 'commander';
import { type Config, loadConfig } from '../config.js';
import { KEY_ROLES, type KeyRole } from '../domain/api-keys.js';
import { ENVIRONMENTS, type Environment } from '../domain/conversation.js';
import { migrateToLatest } from '../storage/migrate.js';
import { openStore } from '../storage/open.js';
import type { Store } from '../storage/store.js';
import { createTenancyRepo, type TenancyRepo } from '../storage/tenancy-repo.js';
import { openMigratedStore } from './compose.js';
import { serve } from './serve.js';

class UsageError extends Error {}

interface Output {
  json: boolean;
}

/** Human-readable lines, or with --json one JSON object on the last line (scripts read that line). */
function emit(options: Output, human: string, json: unknown): void {
  process.stdout.write(options.json ? `${JSON.stringify(json)}\n` : `${human}\n`);
}

async function withTenancy<T>(config: Config, work: (tenancy: TenancyRepo, store: Store) => Promise<T>): Promise<T> {
  const store = await openMigratedStore(config, 'command');
  try {
    return await work(createTenancyRepo(store), store);
  } finally {
    await store.close();
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The project a command applies to: the one named, or the only one there is (creating the default on an empty store). */
async function resolveProject(tenancy: TenancyRepo, projectId: string | undefined): Promise<string> {
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
async function resolveWorkspace(tenancy: TenancyRepo, workspaceId: string | undefined): Promise<string> {
  if (workspaceId) {
    if (!(await tenancy.findWorkspace(workspaceId))) throw new UsageError(`No workspace ${workspaceId}.`);
    return workspaceId;
  }
  const all = await tenancy.listWorkspaces();
  if (all.length === 1 && all[0]) return all[0].id;
  if (all.length === 0) return (await tenancy.ensureDefaultProject()).workspace_id;
  throw new UsageError('There are several workspaces; name one with --workspace ID.');
}

export function buildCli(config: () => Config): Command {
  const program = new Command('cqm').description('Conversation Quality Monitor').showHelpAfterError();

  program
    .command('serve')
    .description('run the API in one process')
    .option('--no-worker', 'run the API alone (no background scoring in this process)')
    .action(async () => serve(config()));

  program
    .command('migrate')
    .description('bring the database schema up to date')
    .option('--json', 'print JSON')
    .action(async (options: Output) => {
      const store = openStore(config(), 'command');
      try {
        const applied = await migrateToLatest(store.db);
        emit(options, applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.', { applied });
      } finally {
        await store.close();
      }
    });

  const workspaces = program.command('workspaces').description('manage workspaces');
  workspaces
    .command('create')
    .requiredOption('--name <name>', 'workspace name')
    .requiredOption('--timezone <iana>', 'IANA time zone, e.g. Europe/Berlin; health days are counted in it')
    .option('--json', 'print JSON')
    .action(async (options: Output & { name: string; timezone: string }) => {
      if (!isTimeZone(options.timezone))
        throw new UsageError(`Unknown time zone ${options.timezone}; use an IANA name such as Europe/Berlin.`);
      const workspace = await withTenancy(config(), (t) => t.createWorkspace(options.name, options.timezone));
      emit(options, `Created workspace ${workspace.id} (${workspace.name}, ${workspace.timezone}).`, workspace);
    });
  workspaces
    .command('list')
    .option('--json', 'print JSON')
    .action(async (options: Output) => {
      const rows = await withTenancy(config(), (t) => t.listWorkspaces());
      emit(options, rows.map((w) => `${w.id}  ${w.timezone}  ${w.name}`).join('\n') || 'No workspaces.', rows);
    });

  const projects = program.command('projects').description('manage projects');
  projects
    .command('create')
    .requiredOption('--name <name>', 'project name')
    .option('--workspace <id>', 'workspace (default: the only one, created if none)')
    .option('--json', 'print JSON')
    .action(async (options: Output & { name: string; workspace?: string }) => {
      const project = await withTenancy(config(), async (t) => {
        return t.createProject(await resolveWorkspace(t, options.workspace), options.name);
      });
      emit(options, `Created project ${project.id} (${project.name}).`, project);
    });
  projects
    .command('list')
    .option('--json', 'print JSON')
    .action(async (options: Output) => {
      const rows = await withTenancy(config(), (t) => t.listProjects());
      emit(options, rows.map((p) => `${p.id}  ${p.workspace_id}  ${p.name}`).join('\n') || 'No projects.', rows);
    });

  const keys = program.command('keys').description('manage API keys');
  keys
    .command('create')
    .addOption(new Option('--env <environment>', 'test or live').choices(ENVIRONMENTS).makeOptionMandatory())
    .option('--project <id>', 'project (default: the only one)')
    .addOption(new Option('--role <role>', 'what the key may do').choices(KEY_ROLES).default('full'))
    .option('--name <name>', 'a name to recognise the key by')
    .option('--json', 'print JSON')
    .action(async (options: Output & { env: Environment; project?: string; role: KeyRole; name?: string }) => {
      const key = await withTenancy(config(), async (t) => {
        const projectId = await resolveProject(t, options.project);
        return t.createKey({
          projectId,
          environment: options.env,
          role: options.role,
          name: options.name ?? `${options.env} key`,
        });
      });
      emit(
        options,
        `Created ${key.environment} key ${key.id} (${key.role}) for project ${key.project_id}.\nIt is shown only once:\n\n    ${key.key}\n`,
        key,
      );
    });
  keys
    .command('list')
    .option('--project <id>', 'only this project')
    .option('--json', 'print JSON')
    .action(async (options: Output & { project?: string }) => {
      const rows = await withTenancy(config(), (t) => t.listKeys(options.project));
      const line = (k: (typeof rows)[number]) =>
        `${k.id}  ${k.environment}  ${k.role}  ${k.key_hint}  ${k.revoked_at ? 'revoked' : 'active'}  ${k.name}`;
      emit(options, rows.map(line).join('\n') || 'No keys.', rows);
    });
  keys
    .command('revoke <id>')
    .option('--json', 'print JSON')
    .action(async (id: string, options: Output) => {
      const revoked = await withTenancy(config(), (t) => t.revokeKey(id));
      if (!revoked) throw new UsageError(`No active key ${id}.`);
      emit(options, `Revoked ${id}; it stops working at once.`, { id, revoked: true });
    });

  return program;
}

export async function runCli(argv: string[]): Promise<void> {
  let config: Config | undefined;
  const program = buildCli(() => {
    config ??= loadConfig();
    return config;
  });
  try {
    await program.parseAsync(argv);
  } catch (error) {
    process.stderr.write(`cqm: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  }
}

await runCli(process.argv);
