/** The judge's shapes, as /app/api answers them (docs/app-api.md, "The judge"). */

export type StructuredOutputForm = 'json_schema' | 'json_object' | 'tools';

export interface JudgeSettings {
  source: 'project' | 'instance' | 'none';
  available: boolean;
  unavailable_reason: string | null;
  base_url: string | null;
  model: string | null;
  /** The key is write-only: the service says only whether one is stored. */
  api_key_set: boolean;
  instance: { base_url: string; model: string } | null;
  structured_output: StructuredOutputForm | null;
  tested_at: string | null;
  review_checks: string[] | null;
  sample_rate: number;
  daily_cap: number | null;
  concurrency: number;
  score_band: { low: number; high: number } | null;
  timeout_ms: number;
  usage: { day: string; calls_today: number; capped_today: boolean };
}

/** What a change may send: the settings' own fields, and the key (null forgets it). */
export type JudgeSettingsChange = Partial<
  Pick<
    JudgeSettings,
    'base_url' | 'model' | 'review_checks' | 'sample_rate' | 'daily_cap' | 'concurrency' | 'score_band' | 'timeout_ms'
  > & { api_key: string | null }
>;

export interface ConnectionTest {
  ok: boolean;
  model: string;
  base_url: string;
  structured_output: StructuredOutputForm | null;
  problem: string | null;
  tried: { form: StructuredOutputForm; problem: string }[];
}

export interface AgreementReport {
  labelled: number;
  agreed: number;
  accuracy: number | null;
  kappa: number | null;
  confusion: { values: string[]; matrix: number[][] };
  by_decided_by: Record<string, Omit<AgreementReport, 'by_decided_by'>>;
}

export interface CheckAgreement {
  check_key: string;
  check_version: number;
  environment: string;
  current_version: AgreementReport;
  all_versions: AgreementReport;
  bar: { min_labels: number; min_kappa: number };
  meets_bar: boolean;
  short_of_bar: string | null;
  history: {
    version: number;
    from: string;
    to: string;
    override_reason: string | null;
    agreement: { labelled?: number; accuracy?: number | null; kappa?: number | null; meets_bar?: boolean } | null;
    created_at: string;
  }[];
}

export const FORM_NAMES: Record<StructuredOutputForm, string> = {
  json_schema: 'JSON schema (structured outputs)',
  json_object: 'JSON mode',
  tools: 'tool calling',
};
