/**
 * What the resolution model reads in a conversation: how the agent left things (done, unable, deferred), whether
 * the caller's question got a concrete answer, how the caller signed off, loops and unanswered questions, and
 * what the tool calls did. Each is a sign with the turn that shows it, so that a reason can cite it.
 */
import { type ConversationEvent, eventOutcome } from '../../domain/conversation.js';
import { anyCueMatches, anyOf, type Cue, type CueMatch, cue, firstAffirmed, gap } from './cue.js';
import { BARE_COMPLETION, HUMAN_QUALIFIER, MACHINE, MIN_REPEATED_STATEMENT_WORDS } from './lexicon.js';
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
  REGRET,
  SIGN_OFF_DEFERRED,
  SIGN_OFF_PLEASED,
  SIGN_OFF_SATISFIED,
  SIGN_OFF_UNSATISFIED,
} from './resolution-cues.js';
import { type ToolKind, toolKind, UNFINISHED_STATUSES } from './tool-kinds.js';

export interface Signals {
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

export type AgentStateKind = 'unable' | 'done' | 'deferred' | 'notYet';

const MIN_REPEATED_WORDS = 5;

/**
 * A turn said again word for word, or a question asked again word for word ("Can I have your account number?"),
 * or a statement of some length repeated in a later turn ("The skipper will decide on the day."): the agent is
 * stuck in a loop.
 */
function repeatedAgentTurn(reading: ConversationReading): ReadTurn | null {
  const said = new Set<string>();
  const asked = new Set<string>();
  const stated = new Set<string>();
  for (const turn of reading.turns) {
    if (turn.speaker !== 'agent') continue;
    const words = turn.sentences.map((sentence) => sentence.text).join(' ');
    if (said.has(words) && words.split(' ').length >= MIN_REPEATED_WORDS) return turn;
    said.add(words);
    const statedHere: string[] = [];
    for (const sentence of turn.sentences) {
      const length = sentence.text.split(' ').length;
      if (!sentence.text.endsWith('?')) {
        if (length < MIN_REPEATED_STATEMENT_WORDS || CHECKS_IN.test(sentence.text)) continue;
        if (stated.has(sentence.text)) return turn;
        statedHere.push(sentence.text);
        continue;
      }
      if (length < MIN_REPEATED_WORDS) continue;
      // "Is there anything else I can help with?" closes each task; asking it twice is no loop.
      if (asked.has(sentence.text) && !anyCueMatches(sentence, OFFER_MORE)) return turn;
      asked.add(sentence.text);
    }
    for (const sentence of statedHere) stated.add(sentence);
  }
  return null;
}

function firstMatch(turn: ReadTurn, cues: readonly Cue[]): string | null {
  for (const sentence of turn.sentences) if (firstAffirmed(sentence, cues)) return sentence.original;
  return null;
}

/** A caller turning to another matter: "well, hang on, you grind your own flour there don't you?" */
const NEW_MATTER =
  /(?:^| )(?:hang on|while i have you|since i have you|since i got you|since i got ya|by the way|another question|one more thing|on another note|oh and|anyway)(?: |$)/;

/** A sentence that asks, with its question mark or, in chat, only its first word. */
const ASKS = /\?$|^(?:what|how|when|where|why|which|who|do|does|did|can|could|is|are|will|would)(?: |$)/;

/** A sign-off, unless the caller goes on to ask in the same turn ("whatever. what's the weight range"). */
function signOffIn(turn: ReadTurn, cues: readonly Cue[]): string | null {
  const at = turn.sentences.findIndex((sentence) => firstAffirmed(sentence, cues));
  if (at === -1) return null;
  const asksAfter = turn.sentences.slice(at + 1).some((sentence) => ASKS.test(sentence.text));
  return asksAfter ? null : (turn.sentences[at] as ReadTurn['sentences'][number]).original;
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
  'call',
];
function mentionsAny(text: string, words: readonly string[]): boolean {
  return words.some((word) => text.includes(word));
}

/**
 * The agent saying it cannot help. Regret alone ("unfortunately", "I'm afraid") with something concrete in the
 * sentence is an answer the caller did not hope for, not a refusal: "I'm afraid the house is closed on Tuesdays",
 * "We collect Monday to Saturday, not Sundays, I'm afraid."
 */
function inability(sentence: ReadTurn['sentences'][number]): CueMatch | null {
  const refusal = firstAffirmed(sentence, AGENT_UNABLE_BUT_REGRET);
  if (refusal !== null) return CLEAR_NO.test(sentence.text) ? null : refusal;
  return CONCRETE_ANSWER.test(sentence.text) || CLEAR_NO.test(sentence.text) ? null : firstAffirmed(sentence, [REGRET]);
}

/**
 * A clear no: the business's own rule, given with its reason, its limit or what it does instead ("Plants can be
 * returned within 14 days, so we can't refund", "we don't buy ex-library copies at all", "We can't sell a shotgun
 * to you until you have the certificate", "Not at Sowerby Bridge, I'm afraid"). The labelling rules count it as an
 * answer; an agent unable to look or help ("I'm not able to do that here") is not one.
 */
const CLEAR_NO =
  /(?:^| )we (?:can not|do not|are not able to|never|only) (?!have |help |check |see |find |access |look |know |handle |deal )[a-z]+(?: [^ ]+)*? (?:at all|until|unless|without|because|since|so|only|within|instead|outside|;|:)(?: |$)|(?:^| )(?:so|because|since) (?:i am afraid )?we (?:can not|do not|are not able to)(?: |$)|^not (?:at|on|in|for|before|after|until|with|from) |^(?:(?:i am )?afraid not|sorry ,? no|unfortunately not|no ,? (?:i am afraid|sorry))(?: [:;,.!-]|$)/;
function statesInability(sentence: ReadTurn['sentences'][number]): boolean {
  return inability(sentence) !== null;
}
const AGENT_UNABLE_BUT_REGRET = AGENT_UNABLE.filter((entry) => entry !== REGRET);

/** Which state a sentence states, if any. Deferral and "not yet" qualify a completion said with them. */
function agentState(sentence: ReadTurn['sentences'][number]): AgentStateKind | null {
  const pending = mentionsAny(sentence.text, PENDING_WORDS);
  const handedOn = mentionsAny(sentence.text, HAND_ON_WORDS_SAID);
  if (!pending && !handedOn && !anyCueMatches(sentence, ANY_AGENT_STATE)) return null;
  if (CONDITIONAL.test(sentence.text)) return null;
  if (firstAffirmed(sentence, AGENT_DEFERRED) || (handedOn && firstAffirmed(sentence, AGENT_HANDED_ON)))
    return 'deferred';
  if (pending && firstAffirmed(sentence, AGENT_NOT_YET)) return 'notYet';
  const done = firstAffirmed(sentence, AGENT_DONE);
  // Of a completion and a refusal in one sentence, the later one is where it ended: "Setups are scheduled by Tomás
  // himself, so I can't book one", against "3 PM is taken, I'm afraid, but I've booked you at 4".
  if (done) return (inability(sentence)?.firstToken ?? -1) > done.firstToken ? 'unable' : 'done';
  if (pending && firstAffirmed(sentence, AGENT_QUEUED)) return 'deferred';
  if (statesInability(sentence) && !firstAffirmed(sentence, [ABOUT_ITSELF])) return 'unable';
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

export function readSignals(reading: ConversationReading): Signals {
  let lastAgentState: Signals['lastAgentState'] = null;
  for (const turn of reading.turns) {
    if (turn.speaker !== 'agent') continue;
    // Within a turn the later sentence wins: "Unfortunately 3 PM is taken, but I've booked you at 4." Except that
    // a contact promised after a completion in the same turn is the next step, not a deferral: "I've opened claim
    // 88-204. An adjuster will contact you within 24 hours."
    let doneInTurn = false;
    // "I'm sorry, we can't. We can't sell a shotgun to you until you have the certificate.": the bare refusal is
    // the clear no the turn goes on to explain.
    const clearNo = turn.sentences.some((sentence) => CLEAR_NO.test(sentence.text));
    for (const sentence of turn.sentences) {
      const kind = agentState(sentence);
      if (!kind || (kind === 'deferred' && doneInTurn) || (kind === 'unable' && clearNo)) continue;
      // A number for a request refused or handed on is not the request done: "I can't refund it myself; I've
      // raised a review with the payments team. The reference number is PR-55102."
      if (kind === 'done' && lastAgentState && lastAgentState.kind !== 'done' && receiptOnly(sentence)) continue;
      lastAgentState = { kind, turn, said: sentence.original };
      // Only a plain completion: "I can't transfer you, but your message is marked urgent" hands the request on.
      // A bare "Done." names nothing: "Done. Gary will ring you tomorrow" says what was done, a call promised.
      doneInTurn = kind === 'done' && !statesInability(sentence) && !BARE_COMPLETION.test(sentence.text);
    }
  }
  const userTurns = reading.turns.filter((turn) => turn.speaker === 'user');
  let signOff: Signals['signOff'] = null;
  for (const turn of userTurns.slice(-2)) {
    const unsatisfied = signOffIn(turn, SIGN_OFF_UNSATISFIED);
    const satisfied = signOffIn(turn, SIGN_OFF_SATISFIED);
    const deferred = signOffIn(turn, SIGN_OFF_DEFERRED);
    if (unsatisfied !== null) signOff = { kind: 'unsatisfied', turn, said: unsatisfied };
    else if (satisfied !== null)
      signOff = { kind: 'satisfied', turn, said: satisfied, ritual: firstMatch(turn, SIGN_OFF_PLEASED) === null };
    else if (deferred !== null) signOff = { kind: 'deferred', turn, said: deferred };
  }
  const lastTurn = reading.turns.at(-1);
  const unansweredQuestion = lastTurn?.speaker === 'user' && lastTurn.text.trim().endsWith('?') ? lastTurn : null;
  const answered = lastAnsweredQuestion(reading);
  // What the agent could not do concerned an earlier matter when the caller then turned to a new one and got an
  // answer: "I'm afraid I don't have their number" to a wrong number who goes on "well, hang on, do you sell flour?"
  const unableBeforeAnswer =
    lastAgentState?.kind === 'unable' &&
    answered !== null &&
    answered.index > lastAgentState.turn.index &&
    reading.turns.some(
      (turn) =>
        turn.speaker === 'user' &&
        turn.index > lastAgentState.turn.index &&
        turn.index < answered.index &&
        turn.sentences.some((sentence) => NEW_MATTER.test(sentence.text)),
    );
  return {
    lastAgentState: unableBeforeAnswer ? null : lastAgentState,
    answered,
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
/**
 * What the caller came for said without a question: "ok just wanted to know the price to copy a key", "just the
 * price for the jungle room", "i need boxes , do you sell them". A concrete reply to it answers it as it would a
 * question.
 */
const ASKS_WITHOUT_QUESTION =
  /^(?:(?:so|and|okay|ok|hi|hiya|hello|hey|um|uh|er|erm|yes|yeah|right|well|no|oh|just) (?:, )?)*(?:(?:(?:i|we) )?(?:just )?(?:need|needed|want|wanted|would like|am looking for|was looking for|am after|was after|was wondering)|(?:the )?(?:price|prices|cost|times|hours|address|number) (?:of|for|to)) |(?:^|, )(?:do|does|can|could|is|are) (?:you|they|it|there|i|we) |(?:^| )(?:how much|how many|how long|what time|wondering about|price-wise|roughly what)(?: |$)/;
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
  /(?:^|[^a-z])(?:\d|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekdays|weekends|noon|midnight|morning|afternoon|evening|a\.m\.|p\.m\.)|(?:^| )(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|half|twice|once)(?: |-|$)|^(?:yes|no|yep|nope|we do|they do|it does|it is|you can|that is right|correct|exactly)(?: |$)|^(?:you can|you will|your|it|they|we|the|that|both|all|each|every|for|twice|once|most|usually|only|a|an) /;

/** "It depends on the head and the type of pocket you want": the answer left open. */
const DEPENDS =
  /^(?:(?:well|so|honestly|great question !?|,) )*(?:it|that|this|the price|the cost|pricing) (?:really |all )?depends(?: |$)/;

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
        (sentence.text.endsWith('?') ||
          QUESTION_START.test(sentence.text) ||
          ASKS_WITHOUT_QUESTION.test(sentence.text)) &&
        !anyCueMatches(sentence, ASKS_WHAT_IT_IS),
    );
    if (!asks) continue;
    // The reply is the agent's next turn that states something; turns that only ask the caller for details
    // ("Could you share your order number?") come before it.
    for (const reply of turns.slice(position + 1)) {
      if (reply.speaker === 'human_agent') break;
      if (reply.speaker !== 'agent') continue;
      const statements = reply.sentences.filter((sentence) => !sentence.text.endsWith('?'));
      const unable = reply.sentences.some((sentence) => statesInability(sentence) && !CONDITIONAL.test(sentence.text));
      const concrete = statements.some(
        (sentence) => CONCRETE_ANSWER.test(sentence.text) && !DEPENDS.test(sentence.text),
      );
      if (!unable && concrete) answered = reply;
      if (unable || !asksOnly(reply)) break;
    }
  }
  return answered;
}

export interface ToolSignals {
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

export function readTools(events: readonly ConversationEvent[], bookingFailed: boolean): ToolSignals {
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
