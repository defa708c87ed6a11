/** `cqm agents list|move|archive|unarchive`: agents as a person manages them in the application. */
import os from 'node:os';
import { type Command, Option } from 'commander';
import { ENVIRONMENTS, type Environment } from '../../domain/conversation.js';
import { AgentChangeError, type AgentScope, createAgentsRepo } from '../../storage/agents-repo.js';
import { emit, emitList, type Output, resolveProject, type Settings, table, UsageError, withStore } from './shared.js';

interface ScopeOptions extends Output {
  project?: string;
  env: Environment;
}

/** Who placed the agent, as stored in agents.placed_by. */
function actor(): string {
  try {
    return `cli:${os.userInfo().username}`;
  } catch {
    return 'cli';
  }
}

async function withAgents<T>(
  settings: Settings,
  options: ScopeOptions,
  work: (repo: ReturnType<typeof createAgentsRepo>, scope: AgentScope) => Promise<T>,
): Promise<T> {
  return withStore(settings(), async (store, tenancy) => {
    const scope = { projectId: await resolveProject(tenancy, options.project), environment: options.env };
    try {
      return await work(createAgentsRepo(store), scope);
    } catch (error) {
      if (error instanceof AgentChangeError) throw new UsageError(error.message);
      throw error;
    }
  });
}

function scoped(command: Command): Command {
  return command
    .option('--project <id>', 'project (default: the only one)')
    .addOption(
      new Option('--env <environment>', 'environment whose agents to manage').choices(ENVIRONMENTS).default('test'),
    )
    .option('--json', 'print JSON');
}

export function registerAgentCommands(program: Command, settings: Settings): void {
  const agents = program.command('agents').description('list, place and archive agents (per project and environment)');

  scoped(agents.command('list').description('agents with their group and last health status'))
    .option('--group <id>', 'only agents in this group')
    .action(async (options: ScopeOptions & { group?: string }) => {
      const rows = await withAgents(settings, options, (repo, scope) =>
        repo.list(scope, options.group === undefined ? {} : { groupId: options.group }),
      );
      const human = table(
        ['ID', 'GROUP', 'HEALTH', 'STATE', 'NAME'],
        rows.map((a) => [a.id, a.group?.id ?? '-', a.health_status, a.archived_at ? 'archived' : 'active', a.name]),
        `No agents in the ${options.env} environment.`,
      );
      emitList(options, human, rows);
    });

  scoped(
    agents
      .command('move <agent>')
      .description('place an agent in a group, or in none; conversations no longer move it afterwards'),
  )
    .option('--group <id>', 'the group to place the agent in')
    .option('--no-group', 'take the agent out of any group')
    .option('--create-group [name]', 'create the group if it does not exist (named NAME, or after its id)')
    .action(
      async (agentId: string, options: ScopeOptions & { group?: string | false; createGroup?: string | true }) => {
        if (options.group === undefined) throw new UsageError('Say where: --group ID, or --no-group.');
        const groupId = options.group === false ? null : options.group;
        if (groupId === null && options.createGroup !== undefined) {
          throw new UsageError('--create-group goes with --group ID.');
        }
        const createGroup =
          groupId !== null && options.createGroup !== undefined
            ? { name: options.createGroup === true ? groupId : options.createGroup }
            : undefined;
        const moved = await withAgents(settings, options, (repo, scope) =>
          repo.place(scope, agentId, groupId, { actor: actor(), ...(createGroup ? { createGroup } : {}) }),
        );
        const where = moved.to_group === null ? 'no group' : `group ${moved.to_group}`;
        emit(
          options,
          `Placed agent ${agentId} in ${where} (${options.env} environment)${moved.created_group ? ', a new group' : ''}; conversations no longer move it.`,
          { ...moved, environment: options.env },
        );
      },
    );

  scoped(agents.command('archive <agent>').description('archive an agent: it no longer counts for its group')).action(
    async (agentId: string, options: ScopeOptions) => {
      const result = await withAgents(settings, options, (repo, scope) => repo.setArchived(scope, agentId, true));
      emit(
        options,
        result.changed
          ? `Archived agent ${agentId} (${options.env} environment).`
          : `Agent ${agentId} was already archived.`,
        { ...result, archived: true, environment: options.env },
      );
    },
  );

  scoped(agents.command('unarchive <agent>').description('bring an archived agent back')).action(
    async (agentId: string, options: ScopeOptions) => {
      const result = await withAgents(settings, options, (repo, scope) => repo.setArchived(scope, agentId, false));
      emit(
        options,
        result.changed
          ? `Agent ${agentId} is active again (${options.env} environment).`
          : `Agent ${agentId} was not archived.`,
        { ...result, archived: false, environment: options.env },
      );
    },
  );
}
