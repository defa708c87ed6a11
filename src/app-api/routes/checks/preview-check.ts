import { z } from 'zod';
import type { ZodApp } from '../../../api/routes/types.js';
import { normaliseScope, scopeIncludes, validateScope } from '../../../domain/checks.js';
import { ROLE_FOR } from '../../../domain/roles.js';
import { scoreCustomRule, validateCustomRule } from '../../../scoring/custom-rules.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';
import { projectEnvParams, projectScope } from '../../scope.js';
import { conversationUrl } from '../conversations/shared.js';
import { ruleFieldError, ruleSchema, scopeFieldError, scopeSchema } from './check-views.js';
import type { ChecksRouteDeps } from './route-deps.js';

const body = z.object({ rule: ruleSchema, scope: scopeSchema.nullable().optional() }).strict();

/**
 * "Try it": a draft rule scored on the environment's 50 latest conversations, nothing stored. Each answer says
 * whether the conversation would pass, fail, or not apply (outside the scope, or nothing to check).
 */
export function registerPreviewCheck(app: ZodApp, deps: AppApiDeps & ChecksRouteDeps): void {
  app.post(
    '/projects/:project_id/:environment/checks/preview',
    { config: { appRole: ROLE_FOR.developers }, schema: { params: projectEnvParams, body } },
    async (request) => {
      const scope = await projectScope(deps, sessionOf(request).session.workspace.id, request.params);
      const { rule } = request.body;
      const ruleProblem = validateCustomRule(rule);
      if (ruleProblem) throw ruleFieldError(ruleProblem);
      const scopeProblem = validateScope(request.body.scope);
      if (scopeProblem) throw scopeFieldError(scopeProblem);
      const checkScope = normaliseScope(request.body.scope);
      const recent = await deps.checksPage.recentForPreview(scope);
      const summary = { pass: 0, fail: 0, not_applicable: 0 };
      const data = recent.map((item) => {
        const base = {
          id: item.id,
          external_id: item.external_id,
          ended_at: item.ended_at,
          channel: item.conversation.channel,
          agent_id: item.conversation.agent_id ?? null,
          dashboard_url: conversationUrl(deps.config.publicUrl, scope.environment, item.id),
        };
        if (!scopeIncludes(checkScope, item.conversation)) {
          summary.not_applicable += 1;
          return {
            ...base,
            result: 'not_applicable',
            verdict: null,
            reason: 'Outside the check’s scope.',
            evidence_turns: [],
          };
        }
        const scored = scoreCustomRule('preview', rule, item.conversation);
        // An uncertain verdict (misheard turns) is shown as it is but counted with what does not apply.
        const result = scored.verdict === 'pass' ? 'pass' : scored.verdict === 'fail' ? 'fail' : 'not_applicable';
        summary[result] += 1;
        return {
          ...base,
          result,
          verdict: scored.verdict,
          reason: scored.reason,
          evidence_turns: scored.evidence_turns,
        };
      });
      return { data, summary };
    },
  );
}
