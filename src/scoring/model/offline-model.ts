/**
 * The offline model's entry point: reads a conversation once and answers each built-in check from
 * that reading. Analyses are computed on first use and shared, so the outcome check reuses what the
 * person-request and real-inquiry checks found, and checks that are not asked for cost nothing.
 */
import type { BuiltinCheckKey } from '../../domain/checks.js';
import { eventOutcome, type ScorableConversation } from '../../domain/conversation.js';
import { aiDisclosureFinding, asksWhoIsTalking } from './ai-disclosure.js';
import {
  analyseBooking,
  type BookingAnalysis,
  confirmationAccuracyFinding,
  failureDisclosureFinding,
} from './booking.js';
import { reviewTextsOf } from './conversation-review.js';
import { type DissatisfactionReading, readDissatisfaction } from './dissatisfaction.js';
import { type Finding, lowerFirst } from './finding.js';
import { reviewedFrustration } from './frustrated-caller.js';
import { frustrationFinding } from './frustration.js';
import { type LearnedTurns, readLearnedTurns } from './learned-turns.js';
import { reviewedRealInquiry } from './non-customer.js';
import { HAND_OUTCOME_WEIGHTS, type OutcomeWeights } from './outcome-weights.js';
import { analysePersonRequests, type PersonRequestAnalysis, personRequestFinding } from './person-request.js';
import { type ConversationReading, readConversation } from './reading.js';
import { realInquiryFinding } from './real-inquiry.js';
import { type ResolutionContext, resolutionFinding } from './resolution.js';
import { turnWordsOf } from './text-features.js';
import { onlySendsAMessage } from './tool-kinds.js';
import type { TrainedModels } from './trained-models.js';

export interface ConversationAnalysis {
  reading(): ConversationReading;
  /** The turn models' reading: which turns ask for a person, are fed up, and so on. */
  learnedTurns(): LearnedTurns;
  /** The dissatisfaction model's reading of the caller's turns; null without trained models. */
  dissatisfaction(): DissatisfactionReading | null;
  personRequests(): PersonRequestAnalysis;
  /** Whether the caller was a customer, by the rule alone: what the non-customer model learns from. */
  realInquiryByRule(): Finding;
  /** The same, reviewed by the non-customer model when there is one: what every check reads. */
  realInquiry(): Finding;
  /** The caller's mood by the written signs and the dissatisfaction model: what the frustrated-caller model learns from. */
  frustrationByRule(): Finding;
  /** The same, its verdict reviewed by the frustrated-caller model when there is one: what every check reads. */
  frustration(): Finding;
  booking(): BookingAnalysis;
  /** The resolution model's learned weights; null without trained models. */
  outcomeWeights: OutcomeWeights | null;
}

function once<T>(compute: () => T): () => T {
  let value: { current: T } | null = null;
  return () => {
    value ??= { current: compute() };
    return value.current;
  };
}

export function analyseConversation(
  conversation: ScorableConversation,
  models: TrainedModels | null = null,
): ConversationAnalysis {
  const reading = once(() => readConversation(conversation));
  // Each turn's words, read once for every model that reads the turn.
  const turnWords = once(() => turnWordsOf(conversation.transcript));
  const learnedTurns = once(() =>
    readLearnedTurns(reading(), models?.turnLabels ?? null, asksWhoIsTalking, models ? turnWords() : undefined),
  );
  const personRequests = once(() => analysePersonRequests(reading(), learnedTurns().asks_for_person));
  const realInquiryByRule = once(() => realInquiryFinding(reading(), learnedTurns().not_customer));
  // Both review models read the same words of the conversation.
  const reviewTexts = once(() => reviewTextsOf(conversation, turnWords()));
  const realInquiry = once(() =>
    models?.nonCustomer
      ? reviewedRealInquiry(reading(), realInquiryByRule(), models.nonCustomer, reviewTexts())
      : realInquiryByRule(),
  );
  const dissatisfaction = once(() =>
    models ? readDissatisfaction(models.dissatisfaction, conversation.transcript, turnWords()) : null,
  );
  const frustrationByRule = once(() => {
    // The turns that made the call a pitch or a scam: the caller's mood there is not about the service.
    const inquiry = realInquiry();
    const pitchTurns = new Set(inquiry.verdict === 'not_met' ? inquiry.evidence_turns : []);
    return frustrationFinding(
      reading(),
      personRequests().clearRequests.length,
      dissatisfaction(),
      learnedTurns().frustrated,
      pitchTurns,
    );
  });
  return {
    reading,
    learnedTurns,
    dissatisfaction,
    personRequests,
    realInquiryByRule,
    realInquiry,
    frustrationByRule,
    frustration: once(() =>
      models?.frustratedCaller
        ? reviewedFrustration(reading(), frustrationByRule(), models.frustratedCaller, reviewTexts())
        : frustrationByRule(),
    ),
    booking: once(() => analyseBooking(reading(), models?.bookingActs ?? null)),
    outcomeWeights: models?.outcome ?? null,
  };
}

const NOT_A_CUSTOMER: Pick<Finding, 'verdict' | 'score'> = { verdict: 'not_applicable', score: null };

/**
 * The outcome when something decides it before the resolution model: a caller who is no customer, a request for a
 * person left unmet, or a handover the agent announced. Null when the resolution model decides (training reads
 * the same line: it learns only from the conversations the model decides).
 */
export function outcomeDecidedEarly(analysis: ConversationAnalysis): Finding | null {
  const requests = analysis.personRequests();
  const request = personRequestFinding(requests);
  // One reading: when person_request_honored passes on the agent's word that it is transferring the caller
  // (no event, no person's turn), the outcome is that handover too, not a guess from how the call ended; a
  // salesperson put through was handed over as much as a customer (an event decides that by rule, outcome-rule.ts).
  const handedOverOnItsWord = request.verdict === 'pass' && requests.honoured?.saidOnly === true;
  const realInquiry = analysis.realInquiry();
  if (realInquiry.verdict === 'not_met' && !handedOverOnItsWord) {
    return { ...realInquiry, ...NOT_A_CUSTOMER, choice: 'not_real_inquiry' };
  }
  // A request the caller dropped once helped ("then no need for the supervisor") leaves the outcome to what was done.
  if (request.verdict === 'fail' && !requests.withdrawnTurn) {
    return { ...request, choice: 'unresolved', reason: `Unresolved: ${lowerFirst(request.reason)}` };
  }
  if (handedOverOnItsWord) {
    return {
      verdict: 'pass',
      score: null,
      choice: 'escalated',
      reason: `Handed to a person: ${lowerFirst(request.reason)}`,
      evidence_turns: request.evidence_turns,
    };
  }
  return null;
}

function outcomeFinding(analysis: ConversationAnalysis): Finding {
  const early = outcomeDecidedEarly(analysis);
  if (early) return early;
  const resolution = resolutionFinding(
    analysis.reading(),
    resolutionContextOf(analysis),
    analysis.outcomeWeights ?? HAND_OUTCOME_WEIGHTS,
  );
  // A doubt about whether this was a customer at all carries over to the outcome.
  return analysis.realInquiry().verdict === 'uncertain' ? { ...resolution, verdict: 'uncertain' } : resolution;
}

/** What the rest of the analysis tells the resolution model: the booking as its checks read it, and the mood. */
export function resolutionContextOf(analysis: ConversationAnalysis): ResolutionContext {
  const booking = analysis.booking();
  // A confirmation no tool call backs means nothing was booked, unless some other tool did the work; a message
  // sent to the caller does none.
  const anyToolSucceeded = analysis
    .reading()
    .conversation.events.some(
      (event) => event.type === 'tool_call' && eventOutcome(event) === 'success' && !onlySendsAMessage(event),
    );
  const unbackedConfirmation = confirmationAccuracyFinding(booking).verdict === 'fail' && !anyToolSucceeded;
  return {
    bookingFailed: booking.unrecoveredFailure !== null || unbackedConfirmation,
    claimUnbacked: unbackedConfirmation && booking.unrecoveredFailure === null,
    anyToolSucceeded,
    frustration: analysis.frustration().score ?? 0,
    booking,
  };
}

function personRequestHonouredFinding(analysis: ConversationAnalysis): Finding {
  const request = personRequestFinding(analysis.personRequests());
  // A salesperson refused "whoever handles payroll" is not a customer left waiting for a person (docs/decisions.md);
  // one the agent put through was still handed over, and the outcome says `escalated` with it.
  if (analysis.realInquiry().verdict === 'not_met' && request.verdict !== 'pass') {
    return {
      ...NOT_A_CUSTOMER,
      reason: 'Not a customer inquiry, so no request for a person applies.',
      evidence_turns: [],
    };
  }
  return request;
}

/** The model's answer for each built-in check. */
export const MODEL_FINDINGS: Record<BuiltinCheckKey, (analysis: ConversationAnalysis) => Finding> = {
  outcome: outcomeFinding,
  real_inquiry: (analysis) => analysis.realInquiry(),
  person_request_honored: personRequestHonouredFinding,
  frustration: (analysis) => analysis.frustration(),
  ai_disclosure: (analysis) => aiDisclosureFinding(analysis.reading(), analysis.learnedTurns()),
  booking_confirmation_accurate: (analysis) => confirmationAccuracyFinding(analysis.booking()),
  booking_failure_disclosed: (analysis) => failureDisclosureFinding(analysis.booking(), analysis.reading()),
};
