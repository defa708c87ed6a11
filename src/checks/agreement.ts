/**
 * A check's agreement with people's labels, as the API, the CLI and the promotion gate report it: over a
 * period (all of it by default), for every version and for the current one, split by who decided.
 */
import type { Kysely } from 'kysely';
import {
  AGREEMENT_BAR,
  type AgreementPair,
  type AgreementReport,
  agreementReport,
  agreementValue,
  meetsBar,
  shortOfBar,
} from '../domain/agreement.js';
import type { CheckDefinition } from '../domain/checks.js';
import type { Environment } from '../domain/conversation.js';
import type { LabelledResult, LabelsRepo } from '../storage/labels-repo.js';
import type { Database } from '../storage/schema.js';

export interface CheckAgreement {
  check_key: string;
  check_version: number;
  environments: Environment[];
  period: { since: string | null; until: string | null };
  /** Labels on results of the current version: what the bar is measured on. */
  current_version: AgreementReport;
  all_versions: AgreementReport;
  bar: { min_labels: number; min_kappa: number };
  meets_bar: boolean;
  /** Why the current version is short of the bar, in words; null when it meets it. */
  short_of_bar: string | null;
}

export function pairsOf(check: Pick<CheckDefinition, 'kind'>, labelled: readonly LabelledResult[]): AgreementPair[] {
  return labelled.flatMap((row) => {
    const label = agreementValue(check.kind, row.label_verdict, row.label_choice);
    const result = agreementValue(check.kind, row.result_verdict, row.result_choice);
    return label === null || result === null ? [] : [{ label, result, decidedBy: row.decided_by }];
  });
}

export async function checkAgreement(
  labels: Pick<LabelsRepo, 'labelledResults'>,
  projectId: string,
  check: Pick<CheckDefinition, 'key' | 'kind' | 'version'>,
  options: {
    environments: Environment[];
    since?: number | undefined;
    until?: number | undefined;
    ex?: Kysely<Database>;
  },
): Promise<CheckAgreement> {
  const labelled = await labels.labelledResults(
    projectId,
    options.environments,
    check.key,
    { since: options.since, until: options.until },
    ...(options.ex ? [options.ex] : []),
  );
  const current = agreementReport(
    pairsOf(
      check,
      labelled.filter((row) => row.check_version === check.version),
    ),
  );
  return {
    check_key: check.key,
    check_version: check.version,
    environments: options.environments,
    period: {
      since: options.since === undefined ? null : new Date(options.since).toISOString(),
      until: options.until === undefined ? null : new Date(options.until).toISOString(),
    },
    current_version: current,
    all_versions: agreementReport(pairsOf(check, labelled)),
    bar: { min_labels: AGREEMENT_BAR.minLabels, min_kappa: AGREEMENT_BAR.minKappa },
    meets_bar: meetsBar(current),
    short_of_bar: shortOfBar(current),
  };
}
