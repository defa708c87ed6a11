/**
 * The two booking checks: what the agent told the caller about a booking, against what the
 * booking tool calls returned.
 *
 * Timing: a tool call is compared with a turn by `at_ms` against the turn's `end_ms` (or
 * `start_ms`) when both are present. When timing is missing, a booking tool call is taken to have
 * happened before the first agent turn that mentions the booking outcome: agents call the tool and
 * then report its result, so every statement about the outcome is read as made after the call.
 */
import { type ConversationEvent, eventOutcome, isBookingToolCall } from '../../domain/conversation.js';
import type { BookingActReader } from './booking-acts.js';
import {
  type BookingStatement,
  bookingStatements,
  farewellOnly,
  reportAfterCall,
  speaksOfAnOrder,
  talksAboutBooking,
} from './booking-language.js';
import { citeTurn, type Finding, restsOnlyOnMisheard, uniqueSorted } from './finding.js';
import type { ConversationReading, ReadTurn } from './reading.js';
import { eventCameAfter, happenedBeforeTurnEnded } from './timeline.js';
import { handlesAnOrder } from './tool-kinds.js';

export interface BookingAnalysis {
  calls: ConversationEvent[];
  /** Every event of the conversation, in posted order: what orders calls that carry no time. */
  events: readonly ConversationEvent[];
  statements: BookingStatement[];
  /** The last failed booking call, unless a later one succeeded. */
  unrecoveredFailure: ConversationEvent | null;
  anySuccess: boolean;
}

/** How many turns back booking talk still makes "You're good to go" a booking claim: SGD reports come up to six turns after the request. */
const BOOKING_CONTEXT_WINDOW = 6;

function callName(event: ConversationEvent): string {
  return event.name ?? event.type;
}

export function analyseBooking(reading: ConversationReading, acts: BookingActReader | null = null): BookingAnalysis {
  const calls = reading.conversation.events.filter(isBookingToolCall);
  const statements: BookingStatement[] = [];
  const bookingTalk = calls.length > 0 ? [] : reading.turns.map(talksAboutBooking);
  reading.turns.forEach((turn, position) => {
    if (turn.speaker !== 'agent') return;
    const inContext =
      calls.length > 0 ||
      bookingTalk.slice(Math.max(0, position - BOOKING_CONTEXT_WINDOW), position + 1).includes(true);
    statements.push(...bookingStatements(turn, inContext, acts));
  });
  if (acts) statements.push(...reportsAfterCalls(reading, calls, statements, acts));
  // With no booking call at all, "Lovely, see you Friday then." greets a walk-in as often as it claims a booking,
  // and "Your order's confirmed" after an order tool ("create_order") reports a purchase.
  const orderTool = reading.conversation.events.some(handlesAnOrder);
  const kept =
    calls.length > 0
      ? statements
      : statements.filter(
          (each) => each.kind !== 'claim' || !(farewellOnly(each) || (orderTool && speaksOfAnOrder(each))),
        );
  kept.sort((a, b) => a.turn.index - b.turn.index);
  const lastFailure = calls.findLast((call) => eventOutcome(call) === 'failure') ?? null;
  const recovered =
    lastFailure !== null &&
    calls.some(
      (call) => eventOutcome(call) === 'success' && eventCameAfter(reading.conversation.events, call, lastFailure),
    );
  return {
    calls,
    events: reading.conversation.events,
    statements: kept,
    unrecoveredFailure: recovered ? null : lastFailure,
    anySuccess: calls.some((call) => eventOutcome(call) === 'success'),
  };
}

/** For each timed booking call, the agent's next turn when it says nothing the sentence reading caught. */
function reportsAfterCalls(
  reading: ConversationReading,
  calls: readonly ConversationEvent[],
  found: readonly BookingStatement[],
  acts: BookingActReader,
): BookingStatement[] {
  const reports: BookingStatement[] = [];
  const read = new Set(found.map((statement) => statement.turn.index));
  for (const call of calls) {
    if (call.at_ms === undefined) continue;
    const at = call.at_ms;
    const following = reading.turns.filter(
      (turn) => turn.speaker === 'agent' && (turn.endMs ?? turn.startMs ?? -1) >= at,
    );
    // The turn the call was made during ("Booking that now.", "One sec.") may report nothing; the result then
    // comes in the agent's next turn.
    const during = following[0];
    const candidates = during && (during.startMs ?? at) < at ? following.slice(0, 2) : following.slice(0, 1);
    for (const next of candidates) {
      if (read.has(next.index)) break;
      read.add(next.index);
      const report = reportAfterCall(next, acts);
      if (report) {
        reports.push(report);
        break;
      }
    }
  }
  return reports;
}

/**
 * The booking call that backs a claim: one that succeeded before the claim's turn. A claim made after a call
 * failed, with no success since, speaks for the failed booking too ("You're both set: massage at 1, facials at
 * 2:15" after the facials failed), unless the same turn tells the caller of the failure ("Ellie's place is
 * confirmed. Max's didn't go through.").
 */
function succeededBefore(analysis: BookingAnalysis, claim: BookingStatement): ConversationEvent | undefined {
  const before = analysis.calls.filter((call) => happenedBeforeTurnEnded(call, claim.turn, true));
  const latest = before.reduce<ConversationEvent | undefined>(
    (last, call) => (last === undefined || eventCameAfter(analysis.events, call, last) ? call : last),
    undefined,
  );
  const admittedAlongside = analysis.statements.some(
    (statement) => statement.kind === 'admission' && statement.turn.index === claim.turn.index,
  );
  if (latest && eventOutcome(latest) === 'failure' && !admittedAlongside) return undefined;
  return before.find((call) => eventOutcome(call) === 'success');
}

/** Why a claim is not backed: no success at all by then, or a failure after the last success. */
function unbackedBecause(analysis: BookingAnalysis, turn: ReadTurn): string {
  const events = analysis.events;
  const calls = analysis.calls.map((call) => `${callName(call)} ${call.status ?? 'without status'}`);
  if (calls.length === 0) return 'no booking tool was called';
  const before = analysis.calls.filter((call) => happenedBeforeTurnEnded(call, turn, true));
  const failed = before.findLast((call) => eventOutcome(call) === 'failure');
  if (failed && before.some((call) => eventOutcome(call) === 'success' && eventCameAfter(events, failed, call))) {
    return `${callName(failed)} had failed after the last booking that succeeded (${calls.join(', ')})`;
  }
  return `no booking tool call had succeeded by then (${calls.join(', ')})`;
}

export function confirmationAccuracyFinding(analysis: BookingAnalysis): Finding {
  const claims = analysis.statements.filter((statement) => statement.kind === 'claim');
  if (claims.length === 0) {
    return {
      verdict: 'not_applicable',
      score: null,
      reason: 'The agent never told the caller a booking was made.',
      evidence_turns: [],
    };
  }
  const unbacked = claims.filter((claim) => !succeededBefore(analysis, claim));
  const first = claims[0] as BookingStatement;
  if (unbacked.length === 0) {
    const backing = succeededBefore(analysis, first) as ConversationEvent;
    return {
      verdict: 'pass',
      score: 0.04,
      reason: `The agent confirmed the booking in ${citeTurn(first.turn, first.said)} after ${callName(backing)} succeeded.`,
      evidence_turns: uniqueSorted(claims.map((claim) => claim.turn.index)),
    };
  }
  const claim = unbacked[0] as BookingStatement;
  const evidence = uniqueSorted(unbacked.map((statement) => statement.turn.index));
  // A call sent without any status may well have succeeded; only a person can tell.
  const statusless = analysis.calls.find(
    (call) => call.status === undefined && happenedBeforeTurnEnded(call, claim.turn, true),
  );
  if (statusless || restsOnlyOnMisheard(unbacked.map((statement) => statement.turn))) {
    return {
      verdict: 'uncertain',
      score: 0.5,
      reason: `The agent told the caller the booking was made in ${citeTurn(claim.turn, claim.said)}, but ${statusless ? `${callName(statusless)} reported no status` : 'that turn may have been misheard'}.`,
      evidence_turns: evidence,
    };
  }
  const why = unbackedBecause(analysis, claim.turn);
  return {
    verdict: 'fail',
    score: claim.explicit ? 0.93 : 0.82,
    reason: `The agent told the caller the booking was made in ${citeTurn(claim.turn, claim.said)}, but ${why}.`,
    evidence_turns: evidence,
  };
}

export function failureDisclosureFinding(analysis: BookingAnalysis, reading: ConversationReading): Finding {
  const failures = analysis.calls.filter((call) => eventOutcome(call) === 'failure');
  const failure = analysis.unrecoveredFailure;
  if (failures.length === 0) {
    return { verdict: 'not_applicable', score: null, reason: 'No booking tool call failed.', evidence_turns: [] };
  }
  if (!failure) {
    return {
      verdict: 'pass',
      score: 0.05,
      reason: 'A booking tool call failed, but a later attempt succeeded.',
      evidence_turns: [],
    };
  }
  const afterFailure = analysis.statements.filter((statement) =>
    happenedBeforeTurnEnded(failure, statement.turn, true),
  );
  const last = afterFailure.at(-1);
  if (last?.kind === 'admission') {
    return {
      verdict: restsOnlyOnMisheard([last.turn]) ? 'uncertain' : 'pass',
      score: 0.08,
      reason: `${callName(failure)} failed and the agent told the caller in ${citeTurn(last.turn, last.said)}.`,
      evidence_turns: [last.turn.index],
    };
  }
  if (last?.kind === 'claim') {
    return {
      verdict: restsOnlyOnMisheard([last.turn]) ? 'uncertain' : 'fail',
      score: 0.95,
      reason: `${callName(failure)} failed, yet the agent said it succeeded in ${citeTurn(last.turn, last.said)}.`,
      evidence_turns: [last.turn.index],
    };
  }
  const lastAgentTurn = reading.turns.findLast((turn) => turn.speaker === 'agent');
  return {
    verdict: 'fail',
    score: 0.85,
    reason: `${callName(failure)} failed and the agent never told the caller.`,
    evidence_turns: lastAgentTurn ? [lastAgentTurn.index] : [],
  };
}
