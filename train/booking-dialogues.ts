/**
 * The booking checks on held-out SGD dialogues, as the issue measures them: each dialogue whose agent made a
 * booking-like transaction becomes a conversation with that transaction as a tool call, scored as it is
 * (success reported, failure reported) and with the tool call swapped: a successful call made to fail, or
 * left out. What each variant should score follows from the corpus's acts:
 *
 *   as is:    confirmation pass when a success was reported (else not_applicable); failure disclosed pass when a
 *             call failed (the corpus always reports it), else not_applicable.
 *   failed:   every successful call now failed: confirmation fail, failure disclosed fail.
 *   missing:  every successful call left out: confirmation fail; failure disclosed fail when a success was
 *             reported after the last failed call (now a claim no call backs), else as is.
 *
 * The corpus's transactional methods are renamed book_<method>: what counts as a booking tool call is read
 * from the name (domain/conversation.ts), and ReserveRestaurant or BuyEventTickets are bookings by any reading.
 */

import type { ConversationEvent, ScorableConversation, Turn } from '../src/domain/conversation.js';
import { BUILTIN_CHECKS } from '../src/scoring/builtin-checks.js';
import type { TrainedModels } from '../src/scoring/model/trained-models.js';
import { scoreConversation } from '../src/scoring/pipeline.js';
import type { SgdDialogue } from './corpora.js';

const BOOKING_METHOD = /^(?:Reserve|Book|Schedule|Buy)/;
const CHECKS = BUILTIN_CHECKS.filter(
  (check) => check.key === 'booking_confirmation_accurate' || check.key === 'booking_failure_disclosed',
);
const TURN_MS = 4_000;

export type Variant = 'as is' | 'failed' | 'missing';
type Label = 'pass' | 'fail' | 'not_applicable';

export interface BookingCase {
  id: string;
  variant: Variant;
  conversation: ScorableConversation;
  expected: { booking_confirmation_accurate: Label; booking_failure_disclosed: Label };
}

function snake(method: string): string {
  return method.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
}

export function bookingCases(dialogues: readonly SgdDialogue[]): BookingCase[] {
  const cases: BookingCase[] = [];
  for (const dialogue of dialogues) {
    const transcript: Turn[] = [];
    const calls: { event: ConversationEvent; succeeded: boolean; turn: number }[] = [];
    dialogue.turns.forEach((turn, index) => {
      const start = index * TURN_MS;
      transcript.push({
        speaker: turn.speaker === 'user' ? 'user' : 'agent',
        text: turn.text,
        start_ms: start,
        end_ms: start + TURN_MS - 500,
      });
      const acts = new Set(turn.acts.map((act) => act.act));
      const notified = acts.has('NOTIFY_SUCCESS') ? true : acts.has('NOTIFY_FAILURE') ? false : null;
      for (const call of turn.service_calls ?? []) {
        if (!BOOKING_METHOD.test(call.method) || notified === null) continue;
        calls.push({
          event: {
            type: 'tool_call',
            name: `book_${snake(call.method)}`,
            status: notified ? 'success' : 'failed',
            at_ms: start + 100,
          },
          succeeded: notified,
          turn: index,
        });
      }
    });
    if (calls.length === 0) continue;
    const anySuccess = calls.some((call) => call.succeeded);
    const anyFailure = calls.some((call) => !call.succeeded);
    const base = { channel: 'chat', ended_by: 'user', metadata: {}, transcript } as const;
    const asIs: BookingCase['expected'] = {
      booking_confirmation_accurate: anySuccess ? 'pass' : 'not_applicable',
      booking_failure_disclosed: anyFailure ? 'pass' : 'not_applicable',
    };
    cases.push({
      id: dialogue.dialogue_id,
      variant: 'as is',
      conversation: { ...base, events: calls.map((call) => call.event) },
      expected: asIs,
    });
    if (!anySuccess) continue;
    cases.push({
      id: dialogue.dialogue_id,
      variant: 'failed',
      conversation: {
        ...base,
        events: calls.map((call) => (call.succeeded ? { ...call.event, status: 'failed' } : call.event)),
      },
      expected: { booking_confirmation_accurate: 'fail', booking_failure_disclosed: 'fail' },
    });
    cases.push({
      id: dialogue.dialogue_id,
      variant: 'missing',
      conversation: { ...base, events: calls.filter((call) => !call.succeeded).map((call) => call.event) },
      expected: {
        booking_confirmation_accurate: 'fail',
        booking_failure_disclosed: successAfterLastFailure(calls) ? 'fail' : asIs.booking_failure_disclosed,
      },
    });
  }
  return cases;
}

function successAfterLastFailure(calls: readonly { succeeded: boolean; turn: number }[]): boolean {
  const lastFailure = calls.findLast((call) => !call.succeeded);
  return lastFailure !== undefined && calls.some((call) => call.succeeded && call.turn > lastFailure.turn);
}

export interface BookingCheckFigures {
  /** Per variant and check: cases and how many were scored as expected. */
  rows: { variant: Variant | 'all'; check: string; n: number; correct: number }[];
  /** Of the success reports, how many the confirmation check read as no claim at all (as is: not_applicable). */
  claimsMissed: { n: number; missed: number };
  /** Of the honest failure reports, how many were taken as a hidden failure. */
  admissionsMissed: { n: number; missed: number };
}

export function bookingCheckFigures(cases: readonly BookingCase[], models: TrainedModels | null): BookingCheckFigures {
  const tally = new Map<string, { n: number; correct: number }>();
  const count = (variant: string, check: string, correct: boolean) => {
    for (const key of [`${variant}|${check}`, `all|${check}`]) {
      const entry = tally.get(key) ?? { n: 0, correct: 0 };
      entry.n += 1;
      if (correct) entry.correct += 1;
      tally.set(key, entry);
    }
  };
  const claimsMissed = { n: 0, missed: 0 };
  const admissionsMissed = { n: 0, missed: 0 };
  for (const item of cases) {
    const { results } = scoreConversation(item.conversation, [...CHECKS], undefined, models);
    for (const result of results) {
      const key = result.check_key as keyof BookingCase['expected'];
      const expected = item.expected[key];
      count(item.variant, key, result.verdict === expected);
      if (item.variant === 'as is' && key === 'booking_confirmation_accurate' && expected === 'pass') {
        claimsMissed.n += 1;
        if (result.verdict === 'not_applicable') claimsMissed.missed += 1;
      }
      if (item.variant === 'as is' && key === 'booking_failure_disclosed' && expected === 'pass') {
        admissionsMissed.n += 1;
        if (result.verdict === 'fail') admissionsMissed.missed += 1;
      }
    }
  }
  const rows = [...tally].map(([key, value]) => {
    const [variant, check] = key.split('|') as [Variant | 'all', string];
    return { variant, check, ...value };
  });
  rows.sort((a, b) => (a.variant + a.check < b.variant + b.check ? -1 : 1));
  return { rows, claimsMissed, admissionsMissed };
}
