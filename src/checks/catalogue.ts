/**
 * The checks catalogue of a project: the built-in checks (defined in code, switched on and off per
 * project) and the project's own checks, each edit a new immutable version. The CLI and, later, the
 * application's Checks page both sit on this service.
 */
import type { Kysely } from 'kysely';
import {
  type CheckCategory,
  type CheckDefinition,
  type CheckKind,
  type CheckScope,
  type CheckStatus,
  type CustomRule,
  normaliseScope,
  type Severity,
  validateScope,
} from '../domain/checks.js';
import type { Environment, ScorableConversation } from '../domain/conversation.js';
import { isBookingToolCall } from '../domain/conversation.js';
import { type JudgeDefinition, validateJudgeDefinition } from '../domain/judge.js';
import type { ChecksTable, CheckVersionsTable, Database } from '../storage/schema.js';
import type { Store } from '../storage/store.js';

export const BOOKING_CHECK_KEYS = new Set(['booking_confirmation_accurate', 'booking_failure_disclosed']);
export const CHECK_KEY_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;
export const SCORING_VIEW_TTL_MS = 1_000;

export interface CatalogueEntry {
  check: CheckDefinition;
  enabled: boolean;
}

export interface NewCustomCheck {
  key: string;
  name: string;
  description: string;
  category: CheckCategory;
  severity: Severity;
  status: CheckStatus;
  /** A rule check has a rule; a plain-language check (decided by the LLM judge) has `judge` instead. */
  rule?: CustomRule;
  judge?: JudgeDefinition;
  scope?: CheckScope | null;
  /** Needed to create a check as `active` when the status-change hook asks for one (see StatusChange). */
  overrideReason?: string;
}

/** Who made a change, kept with the version it wrote ("app:<user id>", "cli:<login>"). */
export interface ChangeActor {
  actor?: string;
}

export interface CheckEdit {
  name?: string;
  description?: string;
  category?: CheckCategory;
  severity?: Severity;
  status?: CheckStatus;
  rule?: CustomRule;
  /** A new question or answer kind (plain-language checks only). */
  judge?: JudgeDefinition;
  /** A new scope; null (or an empty one) makes the check apply to every conversation again. */
  scope?: CheckScope | null;
  /** An owner's written reason to promote a check whose agreement with people's labels is below the bar. */
  overrideReason?: string;
}

/** A change of a check's status (from null: created), which the status-change hook may refuse or record. */
export interface StatusChange {
  projectId: string;
  check: CheckDefinition;
  from: CheckStatus | null;
  to: CheckStatus;
  overrideReason: string | undefined;
}

/** One stored version of a check, for its history. */
export interface CheckVersionRecord {
  version: number;
  definition: CheckDefinition;
  created_by: string | null;
  created_at: number;
}

export class CatalogueError extends Error {}

/** A plain-language check's kind and options follow its answer kind. */
function judgeFields(judge: JudgeDefinition): Pick<CheckDefinition, 'judge' | 'kind' | 'options'> {
  const question = { ...judge, question: judge.question.trim() };
  if (judge.answer === 'choice') return { judge: question, kind: 'multiple_choice', options: judge.choices ?? [] };
  return { judge: question, kind: judge.answer === 'score' ? 'score' : 'pass_fail' };
}

/** Which traffic a check scores: drafts only practice (test) calls; shadow and active checks everything. */
export function scoresEnvironment(status: CheckStatus, environment: Environment): boolean {
  return status !== 'draft' || environment === 'test';
}

export function createCheckCatalogue(deps: {
  store: Store;
  builtins: readonly CheckDefinition[];
  /** Returns an error message for a rule that cannot run, null for a good one. */
  validateRule: (rule: CustomRule) => string | null;
  clock?: () => number;
  /**
   * Called in the transaction of every status change (and of every creation): may refuse it with a
   * CatalogueError (promotion to active needs agreement with people's labels) and records it in the history.
   */
  onStatusChange?: (tx: Kysely<Database>, change: StatusChange) => Promise<void>;
}) {
  const { store, builtins } = deps;
  const clock = deps.clock ?? Date.now;
  const builtinByKey = new Map(builtins.map((check) => [check.key, check]));

  /**
   * What scoring reads of a project's catalogue, kept for a moment: every conversation needs it, and it
   * changes rarely. Edits through this catalogue take effect at once; edits from another process (the CLI)
   * within SCORING_VIEW_TTL_MS.
   */
  const scoringViews = new Map<string, { entries: CatalogueEntry[]; bookingOn: boolean; expiresAt: number }>();
  async function scoringView(projectId: string) {
    const cached = scoringViews.get(projectId);
    if (cached && cached.expiresAt > performance.now()) return cached;
    const [project, entries] = await Promise.all([
      store.db.selectFrom('projects').select('booking_checks_on_at').where('id', '=', projectId).executeTakeFirst(),
      load(store.db, projectId),
    ]);
    const view = {
      entries,
      bookingOn: project?.booking_checks_on_at != null,
      expiresAt: performance.now() + SCORING_VIEW_TTL_MS,
    };
    scoringViews.set(projectId, view);
    return view;
  }

  function definitionOf(row: ChecksTable, version: CheckVersionsTable | undefined): CheckDefinition {
    const builtin = builtinByKey.get(row.key);
    const base: CheckDefinition = builtin ?? {
      key: row.key,
      name: row.key,
      description: '',
      kind: 'pass_fail',
      category: 'custom',
      severity: 'medium',
      status: 'active',
      version: 1,
      builtin: false,
    };
    if (!version) return { ...base, status: row.status as CheckStatus };
    const scope = version.scope ? normaliseScope(JSON.parse(version.scope) as CheckScope) : undefined;
    return {
      ...base,
      name: version.name,
      description: version.description,
      kind: version.kind as CheckKind,
      category: version.category as CheckCategory,
      severity: version.severity as Severity,
      ...(version.options ? { options: JSON.parse(version.options) as string[] } : {}),
      ...(version.rule ? { rule: JSON.parse(version.rule) as CustomRule } : {}),
      ...(version.judge ? { judge: JSON.parse(version.judge) as JudgeDefinition } : {}),
      ...(scope ? { scope } : { scope: undefined }),
      status: row.status as CheckStatus,
      version: version.version,
    };
  }

  async function load(ex: Kysely<Database>, projectId: string): Promise<CatalogueEntry[]> {
    const [rows, versions] = await Promise.all([
      ex.selectFrom('checks').selectAll().where('project_id', '=', projectId).execute(),
      ex
        .selectFrom('check_versions')
        .innerJoin('checks', (join) =>
          join
            .onRef('checks.project_id', '=', 'check_versions.project_id')
            .onRef('checks.key', '=', 'check_versions.key')
            .onRef('checks.current_version', '=', 'check_versions.version'),
        )
        .selectAll('check_versions')
        .where('check_versions.project_id', '=', projectId)
        .execute(),
    ]);
    const rowByKey = new Map(rows.map((row) => [row.key, row]));
    const versionByKey = new Map(versions.map((version) => [version.key, version]));
    const entries: CatalogueEntry[] = builtins.map((check) => {
      const row = rowByKey.get(check.key);
      return row
        ? { check: definitionOf(row, versionByKey.get(check.key)), enabled: row.enabled === 1 }
        : { check, enabled: true };
    });
    for (const row of rows) {
      if (!builtinByKey.has(row.key))
        entries.push({ check: definitionOf(row, versionByKey.get(row.key)), enabled: row.enabled === 1 });
    }
    return entries;
  }

  async function findRow(tx: Kysely<Database>, projectId: string, key: string) {
    return tx
      .selectFrom('checks')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /** A built-in gets its row the first time someone changes it; until then the code's definition stands. */
  async function ensureRow(tx: Kysely<Database>, projectId: string, key: string): Promise<ChecksTable> {
    const row = await findRow(tx, projectId, key);
    if (row) return row;
    const builtin = builtinByKey.get(key);
    if (!builtin) throw new CatalogueError(`No check ${key} in this project.`);
    const now = clock();
    const created: ChecksTable = {
      project_id: projectId,
      key,
      builtin: 1,
      enabled: 1,
      status: builtin.status,
      current_version: builtin.version,
      created_at: now,
      updated_at: now,
    };
    await tx.insertInto('checks').values(created).execute();
    return created;
  }

  function checkRule(rule: CustomRule | undefined): void {
    if (!rule) return;
    const problem = deps.validateRule(rule);
    if (problem) throw new CatalogueError(`Invalid rule: ${problem}`);
  }

  function checkScope(scope: CheckScope | null | undefined): void {
    const problem = validateScope(scope);
    if (problem) throw new CatalogueError(`Invalid scope: ${problem}`);
  }

  function checkJudge(judge: JudgeDefinition | undefined): void {
    if (!judge) return;
    const problem = validateJudgeDefinition(judge);
    if (problem) throw new CatalogueError(`Invalid plain-language check: ${problem}`);
  }

  async function writeVersion(
    tx: Kysely<Database>,
    projectId: string,
    check: CheckDefinition,
    actor: string | undefined,
  ): Promise<void> {
    await tx
      .insertInto('check_versions')
      .values({
        project_id: projectId,
        key: check.key,
        version: check.version,
        name: check.name,
        description: check.description,
        kind: check.kind,
        category: check.category,
        severity: check.severity,
        options: check.options ? JSON.stringify(check.options) : null,
        rule: check.rule ? JSON.stringify(check.rule) : null,
        judge: check.judge ? JSON.stringify(check.judge) : null,
        scope: check.scope ? JSON.stringify(check.scope) : null,
        created_by: actor ?? null,
        created_at: clock(),
      })
      .execute();
  }

  async function getEntry(projectId: string, key: string): Promise<CatalogueEntry> {
    const entry = (await load(store.db, projectId)).find((e) => e.check.key === key);
    if (!entry) throw new CatalogueError(`No check ${key} in this project.`);
    return entry;
  }

  return {
    list: (projectId: string) => load(store.db, projectId),

    get: getEntry,

    /** Every version of a check, newest first (a built-in nobody edited has none stored: its code is version 1). */
    async versions(projectId: string, key: string): Promise<CheckVersionRecord[]> {
      const [rows, entry] = await Promise.all([
        store.db
          .selectFrom('check_versions')
          .selectAll()
          .where('project_id', '=', projectId)
          .where('key', '=', key)
          .orderBy('version', 'desc')
          .execute(),
        getEntry(projectId, key),
      ]);
      const checkRow: ChecksTable = {
        project_id: projectId,
        key,
        builtin: entry.check.builtin ? 1 : 0,
        enabled: entry.enabled ? 1 : 0,
        status: entry.check.status,
        current_version: entry.check.version,
        created_at: 0,
        updated_at: 0,
      };
      const records = rows.map((row) => ({
        version: Number(row.version),
        definition: definitionOf(checkRow, row),
        created_by: row.created_by,
        created_at: Number(row.created_at),
      }));
      const builtin = builtinByKey.get(key);
      if (builtin && !records.some((record) => record.version === builtin.version)) {
        records.push({ version: builtin.version, definition: builtin, created_by: null, created_at: 0 });
      }
      return records;
    },

    async create(projectId: string, input: NewCustomCheck & ChangeActor): Promise<CheckDefinition> {
      if (!CHECK_KEY_PATTERN.test(input.key)) {
        throw new CatalogueError('A check key is 2 to 64 lower-case letters, digits or "_", starting with a letter.');
      }
      if (builtinByKey.has(input.key)) throw new CatalogueError(`${input.key} is a built-in check.`);
      if ((input.rule === undefined) === (input.judge === undefined))
        throw new CatalogueError('A custom check has either a rule or a plain-language question (judge), not both.');
      checkRule(input.rule);
      checkJudge(input.judge);
      checkScope(input.scope);
      const scope = normaliseScope(input.scope);
      return store
        .write(async (tx) => {
          if (await findRow(tx, projectId, input.key)) throw new CatalogueError(`A check ${input.key} already exists.`);
          const now = clock();
          const check: CheckDefinition = {
            key: input.key,
            name: input.name,
            description: input.description,
            kind: 'pass_fail',
            category: input.category,
            severity: input.severity,
            status: input.status,
            version: 1,
            builtin: false,
            ...(input.rule ? { rule: input.rule } : {}),
            ...(input.judge ? judgeFields(input.judge) : {}),
            ...(scope ? { scope } : {}),
          };
          await tx
            .insertInto('checks')
            .values({
              project_id: projectId,
              key: input.key,
              builtin: 0,
              enabled: 1,
              status: input.status,
              current_version: 1,
              created_at: now,
              updated_at: now,
            })
            .execute();
          await writeVersion(tx, projectId, check, input.actor);
          await deps.onStatusChange?.(tx, {
            projectId,
            check,
            from: null,
            to: check.status,
            overrideReason: input.overrideReason,
          });
          return check;
        })
        .finally(() => scoringViews.delete(projectId));
    },

    /** An edit of the definition writes a new version; a change of status alone keeps the version. */
    async update(projectId: string, key: string, edit: CheckEdit & ChangeActor): Promise<CheckDefinition> {
      checkRule(edit.rule);
      checkJudge(edit.judge);
      checkScope(edit.scope);
      return store
        .write(async (tx) => {
          const row = await ensureRow(tx, projectId, key);
          const current = (await load(tx, projectId)).find((e) => e.check.key === key);
          if (!current) throw new CatalogueError(`No check ${key} in this project.`);
          if (edit.rule && current.check.builtin)
            throw new CatalogueError('The rule of a built-in check cannot be changed.');
          if (edit.judge && !current.check.judge)
            throw new CatalogueError('Only a plain-language check has a question to change.');
          const { status, actor, scope: scopeEdit, overrideReason, judge: judgeEdit, ...fieldEdit } = edit;
          // A scope is compared and stored in its normal form; an empty one is "everywhere", stored as none.
          const definitionEdit = {
            ...fieldEdit,
            ...(scopeEdit === undefined ? {} : { scope: normaliseScope(scopeEdit) ?? null }),
            ...(judgeEdit === undefined ? {} : judgeFields(judgeEdit)),
          };
          const changesDefinition = Object.entries(definitionEdit).some(
            ([field, value]) =>
              value !== undefined &&
              JSON.stringify(value) !== JSON.stringify(current.check[field as keyof CheckDefinition] ?? null),
          );
          const next: CheckDefinition = {
            ...current.check,
            ...Object.fromEntries(Object.entries(definitionEdit).filter(([, value]) => value !== undefined)),
            status: status ?? current.check.status,
            version: changesDefinition ? row.current_version + 1 : row.current_version,
          };
          if (next.scope === null) delete next.scope;
          if (changesDefinition) await writeVersion(tx, projectId, next, actor);
          if (next.status !== current.check.status) {
            await deps.onStatusChange?.(tx, {
              projectId,
              check: next,
              from: current.check.status,
              to: next.status,
              overrideReason,
            });
          }
          await tx
            .updateTable('checks')
            .set({ status: next.status, current_version: next.version, updated_at: clock() })
            .where('project_id', '=', projectId)
            .where('key', '=', key)
            .execute();
          return next;
        })
        .finally(() => scoringViews.delete(projectId));
    },

    setEnabled(projectId: string, key: string, enabled: boolean): Promise<void> {
      return store
        .write(async (tx) => {
          await ensureRow(tx, projectId, key);
          await tx
            .updateTable('checks')
            .set({ enabled: enabled ? 1 : 0, updated_at: clock() })
            .where('project_id', '=', projectId)
            .where('key', '=', key)
            .execute();
        })
        .finally(() => scoringViews.delete(projectId));
    },

    /**
     * The checks that score one conversation, read without writing. The first booking-like tool call switches
     * the booking checks on for the project: `switchesBookingOn` tells the caller to record that with the
     * results (see `recordBookingSwitch`). A check someone turned off stays off.
     */
    async applicable(
      projectId: string,
      environment: Environment,
      conversation: ScorableConversation,
    ): Promise<{ checks: CheckDefinition[]; switchesBookingOn: boolean }> {
      const { entries, bookingOn: alreadyOn } = await scoringView(projectId);
      const switchesBookingOn = !alreadyOn && conversation.events.some(isBookingToolCall);
      const bookingOn = alreadyOn || switchesBookingOn;
      const checks = entries
        .filter((entry) => entry.enabled)
        .map((entry) => entry.check)
        .filter((check) => scoresEnvironment(check.status, environment))
        .filter((check) => bookingOn || !BOOKING_CHECK_KEYS.has(check.key));
      return { checks, switchesBookingOn };
    },

    async recordBookingSwitch(tx: Kysely<Database>, projectId: string): Promise<void> {
      await tx
        .updateTable('projects')
        .set({ booking_checks_on_at: clock() })
        .where('id', '=', projectId)
        .where('booking_checks_on_at', 'is', null)
        .execute();
      scoringViews.delete(projectId);
    },
  };
}

export type CheckCatalogue = ReturnType<typeof createCheckCatalogue>;
