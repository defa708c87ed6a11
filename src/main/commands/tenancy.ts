/** `cqm workspaces|projects|keys …` */
import { type Command, Option } from 'commander';
import { KEY_ROLES, type KeyRole } from '../../domain/api-keys.js';
import { ENVIRONMENTS, type Environment } from '../../domain/conversation.js';
import { isTimeZone } from '../../domain/health/days.js';
import {
  emit,
  emitList,
  type Output,
  resolveProject,
  resolveWorkspace,
  type Settings,
  table,
  timeCell,
  UsageError,
  withStore,
} from './shared.js';

function assertTimeZone(zone: string): void {
  if (!isTimeZone(zone)) throw new UsageError(`Unknown time zone ${zone}; use an IANA name such as Europe/Berlin.`);
}

export function registerTenancyCommands(program: Command, settings: Settings): void {
  const workspaces = program.command('workspaces').description('manage workspaces');
  workspaces
    .command('create')
    .description('create a workspace')
    .requiredOption('--name <name>', 'workspace name')
    .requiredOption('--timezone <iana>', 'IANA time zone, e.g. Europe/Berlin; health days are counted in it')
    .option('--json', 'print JSON')
    .action(async (options: Output & { name: string; timezone: string }) => {
      assertTimeZone(options.timezone);
      const workspace = await withStore(settings(), (_, t) => t.createWorkspace(options.name, options.timezone));
      emit(options, `Created workspace ${workspace.id} (${workspace.name}, ${workspace.timezone}).`, { ...workspace });
    });
  workspaces
    .command('update [id]')
    .description('rename a workspace or change its time zone (health is recounted in the new zone)')
    .option('--name <name>', 'new name')
    .option('--timezone <iana>', 'new IANA time zone, e.g. America/New_York')
    .option('--json', 'print JSON')
    .action(async (id: string | undefined, options: Output & { name?: string; timezone?: string }) => {
      if (options.name === undefined && options.timezone === undefined) {
        throw new UsageError('Say what to change: --name NAME and/or --timezone IANA.');
      }
      if (options.timezone !== undefined) assertTimeZone(options.timezone);
      const workspace = await withStore(settings(), async (_, t) => {
        const workspaceId = await resolveWorkspace(t, id);
        return t.updateWorkspace(workspaceId, {
          ...(options.name === undefined ? {} : { name: options.name }),
          ...(options.timezone === undefined ? {} : { timezone: options.timezone }),
        });
      });
      if (!workspace) throw new UsageError(`No workspace ${id}.`);
      emit(options, `Workspace ${workspace.id} is now ${workspace.name}, ${workspace.timezone}.`, { ...workspace });
    });
  workspaces
    .command('list')
    .description('list workspaces')
    .option('--json', 'print JSON')
    .action(async (options: Output) => {
      const rows = await withStore(settings(), (_, t) => t.listWorkspaces());
      const human = table(
        ['ID', 'TIME ZONE', 'CREATED', 'NAME'],
        rows.map((w) => [w.id, w.timezone, timeCell(w.created_at), w.name]),
        'No workspaces.',
      );
      emitList(options, human, rows);
    });

  const projects = program.command('projects').description('manage projects');
  projects
    .command('create')
    .description('create a project in a workspace')
    .requiredOption('--name <name>', 'project name')
    .option('--workspace <id>', 'workspace (default: the only one, created if none)')
    .option('--json', 'print JSON')
    .action(async (options: Output & { name: string; workspace?: string }) => {
      const project = await withStore(settings(), async (_, t) =>
        t.createProject(await resolveWorkspace(t, options.workspace), options.name),
      );
      emit(options, `Created project ${project.id} (${project.name}).`, { ...project });
    });
  projects
    .command('list')
    .description('list projects')
    .option('--json', 'print JSON')
    .action(async (options: Output) => {
      const rows = await withStore(settings(), (_, t) => t.listProjects());
      const human = table(
        ['ID', 'WORKSPACE', 'CREATED', 'NAME'],
        rows.map((p) => [p.id, p.workspace_id, timeCell(p.created_at), p.name]),
        'No projects.',
      );
      emitList(options, human, rows);
    });

  const keys = program.command('keys').description('manage API keys');
  keys
    .command('create')
    .description('create an API key; prints it once')
    .addOption(new Option('--env <environment>', 'test or live').choices(ENVIRONMENTS).makeOptionMandatory())
    .option('--project <id>', 'project (default: the only one)')
    .addOption(new Option('--role <role>', 'what the key may do').choices(KEY_ROLES).default('full'))
    .option('--name <name>', 'a name to recognise the key by')
    .option('--json', 'print JSON')
    .action(async (options: Output & { env: Environment; project?: string; role: KeyRole; name?: string }) => {
      const key = await withStore(settings(), async (_, t) => {
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
        { ...key },
      );
    });
  keys
    .command('list')
    .description('list API keys (never the keys themselves: a hint of each)')
    .option('--project <id>', 'only this project')
    .option('--json', 'print JSON')
    .action(async (options: Output & { project?: string }) => {
      const rows = await withStore(settings(), (_, t) => t.listKeys(options.project));
      const human = table(
        ['ID', 'ENV', 'ROLE', 'HINT', 'STATE', 'CREATED', 'NAME'],
        rows.map((k) => [
          k.id,
          k.environment,
          k.role,
          k.key_hint,
          k.revoked_at ? 'revoked' : 'active',
          timeCell(k.created_at),
          k.name,
        ]),
        'No keys.',
      );
      emitList(options, human, rows);
    });
  keys
    .command('revoke <id>')
    .description('revoke an API key; it stops working at once')
    .option('--json', 'print JSON')
    .action(async (id: string, options: Output) => {
      const revoked = await withStore(settings(), (_, t) => t.revokeKey(id));
      if (!revoked) throw new UsageError(`No active key ${id}.`);
      emit(options, `Revoked ${id}; it stops working at once.`, { id, revoked: true });
    });
}
