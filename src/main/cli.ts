/** `bin/cqm`: serve, work, migrate and manage tenancy and checks from the command line. */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { type Config, loadConfig } from '../config.js';
import { migrateToLatest } from '../storage/migrate.js';
import { openStore } from '../storage/open.js';
import { registerAgentCommands } from './commands/agents.js';
import { registerCheckCommands } from './commands/checks.js';
import { registerConversationCommands } from './commands/conversations.js';
import { registerJudgeCommands, registerLabelCommands } from './commands/judge.js';
import { emit, type Output, type Settings, UsageError } from './commands/shared.js';
import { registerTenancyCommands } from './commands/tenancy.js';
import { registerUserCommands } from './commands/users.js';
import { registerWebhookCommands } from './commands/webhooks.js';

export function buildCli(settings: Settings): Command {
  const program = new Command('cqm').description('Conversation Quality Monitor').showHelpAfterError();

  // Entry points that load the scoring model are imported when used, so other commands start quickly.
  program
    .command('serve')
    .description('run the API and a scoring worker in one process')
    .option('--no-worker', 'run the API alone (no background scoring in this process)')
    .action(async (options: { worker: boolean }) => (await import('./serve.js')).serve(settings(), options));

  program
    .command('migrate')
    .description('bring the database schema up to date')
    .option('--json', 'print JSON')
    .action(async (options: Output) => {
      const store = openStore(settings(), 'command');
      try {
        const applied = await migrateToLatest(store.db);
        emit(options, applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.', { applied });
      } finally {
        await store.close();
      }
    });

  program
    .command('worker')
    .description('run a scoring worker alone')
    .action(async () => (await import('./worker.js')).runWorker(settings()));

  registerTenancyCommands(program, settings);
  registerCheckCommands(program, settings);
  registerJudgeCommands(program, settings);
  registerLabelCommands(program, settings);
  registerConversationCommands(program, settings);
  registerAgentCommands(program, settings);
  registerWebhookCommands(program, settings);
  registerUserCommands(program, settings);
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

// Run only as the program (bin/cqm runs this file), so tests can import buildCli and read the command tree.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await runCli(process.argv);
