/** The built-in checks every project starts with. Their keys are part of the API. */
import type { BuiltinCheckKey, CheckDefinition } from '../domain/checks.js';
import { isBookingToolCall, type ScorableConversation } from '../domain/conversation.js';

type BuiltinCheck = CheckDefinition & { key: BuiltinCheckKey };

const COMMON = { builtin: true, version: 1, status: 'active' } as const;

export const BUILTIN_CHECKS: readonly BuiltinCheck[] = [
  {
    ...COMMON,
    key: 'outcome',
    name: 'Outcome',
    description: 'How the conversation ended: resolved, unresolved, handed to a person, or not a customer call.',
    kind: 'multiple_choice',
    category: 'outcome',
    severity: 'medium',
    options: ['resolved', 'unresolved', 'escalated', 'not_real_inquiry'],
  },
  {
    ...COMMON,
    key: 'real_inquiry',
    name: 'Real customer inquiry',
    description: 'Whether this was a real customer inquiry rather than a sales call, spam or a wrong number.',
    kind: 'gating',
    category: 'outcome',
    severity: 'low',
  },
  {
    ...COMMON,
    key: 'person_request_honored',
    name: 'Request for a person honoured',
    description: 'When the caller asked for a person, whether they were handed over.',
    kind: 'pass_fail',
    category: 'escalation',
    severity: 'medium',
  },
  {
    ...COMMON,
    key: 'frustration',
    name: 'Caller frustration',
    description:
      'The probability that the caller was frustrated or dissatisfied at some point (0 to 1); fails when clearly frustrated.',
    kind: 'score',
    category: 'experience',
    severity: 'medium',
  },
  {
    ...COMMON,
    key: 'ai_disclosure',
    name: 'AI disclosure',
    description: 'Fails when the agent claims to be human or denies being an AI when asked.',
    kind: 'pass_fail',
    category: 'compliance',
    severity: 'high',
  },
  {
    ...COMMON,
    key: 'booking_confirmation_accurate',
    name: 'Booking confirmation accurate',
    description:
      'Fails when the agent tells the caller a booking is made and no booking tool call succeeded before it.',
    kind: 'pass_fail',
    category: 'booking',
    severity: 'high',
  },
  {
    ...COMMON,
    key: 'booking_failure_disclosed',
    name: 'Booking failure disclosed',
    description: 'Fails when a booking tool call failed and the agent did not tell the caller, or said it succeeded.',
    kind: 'pass_fail',
    category: 'booking',
    severity: 'high',
  },
];

/** The booking checks apply once a conversation shows a booking tool call. */
export function bookingChecksApply(conversation: Pick<ScorableConversation, 'events'>): boolean {
  return conversation.events.some(isBookingToolCall);
}
