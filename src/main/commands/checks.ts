/** `cqm checks …`: the checks catalogue from the command line (re-scoring is in conversations.ts). */
import { type Command, Option } from 'commander';
import type { CheckEdit, NewCustomCheck } from '../../checks/catalogue.js';
import { CatalogueError } from '../../checks/catalogue.js';
import { CHECK_CATEGORIES, CHECK_STATUSES, type CustomRule, SEVERITIES } from '../../domain/checks.js';
import { addScopeOptions, cliActor, type ScopeFlags, scopeFromFlags } from './check-scope-options.js';
import { emit, emitList, type Output, resolveProject, type Settings, table, UsageError, withStore } from './shared.js';

function parseRule(text: string | undefined): CustomRule | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as CustomRule;
  } catch {
    throw new UsageError(
      '--rule must be JSON, e.g. \'{"type":"event","name":"book_appointment","mode":"must_succeed"}\'.',
    );
  }
}

/** Catalogue mistakes (a duplicate key, a bad rule) are the caller's to fix: report them as usage errors. */
async function catalogueAction<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CatalogueError) throw new UsageError(error.message);
    throw error;
  }
}

async function withCatalogue<T>(
  settings: Settings,
  projectOption: string | undefined,
  work: (catalogue: import('../../checks/catalogue.js').CheckCatalogue, projectId: string) => Promise<T>,
): Promise<T> {
  const { checkCatalogue } = await import('../background.js');
  return withStore(settings(), async (store, tenancy) => {
    const projectId = await resolveProject(tenancy, projectOption);
    return catalogueAction(() => work(checkCatalogue(store), projectId));
  });
}

export function registerCheckCommands(program: Command, settings: Settings): void {
  const checks = program.command('checks').description("manage a project's checks");
  const projectOption = () => new Option('--project <id>', 'project (default: the only one)');

  checks
    .command('list')
    .description('the checks of a project: built-in and custom, version, status, on or off')
    .addOption(projectOption())
    .option('--json', 'print JSON')
    .action(async (options: Output & { project?: string }) => {
      const entries = await withCatalogue(settings, options.project, (catalogue, projectId) =>
        catalogue.list(projectId),
      );
      const rows = entries.map(({ check, enabled }) => ({ ...check, enabled }));
      const human = table(
        ['KEY', 'VERSION', 'STATUS', 'ON', 'CATEGORY/SEVERITY', 'NAME'],
        rows.map((c) => [
          c.key,
          `v${c.version}`,
          c.status,
          c.enabled ? 'on' : 'off',
          `${c.category}/${c.severity}`,
          c.name,
        ]),
        'No checks.',
      );
      emitList(options, human, rows);
    });

  addScopeOptions(checks.command('create').description('create a custom check (a phrase or event rule)'))
    .addOption(projectOption())
    .requiredOption('--key <key>', 'stable key, e.g. recording_disclosure')
    .requiredOption('--name <name>', 'name shown to people')
    .requiredOption('--rule <json>', 'phrase or event rule as JSON (see README)')
    .option('--description <text>', 'what the check decides', '')
    .addOption(new Option('--category <category>').choices(CHECK_CATEGORIES).default('custom'))
    .addOption(new Option('--severity <severity>').choices(SEVERITIES).default('medium'))
    .addOption(new Option('--status <status>').choices(CHECK_STATUSES).default('draft'))
    .option('--json', 'print JSON')
    .action(
      async (
        options: Output & Omit<NewCustomCheck, 'rule' | 'scope'> & ScopeFlags & { project?: string; rule: string },
      ) => {
        const rule = parseRule(options.rule) as CustomRule;
        const {
          project,
          json,
          scope: _s,
          channels: _c,
          agents: _a,
          groups: _g,
          metadata: _m,
          everywhere: _e,
          ...fields
        } = options;
        const scope = scopeFromFlags(options);
        const check = await withCatalogue(settings, project, (catalogue, projectId) =>
          catalogue.create(projectId, { ...fields, rule, ...(scope ? { scope } : {}), actor: cliActor() }),
        );
        emit(options, `Created check ${check.key} v${check.version} (${check.status}).`, check);
      },
    );

  addScopeOptions(checks.command('update <key>').description('edit a check; an edit makes a new version'))
    .addOption(projectOption())
    .option('--name <name>')
    .option('--description <text>')
    .addOption(new Option('--category <category>').choices(CHECK_CATEGORIES))
    .addOption(new Option('--severity <severity>').choices(SEVERITIES))
    .addOption(new Option('--status <status>').choices(CHECK_STATUSES))
    .option('--rule <json>', 'a new rule (custom checks only)')
    .option('--json', 'print JSON')
    .action(
      async (
        key: string,
        options: Output & Omit<CheckEdit, 'rule' | 'scope'> & ScopeFlags & { project?: string; rule?: string },
      ) => {
        const {
          project,
          json,
          rule,
          scope: _s,
          channels: _c,
          agents: _a,
          groups: _g,
          metadata: _m,
          everywhere: _e,
          ...fields
        } = options;
        const scope = scopeFromFlags(options);
        const edit: CheckEdit & { actor: string } = {
          ...fields,
          ...(rule === undefined ? {} : { rule: parseRule(rule) }),
          ...(scope === undefined ? {} : { scope }),
          actor: cliActor(),
        };
        const check = await withCatalogue(settings, project, (catalogue, projectId) =>
          catalogue.update(projectId, key, edit),
        );
        emit(options, `Check ${check.key} is now v${check.version} (${check.status}).`, check);
      },
    );

  for (const [name, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    checks
      .command(`${name} <key>`)
      .description(enabled ? 'turn a check on' : 'turn a check off (a built-in turned off stays off)')
      .addOption(projectOption())
      .option('--json', 'print JSON')
      .action(async (key: string, options: Output & { project?: string }) => {
        await withCatalogue(settings, options.project, async (catalogue, projectId) => {
          await catalogue.get(projectId, key);
          await catalogue.setEnabled(projectId, key, enabled);
        });
        emit(options, `Check ${key} is ${enabled ? 'on' : 'off'}.`, { key, enabled });
      });
  }
}
