/**
 * What GET /v1/checks adds about the judge and agreement, only where it applies (other checks look as before):
 * a plain-language check's question and answer kind, why it yields no result when it cannot (no judge
 * connected, or today's cap reached), and when an active check's agreement with people's labels dropped.
 */
import type { Config } from '../config.js';
import type { CheckDefinition } from '../domain/checks.js';
import type { Environment } from '../domain/conversation.js';
import type { JudgeAnswerKind } from '../domain/judge.js';
import { NO_JUDGE_REASON } from '../judge/connection.js';
import { createJudgeSettingsRepo } from '../storage/judge-settings-repo.js';
import { createJudgeUsageRepo } from '../storage/judge-usage-repo.js';
import type { Store } from '../storage/store.js';

export interface CheckJudgeFields {
  judge?: { question: string; answer: JudgeAnswerKind; choices: string[] | null };
  judge_unavailable_reason?: string;
  agreement_dropped_at?: string;
}

export function createCheckJudgeFields(deps: { store: Store; config: object }) {
  const settings = createJudgeSettingsRepo(deps.store);
  const usage = createJudgeUsageRepo(deps.store);
  // Entry points pass the whole configuration; the instance's judge is read from it when present.
  const instance = (deps.config as Partial<Pick<Config, 'judge'>>).judge ?? null;

  return async (projectId: string, environment: Environment) => {
    const [project, today, drops] = await Promise.all([
      settings.get(projectId),
      usage.today(projectId),
      deps.store.db
        .selectFrom('check_agreement_flags')
        .select(['key', 'dropped_at'])
        .where('project_id', '=', projectId)
        .where('environment', '=', environment)
        .where('dropped_at', 'is not', null)
        .execute(),
    ]);
    const connected = (project.baseUrl !== null && project.model !== null) || instance !== null;
    const cap = project.controls.dailyCap;
    const unavailable = !connected
      ? NO_JUDGE_REASON
      : today.cappedAt !== null && cap !== null && today.calls >= cap
        ? `The daily cap of ${cap} judge calls is reached; plain-language checks yield no result until the UTC day ends.`
        : null;
    const droppedAt = new Map(drops.map((row) => [row.key, Number(row.dropped_at)]));
    return (check: CheckDefinition): CheckJudgeFields => {
      const dropped = droppedAt.get(check.key);
      return {
        ...(check.judge
          ? {
              judge: {
                question: check.judge.question,
                answer: check.judge.answer,
                choices: check.judge.choices ?? null,
              },
              ...(unavailable ? { judge_unavailable_reason: unavailable } : {}),
            }
          : {}),
        ...(dropped !== undefined && check.status === 'active'
          ? { agreement_dropped_at: new Date(dropped).toISOString() }
          : {}),
      };
    };
  };
}
