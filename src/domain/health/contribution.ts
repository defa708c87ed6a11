/**
 * What one scored conversation adds to its agent's day. Kept per conversation so that a re-score can take
 * exactly the old contribution out before putting the new one in.
 */

/** The counters of a day, of a window, or of one conversation. Names match the rollup columns. */
export interface HealthTotals {
  conversations: number;
  with_outcome: number;
  resolved: number;
  handed_to_person: number;
  requests_for_person_not_honored: number;
  frustration_sum: number;
  frustration_count: number;
  compliance_failures: number;
  high_severity_compliance_failures: number;
}

export const TOTAL_FIELDS = [
  'conversations',
  'with_outcome',
  'resolved',
  'handed_to_person',
  'requests_for_person_not_honored',
  'frustration_sum',
  'frustration_count',
  'compliance_failures',
  'high_severity_compliance_failures',
] as const satisfies readonly (keyof HealthTotals)[];

export function emptyTotals(): HealthTotals {
  return Object.fromEntries(TOTAL_FIELDS.map((field) => [field, 0])) as unknown as HealthTotals;
}

export function addTotals(into: HealthTotals, add: Partial<HealthTotals>, sign: 1 | -1 = 1): HealthTotals {
  for (const field of TOTAL_FIELDS) into[field] += sign * Number(add[field] ?? 0);
  return into;
}

/** A compliance check that failed on the conversation, so reasons can name it. */
export interface FailedCheck {
  key: string;
  name: string;
  high: boolean;
}

export interface Contribution extends HealthTotals {
  failed_checks: FailedCheck[];
}

/** The parts of a stored result that health reads. */
export interface ResultForHealth {
  check_key: string;
  check_name: string;
  check_status: string;
  verdict: string;
  score: number | null;
  /** The check's category and severity when it was scored; null when the caller did not say. */
  check_category?: string | null | undefined;
  check_severity?: string | null | undefined;
}

const HANDED_TO_PERSON = new Set(['escalated', 'handed_to_person']);
const NOT_A_CUSTOMER_CALL = new Set(['not_real_inquiry', 'not_customer_call']);

export function hasOutcome(outcome: string | null): boolean {
  return outcome !== null && !NOT_A_CUSTOMER_CALL.has(outcome);
}

/**
 * Every scored conversation counts once. Its outcome (both spellings of the planned renames) decides the rates;
 * results of shadow checks never count; a compliance failure is a failed result of a compliance check.
 */
export function contributionOf(outcome: string | null, results: readonly ResultForHealth[]): Contribution {
  const contribution: Contribution = { ...emptyTotals(), conversations: 1, failed_checks: [] };
  if (hasOutcome(outcome)) {
    contribution.with_outcome = 1;
    if (outcome === 'resolved') contribution.resolved = 1;
    if (outcome !== null && HANDED_TO_PERSON.has(outcome)) contribution.handed_to_person = 1;
  }
  for (const result of results) {
    if (result.check_status === 'shadow') continue;
    if (result.check_key === 'person_request_honored' && result.verdict === 'fail') {
      contribution.requests_for_person_not_honored += 1;
    }
    if (result.check_key === 'frustration' && result.score !== null && Number.isFinite(result.score)) {
      contribution.frustration_sum += result.score;
      contribution.frustration_count += 1;
    }
    if (result.check_category === 'compliance' && result.verdict === 'fail') {
      const high = result.check_severity === 'high';
      contribution.compliance_failures += 1;
      if (high) contribution.high_severity_compliance_failures += 1;
      contribution.failed_checks.push({ key: result.check_key, name: result.check_name, high });
    }
  }
  return contribution;
}
