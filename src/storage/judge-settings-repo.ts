/** A project's judge settings: its own connection (the key sealed), the form it answers in, its cost controls. */
import type { Kysely } from 'kysely';
import { DEFAULT_JUDGE_COST_CONTROLS, type JudgeCostControls, type StructuredOutputForm } from '../domain/judge.js';
import type { Database, JudgeSettingsTable } from './schema.js';
import type { Store } from './store.js';

export interface ProjectJudgeSettings {
  projectId: string;
  baseUrl: string | null;
  model: string | null;
  apiKeySealed: string | null;
  structuredOutput: StructuredOutputForm | null;
  /** The connection (see connectionFingerprint) the form was found for. */
  structuredOutputFor: string | null;
  testedAt: number | null;
  controls: JudgeCostControls;
}

export type JudgeSettingsPatch = Partial<
  Pick<
    ProjectJudgeSettings,
    'baseUrl' | 'model' | 'apiKeySealed' | 'structuredOutput' | 'structuredOutputFor' | 'testedAt'
  >
> & { controls?: Partial<JudgeCostControls> };

function fromRow(row: JudgeSettingsTable): ProjectJudgeSettings {
  return {
    projectId: row.project_id,
    baseUrl: row.base_url,
    model: row.model,
    apiKeySealed: row.api_key_sealed,
    structuredOutput: row.structured_output as StructuredOutputForm | null,
    structuredOutputFor: row.structured_output_for,
    testedAt: row.tested_at === null ? null : Number(row.tested_at),
    controls: {
      reviewChecks: row.review_checks === null ? null : (JSON.parse(row.review_checks) as string[]),
      sampleRate: Number(row.sample_rate),
      dailyCap: row.daily_cap,
      concurrency: row.concurrency,
      scoreBand:
        row.score_band_low === null || row.score_band_high === null
          ? null
          : { low: Number(row.score_band_low), high: Number(row.score_band_high) },
      timeoutMs: row.timeout_ms,
    },
  };
}

/** The settings a project has before anyone set any: no connection of its own, the default cost controls. */
export function defaultJudgeSettings(projectId: string): ProjectJudgeSettings {
  return {
    projectId,
    baseUrl: null,
    model: null,
    apiKeySealed: null,
    structuredOutput: null,
    structuredOutputFor: null,
    testedAt: null,
    controls: DEFAULT_JUDGE_COST_CONTROLS,
  };
}

function columnsOf(settings: ProjectJudgeSettings) {
  const c = settings.controls;
  return {
    base_url: settings.baseUrl,
    model: settings.model,
    api_key_sealed: settings.apiKeySealed,
    structured_output: settings.structuredOutput,
    structured_output_for: settings.structuredOutputFor,
    tested_at: settings.testedAt,
    review_checks: c.reviewChecks === null ? null : JSON.stringify(c.reviewChecks),
    sample_rate: c.sampleRate,
    daily_cap: c.dailyCap,
    concurrency: c.concurrency,
    score_band_low: c.scoreBand?.low ?? null,
    score_band_high: c.scoreBand?.high ?? null,
    timeout_ms: c.timeoutMs,
  };
}

export function createJudgeSettingsRepo(store: Store, clock: () => number = Date.now) {
  async function find(ex: Kysely<Database>, projectId: string): Promise<ProjectJudgeSettings | null> {
    const row = await ex
      .selectFrom('judge_settings')
      .selectAll()
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  return {
    /** The project's settings, or the defaults when it has none. */
    async get(projectId: string): Promise<ProjectJudgeSettings> {
      return (await find(store.db, projectId)) ?? defaultJudgeSettings(projectId);
    },

    /** Applies a change and returns the settings as they now are. */
    update(projectId: string, patch: JudgeSettingsPatch): Promise<ProjectJudgeSettings> {
      return store.write(async (tx) => {
        const existing = await find(tx, projectId);
        const current = existing ?? defaultJudgeSettings(projectId);
        const { controls, ...connection } = patch;
        const next: ProjectJudgeSettings = {
          ...current,
          ...Object.fromEntries(Object.entries(connection).filter(([, value]) => value !== undefined)),
          controls: {
            ...current.controls,
            ...Object.fromEntries(Object.entries(controls ?? {}).filter(([, value]) => value !== undefined)),
          },
        };
        const now = clock();
        if (existing) {
          await tx
            .updateTable('judge_settings')
            .set({ ...columnsOf(next), updated_at: now })
            .where('project_id', '=', projectId)
            .execute();
        } else {
          await tx
            .insertInto('judge_settings')
            .values({ project_id: projectId, ...columnsOf(next), created_at: now, updated_at: now })
            .execute();
        }
        return next;
      });
    },

    /** Remembers the structured-output form an endpoint answered with. */
    async rememberForm(projectId: string, form: StructuredOutputForm, fingerprint: string): Promise<void> {
      const now = clock();
      await store.write(async (tx) => {
        const updated = await tx
          .updateTable('judge_settings')
          .set({ structured_output: form, structured_output_for: fingerprint, tested_at: now, updated_at: now })
          .where('project_id', '=', projectId)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) {
          const next = {
            ...defaultJudgeSettings(projectId),
            structuredOutput: form,
            structuredOutputFor: fingerprint,
            testedAt: now,
          };
          await tx
            .insertInto('judge_settings')
            .values({ project_id: projectId, ...columnsOf(next), created_at: now, updated_at: now })
            .onConflict((oc) => oc.column('project_id').doNothing())
            .execute();
        }
      });
    },
  };
}

export type JudgeSettingsRepo = ReturnType<typeof createJudgeSettingsRepo>;
