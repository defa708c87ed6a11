/**
 * What the judge routes share: the instance's settings read from the configuration the entry point passed (the
 * whole Config; tests may pass less), the secret key that seals a project's API key, and the settings as the
 * page sees them. The key itself never leaves the service: only whether one is set.
 */
import type { Config } from '../../../config.js';
import { type ResolvedJudge, resolveJudge } from '../../../judge/connection.js';
import { loadSecretKey, type SecretKeyResult } from '../../../judge/secret-key.js';
import type { ProjectJudgeSettings } from '../../../storage/judge-settings-repo.js';
import type { JudgeUsage } from '../../../storage/judge-usage-repo.js';
import type { AppApiDeps } from '../../deps.js';

type JudgeConfig = Partial<Pick<Config, 'judge' | 'secretKey' | 'dataDir' | 'databaseUrl'>>;

export const NO_SECRET_KEY =
  'Set CQM_SECRET_KEY to store a judge API key: this service has neither it nor a data dir to keep one in.';

function judgeConfig(deps: AppApiDeps): JudgeConfig {
  return deps.config as JudgeConfig;
}

/** The secret key, or why there is none; never creates a key file anywhere but a configured data dir. */
export function secretKeyOf(deps: AppApiDeps): SecretKeyResult {
  const config = judgeConfig(deps);
  if (!config.secretKey && !config.dataDir) return { key: null, problem: NO_SECRET_KEY };
  return loadSecretKey({ secretKey: config.secretKey, dataDir: config.dataDir ?? '', databaseUrl: config.databaseUrl });
}

export function resolvedJudge(deps: AppApiDeps, settings: ProjectJudgeSettings): ResolvedJudge {
  const secret = settings.apiKeySealed ? secretKeyOf(deps) : { key: null };
  return resolveJudge(settings, judgeConfig(deps).judge ?? null, secret.key);
}

/** The settings as the page shows them (the same fields as `cqm judge show`). */
export function judgeSettingsView(deps: AppApiDeps, settings: ProjectJudgeSettings, usage: JudgeUsage) {
  const resolved = resolvedJudge(deps, settings);
  const c = settings.controls;
  const instance = judgeConfig(deps).judge ?? null;
  return {
    source: resolved.available ? resolved.source : 'none',
    available: resolved.available,
    unavailable_reason: resolved.available ? null : resolved.reason,
    /** The project's own connection (null: it uses the instance's, if any). */
    base_url: settings.baseUrl,
    model: settings.model,
    api_key_set: settings.apiKeySealed !== null,
    instance: instance ? { base_url: instance.baseUrl, model: instance.model } : null,
    structured_output: resolved.available ? resolved.form : null,
    tested_at: settings.testedAt === null ? null : new Date(settings.testedAt).toISOString(),
    review_checks: c.reviewChecks,
    sample_rate: c.sampleRate,
    daily_cap: c.dailyCap,
    concurrency: c.concurrency,
    score_band: c.scoreBand,
    timeout_ms: c.timeoutMs,
    usage: { day: usage.day, calls_today: usage.calls, capped_today: usage.cappedAt !== null },
  };
}
