/**
 * Whether the caller got what they came for. Evidence is weighed in a logistic model: how the agent
 * left things (done, or unable), whether a booking actually went through, how the caller signed off
 * ("perfect, thanks" against "thanks anyway"), and whether they left frustrated or unanswered.
 */
import { type ConversationEvent, eventOutcome } from '../../domain/conversation.js';
import { analyseBooking, type BookingAnalysis, confirmationAccuracyFinding } from './booking.js';
import { anyCueMatches, anyOf, type Cue, cue, firstAffirmed, gap } from './cue.js';
import { citeTurn, type Finding } from './finding.js';
import { HUMAN_QUALIFIER, MACHINE } from './lexicon.js';
import type { ConversationReading, ReadTurn } from './reading.js';
import {
  ABOUT_ITSELF,
  AGENT_DEFERRED,
  AGENT_DONE,
  AGENT_HANDED_ON,
  AGENT_NOT_YET,
  AGENT_QUEUED,
  AGENT_UNABLE,
  CONDITIONAL,
  SIGN_OFF_DEFERRED,
  SIGN_OFF_PLEASED,
  SIGN_OFF_SATISFIED,
  SIGN_OFF_UNSATISFIED,
} from './resolution-cues.js';
import { type ToolKind, toolKind, UNFINISHED_STATUSES } from './tool-kinds.js';

/** Below this distance from an even chance, the model leaves the outcome to a second review. */
const UNCERTAIN_MARGIN = 0.06;

interface Signals {
  lastAgentState: { kind: AgentStateKind; turn: ReadTurn; said: string } | null;
  /** Questions the caller asked that the agent's next turn answered with something concrete. */
  answered: ReadTurn | null;
  /** The agent offering more help ("anything else?"): it takes the request as dealt with. */
  offeredMore: ReadTurn | null;
  /** `ritual`: a satisfied goodbye that is thanks alone ("Okay. Thank you."), which callers say however it went. */
  signOff: { kind: 'satisfied' | 'unsatisfied' | 'deferred'; turn: ReadTurn; said: string; ritual?: boolean } | null;
  unansweredQuestion: ReadTurn | null;
  /** An agent turn, or a question in one, that repeats an earlier one word for word: the agent is stuck in a loop. */
  repeatedAgentTurn: ReadTurn | null;
  /** The conversation ends on the agent asking the caller for something, and the caller never answered. */
  awaitingCaller: ReadTurn | null;
}

type AgentStateKind = 'unable' | 'done' | 'deferred' | 'notYet';

const MIN_REPEATED_WORDS = 5;

/** A turn said again word for word, or a question asked again word for word ("Can I have your account number?"). */
function repeatedAgentTurn(reading: ConversationReading): ReadTurn | null {
  const said = new Set<string>();
  const asked = new Set<string>();
  for (const turn of reading.turns) {
    if (turn.speaker !== 'agent') continue;
    const words = turn.sentences.map((sentence) => sentence.text).join(' ');
    if (said.has(words) && words.split(' ').length >= MIN_REPEATED_WORDS) return turn;
    said.add(words);
    for (const sentence of turn.sentences) {
      if (!sentence.text.endsWith('?') || sentence.text.split(' ').length < MIN_REPEATED_WORDS) continue;
      // "Is there anything else I can help with?" closes each task; asking it twice is no loop.
      if (asked.has(sentence.text) && !anyCueMatches(sentence, OFFER_MORE)) return turn;
      asked.add(sentence.text);
    }
  }
  return null;
}

function firstMatch(turn: ReadTurn, cues: readonly Cue[]): string | null {
  for (const sentence of turn.sentences) if (firstAffirmed(sentence, cues)) return sentence.original;
  return null;
}

/** The cues of the common agent states: most sentences state none, and one pattern tells so. */
const ANY_AGENT_STATE: readonly Cue[] = [...AGENT_DEFERRED, ...AGENT_DONE, ...AGENT_UNABLE];
/**
 * Words without which no "not yet", queue or hand-on statement of the rarer kinds is made: their cues run only
 * where one of them is. Looked for as plain substrings, which costs far less than a pattern over every sentence.
 */
const PENDING_WORDS = ['yet', 'until', 'meantime', 'still', 'list'];
const HAND_ON_WORDS_SAID = [
  'note',
  'message',
  'memo',
  'flag',
  'ask',
  'tell',
  'told',
  'request',
  'search',
  'investigat',
  'review',
  'look',
  'assess',
  'decide',
  'check',
  'follow',
  'query',
  'ticket',
  'case',
  'inquir',
  'enquir',
  'touch',
  'contact',
];
function mentionsAny(text: string, words: readonly string[]): boolean {
  return words.some((word) => text.includes(word));
}

/** Which state a sentence states, if any. Deferral and "not yet" qualify a completion said with them. */
function agentState(sentence: ReadTurn['sentences'][number]): AgentStateKind | null {
  const pending = mentionsAny(sentence.text, PENDING_WORDS);
  const handedOn = mentionsAny(sentence.text, HAND_ON_WORDS_SAID);
  if (!pending && !handedOn && !anyCueMatches(sentence, ANY_AGENT_STATE)) return null;
  if (CONDITIONAL.test(sentence.text)) return null;
  if (firstAffirmed(sentence, AGENT_DEFERRED) || (handedOn && firstAffirmed(sentence, AGENT_HANDED_ON)))
    return 'deferred';
  if (pending && firstAffirmed(sentence, AGENT_NOT_YET)) return 'notYet';
  if (firstAffirmed(sentence, AGENT_DONE)) return 'done';
  if (pending && firstAffirmed(sentence, AGENT_QUEUED)) return 'deferred';
  if (firstAffirmed(sentence, AGENT_UNABLE) && !firstAffirmed(sentence, [ABOUT_ITSELF])) return 'unable';
  return null;
}

/**
 * The agent's last turn asks the caller for something it needs ("What's the order number?") and no answer came:
 * the request waits on the caller. A closing "anything else?" or "are you still there?" asks for nothing.
 */
const CHECKS_IN =
  /(?:^| )(?:still there|still with me|can you hear me|are you there|does that (?:help|answer|make sense|work|sound)|is that (?:all|everything|okay|alright|clear|helpful)|anything else|have a (?:good|great|nice) )(?: |$)/;

function awaitingCaller(reading: ConversationReading): ReadTurn | null {
  const last = reading.turns.at(-1);
  if (last?.speaker !== 'agent') return null;
  const lastSentence = last.sentences.at(-1);
  if (!lastSentence?.text.endsWith('?')) return null;
  if (anyCueMatches(lastSentence, OFFER_MORE) || CHECKS_IN.test(lastSentence.text)) return null;
  return last;
}

/** A reference number: what the agent gives the caller to keep, whatever became of the request. */
const RECEIPT = /(?:^| )(?:reference|confirmation|ticket|case|claim) (?:number|code|#)(?: |$)/;
/** The sentence's completion is only a number to keep, with no other completion in it. */
function receiptOnly(sentence: ReadTurn['sentences'][number]): boolean {
  const match = firstAffirmed(sentence, AGENT_DONE);
  return match !== null && RECEIPT.test(match.text);
}

function readSignals(reading: ConversationReading): Signals {
  let lastAgentState: Signals['lastAgentState'] = null;
  for (const turn of reading.turns) {
    if (turn.speaker !== 'agent') continue;
    // Within a turn the later sentence wins: "Unfortunately 3 PM is taken, but I've booked you at 4." Except that
    // a contact promised after a completion in the same turn is the next step, not a deferral: "I've opened claim
    // 88-204. An adjuster will contact you within 24 hours."
    let doneInTurn = false;
    for (const sentence of turn.sentences) {
      const kind = agentState(sentence);
      if (!kind || (kind === 'deferred' && doneInTurn)) continue;
      // A number for a request refused or handed on is not the request done: "I can't refund it myself; I've
      // raised a review with the payments team. The reference number is PR-55102."
      if (kind === 'done' && lastAgentState && lastAgentState.kind !== 'done' && receiptOnly(sentence)) continue;
      lastAgentState = { kind, turn, said: sentence.original };
      // Only a plain completion: "I can't transfer you, but your message is marked urgent" hands the request on.
      doneInTurn = kind === 'done' && !firstAffirmed(sentence, AGENT_UNABLE);
    }
  }
  const userTurns = reading.turns.filter((turn) => turn.speaker === 'user');
  let signOff: Signals['signOff'] = null;
  for (const turn of userTurns.slice(-2)) {
    const unsatisfied = firstMatch(turn, SIGN_OFF_UNSATISFIED);
    const satisfied = firstMatch(turn, SIGN_OFF_SATISFIED);
    const deferred = firstMatch(turn, SIGN_OFF_DEFERRED);
    if (unsatisfied !== null) signOff = { kind: 'unsatisfied', turn, said: unsatisfied };
    else if (satisfied !== null)
      signOff = { kind: 'satisfied', turn, said: satisfied, ritual: firstMatch(turn, SIGN_OFF_PLEASED) === null };
    else if (deferred !== null) signOff = { kind: 'deferred', turn, said: deferred };
  }
  const lastTurn = reading.turns.at(-1);
  const unansweredQuestion = lastTurn?.speaker === 'user' && lastTurn.text.trim().endsWith('?') ? lastTurn : null;
  return {
    lastAgentState,
    answered: lastAnsweredQuestion(reading),
    offeredMore:
      reading.turns.findLast((turn) => turn.speaker === 'agent' && firstMatch(turn, OFFER_MORE) !== null) ?? null,
    signOff,
    unansweredQuestion,
    repeatedAgentTurn: repeatedAgentTurn(reading),
    awaitingCaller: awaitingCaller(reading),
  };
}

/**
 * A question without its question mark, as speech recognition and chat leave them: "hiya do you do adult nights",
 * "right well what is the water like". Greetings and fillers may come first.
 */
const QUESTION_START =
  /^(?:(?:so|and|but|okay|ok|hi|hiya|hello|hey|morning|um|uh|er|erm|ah|also|yes|yeah|yep|right|well|alright|sorry|wait|oh|just) (?:, )?)*(?:do|does|did|is|are|was|can|could|will|would|how|what|when|where|which|who|why|should|have|has|any|i was wondering|i am wondering|just wondering|quick question)(?: |$)/;
const OFFER_MORE: readonly Cue[] = [
  cue(
    `${anyOf('anything else', 'something else', 'any other questions', 'anything more')} ${gap(2)}${anyOf('help', 'i can', 'can i', 'do for you', 'today')}|${anyOf('anything else', 'any other questions')} (?:[?.!]|$)`,
    { negatable: false },
  ),
];
/**
 * Concrete content in an answer: a number (in figures, or in words as voice transcripts write them: "four pounds
 * fifty"; "one" is left out for "one moment"), a time, a day, a price, a plain yes or no, or a statement about
 * the thing asked of.
 */
const CONCRETE_ANSWER =
  /(?:^|[^a-z])(?:\d|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekdays|weekends|noon|midnight|morning|afternoon|evening|a\.m\.|p\.m\.)|(?:^| )(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|half)(?: |-|$)|^(?:yes|no|yep|nope|we do|they do|it does|it is|you can|that is right|correct|exactly)(?: |$)|^(?:you can|you will|your|it|they|we|the|that|both|all|each|every) /;

/** An agent turn that only asks the caller for something, with at most a courtesy ("Thanks. What's your name?"). */
const COURTESY =
  /^(?:(?:thanks|thank you|okay|sure|great|of course|certainly|no problem|i can (?:check|help|look)[^.!?]*|let me (?:check|see|look)[^.!?]*|happy to help)(?: [.!,])*)$/;
function asksOnly(turn: ReadTurn): boolean {
  return (
    turn.sentences.some((sentence) => sentence.text.endsWith('?')) &&
    turn.sentences.every((sentence) => sentence.text.endsWith('?') || COURTESY.test(sentence.text))
  );
}

/** A question about what the agent is: "is this automated", "r u a bot", "am I talking to a real person". */
const ASKS_WHAT_IT_IS: readonly Cue[] = [
  cue(
    `${anyOf('are you', 'r u', 'are u', 'is this', 'is that', 'am i talking to', 'am i speaking to', 'am i speaking with', 'am i talking with', 'am i chatting with', 'am i chatting w', 'you a', 'u a')} ${gap(3)}(?:${MACHINE}|${HUMAN_QUALIFIER} ${anyOf('person', 'human', 'people')}|human|a person)`,
    { negatable: false },
  ),
];

/** The last caller question (or request) whose next agent turn answered it concretely, without saying it could not. */
function lastAnsweredQuestion(reading: ConversationReading): ReadTurn | null {
  let answered: ReadTurn | null = null;
  const { turns } = reading;
  for (let position = 0; position < turns.length; position += 1) {
    const turn = turns[position] as ReadTurn;
    if (turn.speaker !== 'user') continue;
    // "Is this automated?" asks what the agent is, not for what the caller came for: its answer settles nothing.
    const asks = turn.sentences.some(
      (sentence) =>
        (sentence.text.endsWith('?') || QUESTION_START.test(sentence.text)) &&
        !anyCueMatches(sentence, ASKS_WHAT_IT_IS),
    );
    if (!asks) continue;
    // The reply is the agent's next turn that states something; turns that only ask the caller for details
    // ("Could you share your order number?") come before it.
    for (const reply of turns.slice(position + 1)) {
      if (reply.speaker === 'human_agent') break;
      if (reply.speaker !== 'agent') continue;
      const statements = reply.sentences.filter((sentence) => !sentence.text.endsWith('?'));
      const unable = reply.sentences.some(
        (sentence) => firstAffirmed(sentence, AGENT_UNABLE) && !CONDITIONAL.test(sentence.text),
      );
      if (!unable && statements.some((sentence) => CONCRETE_ANSWER.test(sentence.text))) answered = reply;
      if (unable || !asksOnly(reply)) break;
    }
  }
  return answered;
}

export interface ResolutionContext {
  /** A booking call failed and no later one succeeded, or the agent confirmed a booking that was never made. */
  bookingFailed: boolean;
  anyToolSucceeded: boolean;
  /** The caller's frustration score. */
  frustration: number;
  /**
   * The booking checks' own analysis, when the caller has it: a claim is then read once, as those checks read it.
   * Without it, the rare case that needs it (see confirmedWithoutWork) reads the claims again by the written patterns.
   */
  booking?: BookingAnalysis;
}

interface ToolSignals {
  /** A booking or other work tool succeeded. */
  workDone: boolean;
  /** A booking call succeeded and none failed after it. */
  bookingMade: ConversationEvent | null;
  /** Booking calls were made, none finished, and one is still pending. */
  bookingPending: ConversationEvent | null;
  /** Booking calls were made, none finished, and one reported no status: only a person can tell. */
  bookingUnknown: ConversationEvent | null;
  /** A hand-on tool (a callback, a message, a waitlist place, a ticket) succeeded. */
  handedOn: ConversationEvent | null;
  /** Booking tool calls made, whatever their status. */
  bookingCalls: number;
  /** A tool other than a booking failed, none of the same name succeeded after it, and no other work was done. */
  toolFailed: ConversationEvent | null;
}

function readTools(events: readonly ConversationEvent[], bookingFailed: boolean): ToolSignals {
  const calls = events.filter((event) => event.type === 'tool_call');
  const kinds = calls.map(toolKind);
  const succeeded = (index: number) => eventOutcome(calls[index] as ConversationEvent) === 'success';
  const bookings = calls.filter((_, index) => kinds[index] === 'booking');
  const finished = bookings.filter((call) => eventOutcome(call) !== 'unknown');
  const unfinished = (call: ConversationEvent) => UNFINISHED_STATUSES.has(call.status?.trim().toLowerCase() ?? '');
  const workDone = calls.some(
    (_, index) => succeeded(index) && (kinds[index] === 'booking' || kinds[index] === 'work'),
  );
  return {
    bookingCalls: bookings.length,
    workDone,
    bookingMade: bookingFailed ? null : (bookings.findLast((call) => eventOutcome(call) === 'success') ?? null),
    bookingPending: finished.length === 0 ? (bookings.find(unfinished) ?? null) : null,
    bookingUnknown: finished.length === 0 ? (bookings.find((call) => call.status === undefined) ?? null) : null,
    handedOn: calls.find((_, index) => succeeded(index) && kinds[index] === 'handOn') ?? null,
    toolFailed: workDone ? null : unrecoveredFailure(calls, kinds),
  };
}

/** The last failed non-booking call that no later call of the same name made good (the booking checks read bookings). */
function unrecoveredFailure(calls: readonly ConversationEvent[], kinds: readonly ToolKind[]): ConversationEvent | null {
  for (let index = calls.length - 1; index >= 0; index -= 1) {
    const call = calls[index] as ConversationEvent;
    if (kinds[index] === 'booking' || eventOutcome(call) !== 'failure') continue;
    const retried = calls
      .slice(index + 1)
      .some((later) => later.name === call.name && eventOutcome(later) === 'success');
    if (!retried) return call;
  }
  return null;
}

const WEIGHTS = {
  bias: -0.3,
  agentUnable: 1.6,
  agentDeferred: 1.4,
  /** "Not yet", "still processing". */
  agentNotYet: 1.4,
  /** The caller's question got a concrete answer. */
  answered: -0.9,
  offeredMore: -0.5,
  agentDone: -1.3,
  bookingFailed: 3.5,
  /** A booking call went through: what most callers who talk about bookings came for. */
  bookingMade: -1.0,
  /** The only booking call never finished. */
  bookingPending: 2.5,
  toolSucceeded: -0.7,
  /** A tool failed and nothing made up for it: a reset link that never went out, a refund request that failed. */
  toolFailed: 2.0,
  /** A callback, a message, a waitlist place or a ticket: the request is passed on, not met. */
  handedOn: 0.8,
  satisfiedSignOff: -1.1,
  /** Thanks alone after a refusal or a deferral counts for this much of a satisfied goodbye: it is politeness. */
  ritualAfterStall: 0.5,
  unsatisfiedSignOff: 1.8,
  /** "I'll call back" after the agent could not help. */
  deferredAfterFailure: 0.8,
  unansweredQuestion: 1.2,
  repeatedAgentTurn: 1.6,
  /** The agent's last words ask the caller for something, and no answer came. */
  awaitingCaller: 1.2,
  /** Neither a finished task nor a satisfied goodbye. */
  noClosure: 0.6,
  frustration: 1.2,
};

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/**
 * A booking confirmed with only lookups or hand-ons behind it was never made: offline-model.ts counts any tool's
 * success as possibly doing the work, but an availability check or a callback request books nothing. Read only
 * in that case (rare), by the written booking patterns.
 */
function confirmedWithoutWork(reading: ConversationReading, context: ResolutionContext, tools: ToolSignals): boolean {
  // With a booking call made, its own status tells (failed, pending or made); only without one is a claim unbacked.
  if (context.bookingFailed || !context.anyToolSucceeded || tools.workDone || tools.bookingCalls > 0) return false;
  return confirmationAccuracyFinding(context.booking ?? analyseBooking(reading)).verdict === 'fail';
}

function callName(event: ConversationEvent): string {
  return event.name ?? event.type;
}

/** The likelihood that the caller did not get what they came for, with the reading that drives it. */
export function resolutionFinding(reading: ConversationReading, context: ResolutionContext): Finding {
  const signals = readSignals(reading);
  const { lastAgentState, signOff, unansweredQuestion, repeatedAgentTurn, awaitingCaller } = signals;
  const tools = readTools(reading.conversation.events, context.bookingFailed);
  const unbackedByWork = confirmedWithoutWork(reading, context, tools);
  const bookingFailed = context.bookingFailed || unbackedByWork;
  const bookingMade = bookingFailed ? null : tools.bookingMade;
  const stalled =
    lastAgentState?.kind === 'unable' || lastAgentState?.kind === 'deferred' || lastAgentState?.kind === 'notYet';
  let logit = WEIGHTS.bias;
  if (lastAgentState?.kind === 'unable') logit += WEIGHTS.agentUnable;
  if (lastAgentState?.kind === 'deferred') logit += WEIGHTS.agentDeferred;
  if (lastAgentState?.kind === 'notYet') logit += WEIGHTS.agentNotYet;
  if (signals.answered && !stalled) logit += WEIGHTS.answered;
  if (signals.offeredMore && !stalled) logit += WEIGHTS.offeredMore;
  // A completion statement says nothing when the booking behind it failed.
  if (lastAgentState?.kind === 'done' && !bookingFailed) logit += WEIGHTS.agentDone;
  if (bookingFailed) logit += WEIGHTS.bookingFailed;
  if (bookingMade) logit += WEIGHTS.bookingMade;
  if (tools.bookingPending) logit += WEIGHTS.bookingPending;
  if (tools.workDone) logit += WEIGHTS.toolSucceeded;
  if (tools.handedOn && !tools.workDone) logit += WEIGHTS.handedOn;
  if (tools.toolFailed) logit += WEIGHTS.toolFailed;
  if (signOff?.kind === 'satisfied') {
    const politeOnly = signOff.ritual && stalled ? WEIGHTS.ritualAfterStall : 1;
    logit += WEIGHTS.satisfiedSignOff * signOff.turn.weight * politeOnly;
  }
  if (signOff?.kind === 'unsatisfied') logit += WEIGHTS.unsatisfiedSignOff * signOff.turn.weight;
  if (signOff?.kind === 'deferred' && (lastAgentState?.kind !== 'done' || bookingFailed)) {
    logit += WEIGHTS.deferredAfterFailure * signOff.turn.weight;
  }
  if (unansweredQuestion) logit += WEIGHTS.unansweredQuestion;
  if (repeatedAgentTurn) logit += WEIGHTS.repeatedAgentTurn;
  if (awaitingCaller) logit += WEIGHTS.awaitingCaller;
  if (lastAgentState?.kind !== 'done' && signOff?.kind !== 'satisfied' && !signals.answered && !bookingMade) {
    logit += WEIGHTS.noClosure;
  }
  logit += WEIGHTS.frustration * context.frustration;
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
  else if (context.bookingFailed) parts.push('the booking did not go through');
  else if (unbackedByWork) parts.push('the agent confirmed a booking that no booking tool call made');
  else if (bookingMade && choice === 'resolved')
    parts.push(`the booking went through (${callName(bookingMade)} succeeded)`);
  if (lastAgentState && !(lastAgentState.kind === 'done' && bookingFailed)) {
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
