/** `cqm workspaces|projects|keys …` */
import { type Command, Option } from 'commander';
import { KEY_ROLES, type KeyRole } from '../../domain/api-keys.js';
import { ENVIRONMENTS, type Environment } from '../../domain/conversation.js';
import { emit, type Output, resolveProject, resolveWorkspace, type Settings, UsageError, withStore } from './shared.js';

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function registerTenancyCommands(program: Command, settings: Settings): void {
  const workspaces = program.command('workspaces').description('manage workspaces');
  workspaces
    .command('create')
    .requiredOption('--name <name>', 'workspace name')
    .requiredOption('--timezone <iana>', 'IANA time zone, e.g. Europe/Berlin; health days are counted in it')
    .option('--json', 'print JSON')
    .action(async (options: Output & { name: string; timezone: string }) => {
      if (!isTimeZone(options.timezone)) {
        throw new UsageError(`Unknown time zone ${options.timezone}; use an IANA name such as Europe/Berlin.`);
      }
      const workspace = await withStore(settings(), (_, t) => t.createWorkspace(options.name, options.timezone));
      emit(options, `Created workspace ${workspace.id} (${workspace.name}, ${workspace.timezone}).`, workspace);
    });
  workspaces
    .command('list')
    .option('--json', 'print JSON')
    .action(async (options: Output) => {
      const rows = await withStore(settings(), (_, t) => t.listWorkspaces());
      emit(options, rows.map((w) => `${w.id}  ${w.timezone}  ${w.name}`).join('\n') || 'No workspaces.', rows);
    });

  const projects = program.command('projects').description('manage projects');
  projects
    .command('create')
    .requiredOption('--name <name>', 'project name')
    .option('--workspace <id>', 'workspace (default: the only one, created if none)')
    .option('--json', 'print JSON')
    .action(async (options: Output & { name: string; workspace?: string }) => {
      const project = await withStore(settings(), async (_, t) =>
        t.createProject(await resolveWorkspace(t, options.workspace), options.name),
      );
      emit(options, `Created project ${project.id} (${project.name}).`, project);
    });
  projects
    .command('list')
    .option('--json', 'print JSON')
    .action(async (options: Output) => {
      const rows = await withStore(settings(), (_, t) => t.listProjects());
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
        key,
      );
    });
  keys
    .command('list')
    .option('--project <id>', 'only this project')
    .option('--json', 'print JSON')
    .action(async (options: Output & { project?: string }) => {
      const rows = await withStore(settings(), (_, t) => t.listKeys(options.project));
      const line = (k: (typeof rows)[number]) =>
        `${k.id}  ${k.environment}  ${k.role}  ${k.key_hint}  ${k.revoked_at ? 'revoked' : 'active'}  ${k.name}`;
      emit(options, rows.map(line).join('\n') || 'No keys.', rows);
    });
  keys
    .command('revoke <id>')
    .option('--json', 'print JSON')
    .action(async (id: string, options: Output) => {
      const revoked = await withStore(settings(), (_, t) => t.revokeKey(id));
      if (!revoked) throw new UsageError(`No active key ${id}.`);
      emit(options, `Revoked ${id}; it stops working at once.`, { id, revoked: true });
    });
}
