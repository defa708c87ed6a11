/**
 * `cqm judge set|show|test` (a project's judge connection and cost controls), `cqm checks agreement|history`
 * (agreement with people's labels, status changes) and `cqm labels list`. The API key is sealed before it is
 * stored and never printed again: `show` says only whether one is set.
 */
import type { Command } from 'commander';
import { Option } from 'commander';
import { checkAgreement } from '../../checks/agreement.js';
import { statusHistory } from '../../checks/promotion-gate.js';
import { ENVIRONMENTS, type Environment } from '../../domain/conversation.js';
import { seal } from '../../domain/secret-box.js';
import { keyContext, resolveJudge } from '../../judge/connection.js';
import { testConnection } from '../../judge/detect-form.js';
import { loadSecretKey } from '../../judge/secret-key.js';
import {
  createJudgeSettingsRepo,
  type JudgeSettingsPatch,
  type ProjectJudgeSettings,
} from '../../storage/judge-settings-repo.js';
import { createJudgeUsageRepo } from '../../storage/judge-usage-repo.js';
import { createLabelsRepo } from '../../storage/labels-repo.js';
import { emit, emitList, type Output, resolveProject, type Settings, table, UsageError, withStore } from './shared.js';

interface SetOptions extends Output {
  project?: string;
  baseUrl?: string;
  model?: string;
  apiKey?: string;
  clearKey?: boolean;
  instance?: boolean;
  reviewChecks?: string;
  sampleRate?: string;
  dailyCap?: string;
  concurrency?: string;
  scoreBand?: string;
  timeoutMs?: string;
}

function number(text: string | undefined, name: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new UsageError(`${name} must be a number from ${min} to ${max}.`);
  return value;
}

function integer(text: string | undefined, name: string, min: number, max: number): number | undefined {
  const value = number(text, name, min, max);
  if (value !== undefined && !Number.isInteger(value)) throw new UsageError(`${name} must be a whole number.`);
  return value;
}

function url(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = new URL(text);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('scheme');
    return text.replace(/\/+$/, '');
  } catch {
    throw new UsageError('--base-url must be an http(s) URL, e.g. http://127.0.0.1:11434/v1');
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').trim();
}

/** What `show` prints: never the key, only whether one is set. */
function shown(
  settings: ProjectJudgeSettings,
  resolved: ReturnType<typeof resolveJudge>,
  usage: { calls: number; cappedAt: number | null },
) {
  const c = settings.controls;
  return {
    project_id: settings.projectId,
    source: resolved.available ? resolved.source : 'none',
    available: resolved.available,
    unavailable_reason: resolved.available ? null : resolved.reason,
    base_url: resolved.available ? resolved.connection.baseUrl : settings.baseUrl,
    model: resolved.available ? resolved.connection.model : settings.model,
    api_key_set: resolved.available ? resolved.connection.apiKey !== null : settings.apiKeySealed !== null,
    structured_output: resolved.available ? resolved.form : null,
    tested_at: settings.testedAt === null ? null : new Date(settings.testedAt).toISOString(),
    review_checks: c.reviewChecks ?? 'all',
    sample_rate: c.sampleRate,
    daily_cap: c.dailyCap,
    concurrency: c.concurrency,
    score_band: c.scoreBand,
    timeout_ms: c.timeoutMs,
    calls_today: usage.calls,
    capped_today: usage.cappedAt !== null,
  };
}

export function registerJudgeCommands(program: Command, settings: Settings): void {
  const judge = program.command('judge').description("a project's LLM judge: connection and cost controls");
  const projectOption = () => new Option('--project <id>', 'project (default: the only one)');

  judge
    .command('set')
    .description('connect a judge (any OpenAI-compatible Chat Completions endpoint) and set its cost controls')
    .addOption(projectOption())
    .option('--base-url <url>', 'e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama)')
    .option('--model <name>', 'e.g. gpt-4o-mini or llama3.1:8b')
    .option('--api-key <key>', 'the API key ("-" reads it from standard input); sealed at rest, never shown again')
    .option('--clear-key', 'forget the stored API key')
    .option('--instance', "use the instance's judge (CQM_JUDGE_*) instead of the project's own connection")
    .option(
      '--review-checks <keys>',
      'built-in checks whose unclear results go to second review: comma-separated, or "all"',
    )
    .option('--sample-rate <0..1>', 'share of eligible built-in results sent to second review')
    .option('--daily-cap <n|none>', 'judge calls per UTC day, or "none"')
    .option('--concurrency <n>', 'judge calls at once (per worker process)')
    .option('--score-band <low,high|none>', 'also review built-in results whose score is in this band')
    .option('--timeout-ms <ms>', 'how long one judge call may take')
    .option('--json', 'print JSON')
    .action(async (options: SetOptions) => {
      const config = settings();
      const patch: JudgeSettingsPatch = { controls: {} };
      const controls = patch.controls as NonNullable<JudgeSettingsPatch['controls']>;
      if (options.instance) {
        patch.baseUrl = null;
        patch.model = null;
        patch.apiKeySealed = null;
      }
      const baseUrl = url(options.baseUrl);
      if (baseUrl !== undefined) patch.baseUrl = baseUrl;
      if (options.model !== undefined) {
        if (options.model.trim().length === 0 || options.model.length > 200)
          throw new UsageError('--model must be 1 to 200 characters.');
        patch.model = options.model.trim();
      }
      if (options.reviewChecks !== undefined)
        controls.reviewChecks =
          options.reviewChecks === 'all'
            ? null
            : options.reviewChecks
                .split(',')
                .map((key) => key.trim())
                .filter(Boolean);
      const sampleRate = number(options.sampleRate, '--sample-rate', 0, 1);
      if (sampleRate !== undefined) controls.sampleRate = sampleRate;
      if (options.dailyCap !== undefined)
        controls.dailyCap =
          options.dailyCap === 'none' ? null : (integer(options.dailyCap, '--daily-cap', 0, 10_000_000) as number);
      const concurrency = integer(options.concurrency, '--concurrency', 1, 256);
      if (concurrency !== undefined) controls.concurrency = concurrency;
      const timeoutMs = integer(options.timeoutMs, '--timeout-ms', 500, 40_000);
      if (timeoutMs !== undefined) controls.timeoutMs = timeoutMs;
      if (options.scoreBand !== undefined) {
        if (options.scoreBand === 'none') controls.scoreBand = null;
        else {
          const [low, high] = options.scoreBand.split(',').map((part) => number(part, '--score-band', 0, 1));
          if (low === undefined || high === undefined || low > high)
            throw new UsageError('--score-band is "low,high" with 0 <= low <= high <= 1, or "none".');
          controls.scoreBand = { low, high };
        }
      }
      const key = options.apiKey === '-' ? await readStdin() : options.apiKey;
      const result = await withStore(config, async (store, tenancy) => {
        const projectId = await resolveProject(tenancy, options.project);
        if (options.clearKey) patch.apiKeySealed = null;
        if (key !== undefined) {
          if (key.length === 0 || key.length > 1_000) throw new UsageError('--api-key must be 1 to 1000 characters.');
          const secret = loadSecretKey(config);
          if (!secret.key) throw new UsageError(secret.problem);
          patch.apiKeySealed = seal(secret.key, key, keyContext(projectId));
        }
        const repo = createJudgeSettingsRepo(store);
        const current = await repo.get(projectId);
        const nextUrl = patch.baseUrl === undefined ? current.baseUrl : patch.baseUrl;
        const nextModel = patch.model === undefined ? current.model : patch.model;
        if ((nextUrl === null) !== (nextModel === null))
          throw new UsageError("A project's own judge needs both --base-url and --model.");
        const saved = await repo.update(projectId, patch);
        const secret = saved.apiKeySealed ? loadSecretKey(config) : { key: null };
        const usage = await createJudgeUsageRepo(store).today(projectId);
        return shown(saved, resolveJudge(saved, config.judge, secret.key), usage);
      });
      emit(
        options,
        `Judge settings saved for ${result.project_id}: ${result.available ? `${result.model} at ${result.base_url}` : result.unavailable_reason}`,
        result,
      );
    });

  judge
    .command('show')
    .description("the project's judge connection and cost controls (never its API key)")
    .addOption(projectOption())
    .option('--json', 'print JSON')
    .action(async (options: Output & { project?: string }) => {
      const config = settings();
      const result = await withStore(config, async (store, tenancy) => {
        const projectId = await resolveProject(tenancy, options.project);
        const saved = await createJudgeSettingsRepo(store).get(projectId);
        const secret = saved.apiKeySealed ? loadSecretKey(config) : { key: null };
        const usage = await createJudgeUsageRepo(store).today(projectId);
        return shown(saved, resolveJudge(saved, config.judge, secret.key), usage);
      });
      const lines = Object.entries(result).map(([name, value]) => `${name.padEnd(20)} ${JSON.stringify(value)}`);
      emit(options, lines.join('\n'), result);
    });

  judge
    .command('test')
    .description('call the judge and find which structured-output form it answers in (remembered for scoring)')
    .addOption(projectOption())
    .option('--json', 'print JSON')
    .action(async (options: Output & { project?: string }) => {
      const config = settings();
      const result = await withStore(config, async (store, tenancy) => {
        const projectId = await resolveProject(tenancy, options.project);
        const repo = createJudgeSettingsRepo(store);
        const saved = await repo.get(projectId);
        const secret = saved.apiKeySealed ? loadSecretKey(config) : { key: null };
        const resolved = resolveJudge(saved, config.judge, secret.key);
        if (!resolved.available) throw new UsageError(resolved.reason);
        return testConnection(resolved, saved.controls.timeoutMs, (form, fingerprint) =>
          repo.rememberForm(projectId, form, fingerprint),
        );
      });
      emit(
        options,
        result.ok
          ? `The judge answers (${result.model}); structured output: ${result.structured_output}. Remembered.`
          : `The judge could not be used: ${result.problem}.`,
        result,
      );
      if (!result.ok) process.exitCode = 1;
    });
}

function environmentsOf(env: string | undefined): Environment[] {
  if (env === undefined || env === 'all') return [...ENVIRONMENTS];
  if (!(ENVIRONMENTS as readonly string[]).includes(env)) throw new UsageError('--env is test, live or all.');
  return [env as Environment];
}

function instant(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Date.parse(text);
  if (Number.isNaN(value)) throw new UsageError(`${name} must be a date or date-time, e.g. 2026-11-01.`);
  return value;
}

/** `checks agreement KEY` and `checks history KEY`, added to the `checks` command. */
export function registerAgreementCommands(checks: Command, settings: Settings): void {
  checks
    .command('agreement <key>')
    .description("how the check's results agree with people's labels (accuracy, Cohen's kappa, confusion matrix)")
    .option('--project <id>', 'project (default: the only one)')
    .option('--env <env>', 'test, live or all (default: all)')
    .option('--since <date>', 'labels given from this instant')
    .option('--until <date>', 'labels given before this instant')
    .option('--json', 'print JSON')
    .action(
      async (key: string, options: Output & { project?: string; env?: string; since?: string; until?: string }) => {
        const environments = environmentsOf(options.env);
        const since = instant(options.since, '--since');
        const until = instant(options.until, '--until');
        const { checkCatalogue } = await import('../background.js');
        const result = await withStore(settings(), async (store, tenancy) => {
          const projectId = await resolveProject(tenancy, options.project);
          const entry = await checkCatalogue(store)
            .get(projectId, key)
            .catch((error: Error) => {
              throw new UsageError(error.message);
            });
          return checkAgreement(createLabelsRepo(store), projectId, entry.check, { environments, since, until });
        });
        const figures = (name: string, report: typeof result.current_version) =>
          `${name}: ${report.labelled} labelled, accuracy ${report.accuracy ?? '-'}, kappa ${report.kappa ?? '-'}` +
          Object.entries(report.by_decided_by)
            .map(
              ([by, split]) =>
                `\n  by ${by}: ${split.labelled} labelled, accuracy ${split.accuracy ?? '-'}, kappa ${split.kappa ?? '-'}`,
            )
            .join('');
        const matrix = result.current_version.confusion;
        const human = [
          `${result.check_key} v${result.check_version}`,
          figures('current version', result.current_version),
          figures('all versions', result.all_versions),
          `confusion (rows: people, columns: the check): ${matrix.values.join(' ')}`,
          ...matrix.matrix.map((row, i) => `  ${(matrix.values[i] ?? '').padEnd(16)} ${row.join(' ')}`),
          result.meets_bar ? 'Meets the bar to alert.' : `Short of the bar: ${result.short_of_bar}.`,
        ].join('\n');
        emit(options, human, result);
      },
    );

  checks
    .command('history <key>')
    .description("the check's status changes, with the agreement or override each was made on")
    .option('--project <id>', 'project (default: the only one)')
    .option('--json', 'print JSON')
    .action(async (key: string, options: Output & { project?: string }) => {
      const history = await withStore(settings(), async (store, tenancy) => {
        const projectId = await resolveProject(tenancy, options.project);
        return statusHistory(store.db, projectId, key);
      });
      const line = (h: (typeof history)[number]) =>
        `${h.created_at}  v${h.version}  ${h.from} -> ${h.to}${h.override_reason ? `  override: ${h.override_reason}` : ''}`;
      emit(options, history.map(line).join('\n') || 'No status changes.', history);
    });
}

export function registerLabelCommands(program: Command, settings: Settings): void {
  program
    .command('labels')
    .description("people's labels on results")
    .command('list')
    .description('labels given by the API and in the application, newest first')
    .option('--project <id>', 'project (default: the only one)')
    .addOption(new Option('--env <env>').choices(ENVIRONMENTS).default('live'))
    .option('--conversation <id>', "one conversation's labels")
    .option('--check <key>', "one check's labels")
    .option('--limit <n>', 'at most this many, newest first', '50')
    .option('--json', 'print JSON')
    .action(
      async (
        options: Output & { project?: string; env: Environment; conversation?: string; check?: string; limit: string },
      ) => {
        const limit = integer(options.limit, '--limit', 1, 1000) as number;
        const labels = await withStore(settings(), async (store, tenancy) => {
          const projectId = await resolveProject(tenancy, options.project);
          const rows = await createLabelsRepo(store).list(
            { projectId, environment: options.env },
            {
              limit,
              ...(options.conversation ? { conversationId: options.conversation } : {}),
              ...(options.check ? { checkKey: options.check } : {}),
            },
          );
          return rows.slice(0, limit).map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
        });
        const human = table(
          ['GIVEN', 'CONVERSATION', 'CHECK', 'LABEL', 'SOURCE', 'NOTE'],
          labels.map((l) => [
            l.created_at,
            l.conversation_id,
            l.check_key,
            l.choice ?? l.verdict ?? '-',
            l.source,
            l.note ?? '',
          ]),
          'No labels.',
        );
        emitList(options, human, labels);
      },
    );
}
