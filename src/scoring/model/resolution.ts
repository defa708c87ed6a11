/**
 * Whether the caller got what they came for. The signs (resolution-signals.ts) are weighed in a logistic model
 * whose weights are learned from labelled conversations (outcome-weights.ts): how the agent left things (done,
 * or unable), whether a booking actually went through, how the caller signed off ("perfect, thanks" against
 * "thanks anyway"), and whether they left frustrated or unanswered. The reason cites the signs that decided it.
 */
import { type ConversationEvent, eventOutcome } from '../../domain/conversation.js';
import { analyseBooking, type BookingAnalysis, confirmationAccuracyFinding } from './booking.js';
import { firstAffirmed } from './cue.js';
import { citeTurn, type Finding } from './finding.js';
import { logistic } from './linear-model.js';
import {
  HAND_OUTCOME_WEIGHTS,
  noOutcomeFeatures,
  type OutcomeFeatureValues,
  type OutcomeWeights,
  outcomeLogit,
} from './outcome-weights.js';
import type { ConversationReading, ReadTurn } from './reading.js';
import { CALLER_ASKS_HAND_ON } from './resolution-cues.js';
import { readSignals, readTools, type Signals, type ToolSignals } from './resolution-signals.js';
import { onlySendsAMessage, toolKind } from './tool-kinds.js';

/** Below this distance from an even chance, the model leaves the outcome to a second review. */
const UNCERTAIN_MARGIN = 0.06;

export interface ResolutionContext {
  /** A booking call failed and no later one succeeded, or the agent confirmed a booking that was never made. */
  bookingFailed: boolean;
  /** Of those, the second alone: no booking call failed, and the confirmation had no call behind it. */
  claimUnbacked?: boolean;
  anyToolSucceeded: boolean;
  /** The caller's frustration score. */
  frustration: number;
  /**
   * The booking checks' own analysis, when the caller has it: a claim is then read once, as those checks read it.
   * Without it, the rare case that needs it (see confirmedWithoutWork) reads the claims again by the written patterns.
   */
  booking?: BookingAnalysis;
}

/** What the booking and the caller's mood add to the signs, as resolutionFinding settles them. */
interface Settled {
  bookingFailed: boolean;
  bookingMade: boolean;
  frustration: number;
}

/** The signs as the model's features, each 0 to 1. */
function resolutionFeatures(
  endedBy: string | null | undefined,
  signals: Signals,
  tools: ToolSignals,
  settled: Settled,
): OutcomeFeatureValues {
  const { lastAgentState, signOff } = signals;
  const stalled =
    lastAgentState?.kind === 'unable' || lastAgentState?.kind === 'deferred' || lastAgentState?.kind === 'notYet';
  const values = noOutcomeFeatures();
  values.agentUnable = Number(lastAgentState?.kind === 'unable');
  values.agentDeferred = Number(lastAgentState?.kind === 'deferred');
  values.agentNotYet = Number(lastAgentState?.kind === 'notYet');
  values.answered = Number(signals.answered !== null && !stalled);
  values.answeredDespiteStall = Number(signals.answered !== null && stalled);
  values.offeredMore = Number(signals.offeredMore !== null && !stalled);
  // A completion statement says nothing when the booking behind it failed.
  values.agentDone = Number(lastAgentState?.kind === 'done' && !settled.bookingFailed);
  values.bookingFailed = Number(settled.bookingFailed);
  values.bookingMade = Number(settled.bookingMade);
  values.bookingPending = Number(tools.bookingPending !== null);
  values.toolSucceeded = Number(tools.workDone);
  values.handedOn = Number(tools.handedOn !== null && !tools.workDone);
  values.toolFailed = Number(tools.toolFailed !== null);
  if (signOff?.kind === 'satisfied') {
    if (signOff.ritual && stalled) values.ritualSignOffAfterStall = signOff.turn.weight;
    else values.satisfiedSignOff = signOff.turn.weight;
  }
  if (signOff?.kind === 'unsatisfied') values.unsatisfiedSignOff = signOff.turn.weight;
  if (signOff?.kind === 'deferred' && (lastAgentState?.kind !== 'done' || settled.bookingFailed)) {
    values.deferredSignOff = signOff.turn.weight;
  }
  values.unansweredQuestion = Number(signals.unansweredQuestion !== null);
  values.repeatedAgentTurn = Number(signals.repeatedAgentTurn !== null);
  values.awaitingCaller = Number(signals.awaitingCaller !== null);
  values.noClosure = Number(
    lastAgentState?.kind !== 'done' && signOff?.kind !== 'satisfied' && !signals.answered && !settled.bookingMade,
  );
  values.frustration = settled.frustration;
  values.endedByTimeout = Number(endedBy === 'timeout');
  return values;
}

/**
 * A booking confirmed with only lookups or hand-ons behind it was never made: offline-model.ts counts any tool's
 * success as possibly doing the work, but an availability check or a callback request books nothing. Read only
 * in that case (rare), by the written booking patterns.
 */
function confirmedWithoutWork(reading: ConversationReading, context: ResolutionContext, tools: ToolSignals): boolean {
  // With a booking call made, its own status tells (failed, pending or made); only without one is a claim unbacked.
  const workBesidesMessages = reading.conversation.events.some(
    (event) =>
      event.type === 'tool_call' &&
      toolKind(event) === 'work' &&
      eventOutcome(event) === 'success' &&
      !onlySendsAMessage(event),
  );
  if (context.bookingFailed || !context.anyToolSucceeded || workBesidesMessages || tools.bookingCalls > 0) return false;
  return confirmationAccuracyFinding(context.booking ?? analyseBooking(reading)).verdict === 'fail';
}

function callName(event: ConversationEvent): string {
  return event.name ?? event.type;
}

/** The signs, the booking as settled here, and the features they make. */
export interface ResolutionReading {
  signals: Signals;
  tools: ToolSignals;
  /** A booking was confirmed with only lookups or hand-ons behind it. */
  unbackedByWork: boolean;
  /** The caller's turn asking for the hand-on that was done (a waiting-list place, a call back), if they asked. */
  handOnAsked: ReadTurn | null;
  bookingFailed: boolean;
  bookingMade: ConversationEvent | null;
  features: OutcomeFeatureValues;
}

/**
 * A hand-on the caller asked for ("put me on the cancellation list please", "can she ring me back?") is the
 * request done: the tools count it as work, and the agent reporting it ("you're number 3 on the list") completes
 * rather than defers. Offered and merely accepted, it stays a hand-on: the caller came for something else.
 */
function askedForHandOn(reading: ConversationReading, signals: Signals, tools: ToolSignals) {
  const askedIn =
    tools.handedOn !== null && !tools.workDone
      ? reading.turns.find(
          (turn) =>
            turn.speaker === 'user' &&
            turn.sentences.some((sentence) => firstAffirmed(sentence, CALLER_ASKS_HAND_ON) !== null),
        )
      : undefined;
  if (!askedIn) return { signals, tools, handOnAsked: null };
  const state = signals.lastAgentState;
  const stalled = state !== null && (state.kind === 'deferred' || state.kind === 'notYet');
  return {
    signals: stalled ? { ...signals, lastAgentState: { ...state, kind: 'done' as const } } : signals,
    tools: { ...tools, workDone: true },
    handOnAsked: askedIn,
  };
}

export function readResolution(reading: ConversationReading, context: ResolutionContext): ResolutionReading {
  const { signals, tools, handOnAsked } = askedForHandOn(
    reading,
    readSignals(reading),
    readTools(reading.conversation.events, context.bookingFailed),
  );
  const unbackedByWork = confirmedWithoutWork(reading, context, tools);
  const bookingFailed = context.bookingFailed || unbackedByWork;
  const bookingMade = bookingFailed ? null : tools.bookingMade;
  const features = resolutionFeatures(reading.conversation.ended_by, signals, tools, {
    bookingFailed,
    bookingMade: bookingMade !== null,
    frustration: context.frustration,
  });
  return { signals, tools, unbackedByWork, handOnAsked, bookingFailed, bookingMade, features };
}

/** The likelihood that the caller did not get what they came for, with the reading that drives it. */
export function resolutionFinding(
  reading: ConversationReading,
  context: ResolutionContext,
  weights: OutcomeWeights = HAND_OUTCOME_WEIGHTS,
): Finding {
  const { signals, tools, unbackedByWork, handOnAsked, bookingFailed, bookingMade, features } = readResolution(
    reading,
    context,
  );
  const { lastAgentState, signOff, unansweredQuestion, repeatedAgentTurn, awaitingCaller } = signals;
  const logit = outcomeLogit(weights, features);
  const unresolved = Math.round(Math.min(0.98, Math.max(0.02, logistic(logit))) * 100) / 100;

  const choice = unresolved >= 0.5 ? 'unresolved' : 'resolved';
  const evidence = [
    lastAgentState?.turn.index ?? signals.answered?.index,
    signOff?.turn.index,
    unansweredQuestion?.index,
    repeatedAgentTurn?.index,
    awaitingCaller?.index,
  ].filter((index): index is number => index !== undefined);
  const parts: string[] = [];
  // The most particular account of the booking first: a call still pending says more than "did not go through".
  if (tools.bookingPending)
    parts.push(
      `the booking was never confirmed (${callName(tools.bookingPending)} still ${tools.bookingPending.status})`,
    );
  else if (context.bookingFailed && !context.claimUnbacked) parts.push('the booking did not go through');
  else if (unbackedByWork || context.claimUnbacked)
    parts.push('the agent confirmed a booking that no booking tool call made');
  else if (bookingMade && choice === 'resolved')
    parts.push(`the booking went through (${callName(bookingMade)} succeeded)`);
  if (handOnAsked && tools.handedOn && choice === 'resolved') {
    parts.push(`the caller asked for it in ${citeTurn(handOnAsked)} and ${callName(tools.handedOn)} was done`);
  } else if (lastAgentState && !(lastAgentState.kind === 'done' && bookingFailed)) {
    const where = citeTurn(lastAgentState.turn, lastAgentState.said);
    parts.push(
      lastAgentState.kind === 'done'
        ? `the agent completed the request in ${where}`
        : lastAgentState.kind === 'deferred'
          ? `the agent left it for later in ${where}`
          : lastAgentState.kind === 'notYet'
            ? `the agent said it was not done yet in ${where}`
            : `the agent could not help in ${where}`,
    );
  } else if (signals.answered) {
    parts.push(`the agent answered the caller's question in ${citeTurn(signals.answered)}`);
  }
  if (tools.toolFailed && choice === 'unresolved')
    parts.push(`${callName(tools.toolFailed)} ${tools.toolFailed.status}`);
  if (tools.handedOn && !tools.workDone && choice === 'unresolved')
    parts.push(`only ${callName(tools.handedOn)} was done`);
  if (signOff) parts.push(`the caller signed off in ${citeTurn(signOff.turn, signOff.said)}`);
  if (unansweredQuestion) parts.push(`the caller's last question in ${citeTurn(unansweredQuestion)} went unanswered`);
  if (repeatedAgentTurn) parts.push(`the agent repeated itself in ${citeTurn(repeatedAgentTurn)}`);
  if (awaitingCaller) parts.push(`the agent's last question in ${citeTurn(awaitingCaller)} was never answered`);
  // A reason always says what decided it; without any particular sign, that is the absence of one.
  const because =
    parts.length > 0
      ? `: ${parts.slice(0, 2).join(', and ')}`
      : choice === 'resolved'
        ? ': nothing points to an unmet request (no failure, no refusal, no unanswered question, no unhappy goodbye)'
        : ': nothing shows the request was dealt with (no finished task, no concrete answer, no satisfied goodbye)';
  const label = choice === 'resolved' ? 'Resolved' : 'Unresolved';
  // A booking call that reported no status may well have gone through: only a person can tell what the caller got.
  const unknowable = tools.bookingUnknown !== null && choice === 'resolved';
  return {
    verdict:
      unknowable || Math.abs(unresolved - 0.5) < UNCERTAIN_MARGIN
        ? 'uncertain'
        : choice === 'resolved'
          ? 'pass'
          : 'fail',
    score: unresolved,
    choice,
    reason: unknowable
      ? `${label}${because}, but ${callName(tools.bookingUnknown as ConversationEvent)} reported no status.`
      : `${label}${because}.`,
    evidence_turns: [...new Set(evidence)].sort((a, b) => a - b),
  };
}
