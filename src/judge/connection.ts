/**
 * Which judge a project uses: its own connection when it set one (the key opened with the instance's secret
 * key), else the instance's from the environment, else none, with the reason in words.
 */
import type { Config } from '../config.js';
import type { JudgeCostControls, StructuredOutputForm } from '../domain/judge.js';
import { open } from '../domain/secret-box.js';
import type { ProjectJudgeSettings } from '../storage/judge-settings-repo.js';
import type { JudgeConnection } from './client.js';

export type ResolvedJudge =
  | {
      available: true;
      source: 'project' | 'instance';
      connection: JudgeConnection;
      /** The form remembered for exactly this connection, or null until one is found. */
      form: StructuredOutputForm | null;
      fingerprint: string;
      controls: JudgeCostControls;
    }
  | { available: false; reason: string; controls: JudgeCostControls };

export const NO_JUDGE_REASON =
  'No judge is connected: set one with `cqm judge set` (or CQM_JUDGE_BASE_URL and CQM_JUDGE_MODEL for the instance).';

/** Identifies a connection, so a form found for one endpoint and model is not assumed for another. */
export function connectionFingerprint(connection: Pick<JudgeConnection, 'baseUrl' | 'model'>): string {
  return `${connection.baseUrl}\n${connection.model}`;
}

/** Sealed keys are bound to their project: a sealed value copied to another project's row does not open. */
export function keyContext(projectId: string): string {
  return `judge-api-key:${projectId}`;
}

export function resolveJudge(
  settings: ProjectJudgeSettings,
  instance: Config['judge'],
  secretKey: Buffer | null,
): ResolvedJudge {
  const { controls } = settings;
  let connection: JudgeConnection;
  let source: 'project' | 'instance';
  if (settings.baseUrl && settings.model) {
    let apiKey: string | null = null;
    if (settings.apiKeySealed) {
      if (!secretKey)
        return { available: false, reason: 'The judge API key cannot be opened: CQM_SECRET_KEY is not set.', controls };
      try {
        apiKey = open(secretKey, settings.apiKeySealed, keyContext(settings.projectId));
      } catch (error) {
        return {
          available: false,
          reason: `The judge API key cannot be opened: ${(error as Error).message}.`,
          controls,
        };
      }
    }
    connection = { baseUrl: settings.baseUrl, model: settings.model, apiKey };
    source = 'project';
  } else if (instance) {
    connection = { ...instance };
    source = 'instance';
  } else {
    return { available: false, reason: NO_JUDGE_REASON, controls };
  }
  const fingerprint = connectionFingerprint(connection);
  const form = settings.structuredOutputFor === fingerprint ? settings.structuredOutput : null;
  return { available: true, source, connection, form, fingerprint, controls };
}
