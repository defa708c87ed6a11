/**
 * The specification's planned renames (Versioning, rule 4): `escalated` → `handed_to_person`,
 * `not_real_inquiry` → `not_customer_call` (outcomes) and `llm_judge` → `second_review` (`decided_by`).
 * Until the change is dated in the changelog the service may send either name, so compare through these
 * helpers, which map both to the new name and leave every other value (including ones not known yet) as is.
 */
import type { CheckResult, Conversation, DecidedBy, Outcome } from './types.js';

const NEW_OUTCOME_NAMES: Readonly<Record<string, string>> = {
  escalated: 'handed_to_person',
  not_real_inquiry: 'not_customer_call',
};
const NEW_DECIDED_BY_NAMES: Readonly<Record<string, string>> = { llm_judge: 'second_review' };

/** The outcome under its new name (`escalated` → `handed_to_person`, `not_real_inquiry` → `not_customer_call`). */
export function normaliseOutcome<T extends Outcome | undefined>(outcome: T): T {
  return (typeof outcome === 'string' ? (NEW_OUTCOME_NAMES[outcome] ?? outcome) : outcome) as T;
}

/** `decided_by` under its new name (`llm_judge` → `second_review`). */
export function normaliseDecidedBy<T extends DecidedBy | undefined>(decidedBy: T): T {
  return (typeof decidedBy === 'string' ? (NEW_DECIDED_BY_NAMES[decidedBy] ?? decidedBy) : decidedBy) as T;
}

/** Whether a person took over: `escalated` or `handed_to_person`. */
export function isHandedToPerson(outcome: Outcome | undefined): boolean {
  return normaliseOutcome(outcome) === 'handed_to_person';
}

/** Whether the conversation was no customer's inquiry: `not_real_inquiry` or `not_customer_call`. */
export function isNotCustomerCall(outcome: Outcome | undefined): boolean {
  return normaliseOutcome(outcome) === 'not_customer_call';
}

/** Whether the second review decided: `llm_judge` or `second_review`. */
export function isSecondReview(decidedBy: DecidedBy | undefined): boolean {
  return normaliseDecidedBy(decidedBy) === 'second_review';
}

/** A copy of a result with `decided_by` under its new name. */
export function normaliseResult<T extends Pick<CheckResult, 'decided_by'>>(result: T): T {
  return { ...result, decided_by: normaliseDecidedBy(result.decided_by) };
}

/**
 * A copy of a conversation (or a list's summary of one) with the outcome and every result's `decided_by`
 * under their new names, so code written against the new names works whichever the service sends.
 */
export function normaliseConversation<T extends { outcome: Conversation['outcome']; results?: CheckResult[] }>(
  conversation: T,
): T {
  const copy = { ...conversation, outcome: normaliseOutcome(conversation.outcome) };
  if (Array.isArray(conversation.results)) copy.results = conversation.results.map(normaliseResult);
  return copy;
}
