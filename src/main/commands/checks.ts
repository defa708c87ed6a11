/** `cqm checks …`: the checks catalogue from the command line (re-scoring is in conversations.ts). */
import { type Command, Option } from 'commander';
import type { CheckEdit, NewCustomCheck } from '../../checks/catalogue.js';
import { CatalogueError } from '../../checks/catalogue.js';
import { CHECK_CATEGORIES, CHECK_STATUSES, type CustomRule, SEVERITIES } from '../../domain/checks.js';
import { JUDGE_ANSWER_KINDS, type JudgeAnswerKind, type JudgeDefinition } from '../../domain/judge.js';
import { addScopeOptions, cliActor, type ScopeFlags, scopeFromFlags, scopeSummary } from './check-scope-options.js';
import { registerAgreementCommands } from './judge.js';
import { emit, emitList, type Output, resolveProject, type Settings, table, UsageError, withStore } from './shared.js';

interface JudgeFlags {
  judge?: string;
  answer?: JudgeAnswerKind;
  choices?: string;
}

function judgeFromFlags(flags: JudgeFlags): JudgeDefinition | undefined {
  if (flags.judge === undefined) {
    if (flags.choices !== undefined) throw new UsageError('--choices goes with --judge and --answer choice.');
    return undefined;
  }
  const answer = flags.answer ?? 'pass_fail';
  const choices = flags.choices
    ?.split(',')
    .map((choice) => choice.trim())
    .filter(Boolean);
  return { question: flags.judge, answer, ...(choices ? { choices } : {}) };
}

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
        ['KEY', 'VERSION', 'STATUS', 'ON', 'CATEGORY/SEVERITY', 'APPLIES TO', 'NAME'],
        rows.map((c) => [
          c.key,
          `v${c.version}`,
          c.status,
          c.enabled ? 'on' : 'off',
          `${c.category}/${c.severity}`,
          scopeSummary(c.scope),
          c.name,
        ]),
        'No checks.',
      );
      emitList(options, human, rows);
    });

  addScopeOptions(
    checks.command('create').description('create a custom check: a phrase or event rule, or a plain-language question'),
  )
    .addOption(projectOption())
    .requiredOption('--key <key>', 'stable key, e.g. recording_disclosure')
    .requiredOption('--name <name>', 'name shown to people')
    .option('--rule <json>', 'phrase or event rule as JSON (see README)')
    .option('--judge <question>', 'a question in plain language, decided by the LLM judge (instead of --rule)')
    .addOption(
      new Option('--answer <kind>', 'how the judge answers --judge').choices(JUDGE_ANSWER_KINDS).default('pass_fail'),
    )
    .option('--choices <list>', 'the named options of --answer choice, comma-separated')
    .option('--override-reason <text>', 'why a plain-language check may be created active without agreement')
    .option('--description <text>', 'what the check decides', '')
    .addOption(new Option('--category <category>').choices(CHECK_CATEGORIES).default('custom'))
    .addOption(new Option('--severity <severity>').choices(SEVERITIES).default('medium'))
    .addOption(new Option('--status <status>').choices(CHECK_STATUSES).default('draft'))
    .option('--json', 'print JSON')
    .action(
      async (
        options: Output &
          Omit<NewCustomCheck, 'rule' | 'scope' | 'judge'> &
          ScopeFlags & { project?: string; rule?: string } & JudgeFlags,
      ) => {
        const rule = parseRule(options.rule);
        const judge = judgeFromFlags(options);
        const {
          project,
          json,
          rule: _r,
          judge: _j,
          answer: _an,
          choices: _ch,
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
          catalogue.create(projectId, {
            ...fields,
            ...(rule ? { rule } : {}),
            ...(judge ? { judge } : {}),
            ...(scope ? { scope } : {}),
            actor: cliActor(),
          }),
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
    .option(
      '--override-reason <text>',
      "why to promote to active although agreement with people's labels is short of the bar",
    )
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

  registerAgreementCommands(checks, settings);

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
