/** `cqm conversations rerun`: score a stored conversation again, named as the API names it. */
import { type Command, Option } from 'commander';
import { ENVIRONMENTS, type Environment } from '../../domain/conversation.js';
import { rerunConversation } from '../../jobs/rerun.js';
import { createConversationRepo } from '../../storage/conversation-repo.js';
import { emit, type Output, resolveProject, type Settings, UsageError, withStore } from './shared.js';

interface ScopeOptions extends Output {
  project?: string;
  env: Environment;
}

export function registerConversationCommands(program: Command, settings: Settings): void {
  const conversations = program.command('conversations').description('act on stored conversations');

  conversations
    .command('rerun <conversation>')
    .description(
      'score a conversation again (for example one that failed); CONVERSATION is its external_id or its id, as in GET /v1/conversations/{id}',
    )
    .option('--project <id>', 'project (default: the only one)')
    .addOption(
      new Option('--env <environment>', 'environment of the conversation').choices(ENVIRONMENTS).default('test'),
    )
    .option('--json', 'print JSON')
    .action(async (reference: string, options: ScopeOptions) => {
      const queued = await withStore(settings(), async (store, tenancy) => {
        const scope = { projectId: await resolveProject(tenancy, options.project), environment: options.env };
        // The API's lookup: the service's id or the client's external_id, within the project and environment.
        const conversation = await createConversationRepo(store).find(scope, reference);
        if (!conversation) {
          const other = options.env === 'test' ? 'live' : 'test';
          throw new UsageError(
            `No conversation ${reference} in the ${options.env} environment of project ${scope.projectId} (for the ${other} environment, add --env ${other}).`,
          );
        }
        if (!(await rerunConversation(store, conversation.id))) throw new UsageError(`No conversation ${reference}.`);
        return conversation;
      });
      emit(options, `Conversation ${queued.external_id} (${queued.id}) is queued for scoring again.`, {
        id: queued.id,
        external_id: queued.external_id,
        environment: options.env,
        status: 'queued',
      });
    });
}
