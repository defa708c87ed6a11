import { z } from 'zod';
import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { ROLE_FOR } from '../../../domain/roles.js';
import { seal } from '../../../domain/secret-box.js';
import { keyContext } from '../../../judge/connection.js';
import { createJudgeSettingsRepo, type JudgeSettingsPatch } from '../../../storage/judge-settings-repo.js';
import { createJudgeUsageRepo } from '../../../storage/judge-usage-repo.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { projectInWorkspace, projectParams } from '../../scope.js';
import { judgeSettingsView, secretKeyOf } from './judge-view.js';

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'an http(s) URL, e.g. http://127.0.0.1:11434/v1 or https://api.openai.com/v1');

const body = z
  .object({
    /** null (with model null) goes back to the instance's judge. */
    base_url: httpUrl.nullable().optional(),
    model: z.string().trim().min(1).max(200).nullable().optional(),
    /** Write-only: sealed at once, never answered back. null forgets it. */
    api_key: z.string().min(1).max(1000).nullable().optional(),
    review_checks: z.array(z.string().min(1).max(64)).max(100).nullable().optional(),
    sample_rate: z.number().min(0).max(1).optional(),
    daily_cap: z.number().int().min(0).max(10_000_000).nullable().optional(),
    concurrency: z.number().int().min(1).max(256).optional(),
    score_band: z
      .object({ low: z.number().min(0).max(1), high: z.number().min(0).max(1) })
      .strict()
      .refine((band) => band.low <= band.high, 'low must not be above high')
      .nullable()
      .optional(),
    timeout_ms: z.number().int().min(500).max(40_000).optional(),
  })
  .strict();

/** Sets the project's judge connection and cost controls (admin). Fields left out stay as they are. */
export function registerUpdateJudgeSettings(app: ZodApp, deps: AppApiDeps): void {
  const settings = createJudgeSettingsRepo(deps.store, deps.clock);
  const usage = createJudgeUsageRepo(deps.store, deps.clock);
  app.patch(
    '/projects/:project_id/judge',
    { config: { appRole: ROLE_FOR.developers }, schema: { params: projectParams, body } },
    async (request) => {
      const projectId = await projectInWorkspace(
        deps,
        sessionOf(request).session.workspace.id,
        request.params.project_id,
      );
      const input = request.body;
      const patch: JudgeSettingsPatch = {
        controls: {
          reviewChecks: input.review_checks,
          sampleRate: input.sample_rate,
          dailyCap: input.daily_cap,
          concurrency: input.concurrency,
          scoreBand: input.score_band,
          timeoutMs: input.timeout_ms,
        },
      };
      if (input.base_url !== undefined)
        patch.baseUrl = input.base_url === null ? null : input.base_url.replace(/\/+$/, '');
      if (input.model !== undefined) patch.model = input.model;
      if (input.api_key === null) patch.apiKeySealed = null;
      else if (input.api_key !== undefined) {
        const secret = secretKeyOf(deps);
        if (!secret.key) throw new ApiError('validation_error', secret.problem, { api_key: [secret.problem] });
        patch.apiKeySealed = seal(secret.key, input.api_key, keyContext(projectId));
      }
      // Going back to the instance's judge forgets the project's own key with its connection.
      if (patch.baseUrl === null && patch.model === null) patch.apiKeySealed = null;
      const current = await settings.get(projectId);
      const nextUrl = patch.baseUrl === undefined ? current.baseUrl : patch.baseUrl;
      const nextModel = patch.model === undefined ? current.model : patch.model;
      if ((nextUrl === null) !== (nextModel === null)) {
        const message = "A project's own judge needs both a base URL and a model.";
        throw new ApiError('validation_error', message, { [nextUrl === null ? 'base_url' : 'model']: [message] });
      }
      const saved = await settings.update(projectId, patch);
      return judgeSettingsView(deps, saved, await usage.today(projectId));
    },
  );
}
