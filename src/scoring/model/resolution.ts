/**
 * Whether the caller got what they came for. Evidence is weighed in a logistic model: how the agent
 * left things (done, or unable), whether a booking actually went through, how the caller signed off
 * ("perfect, thanks" against "thanks anyway"), and whether they left frustrated or unanswered.
 */
import { anyCueMatches, anyOf, type Cue, cue, firstAffirmed, gap, optional } from './cue.js';
import { citeTurn, type Finding } from './finding.js';
import type { ConversationReading, ReadTurn } from './reading.js';

/** Below this distance from an even chance, the model leaves the outcome to a second review. */
const UNCERTAIN_MARGIN = 0.06;

const CAN_NOT = anyOf(
  'can not',
  'could not',
  'am not able to',
  'are not able to',
  'is not able to',
  'not able to',
  'unable to',
  'am unable to',
  'do not have',
  'does not have',
  'did not have',
  'no way to',
  'can no longer',
);

/** The agent saying it cannot do what was asked, or sending the caller elsewhere. */
const AGENT_UNABLE: readonly Cue[] = [
  cue(`${anyOf('i', 'we')} ${CAN_NOT}`, { negatable: false }),
  cue(`${anyOf('unfortunately', 'i am afraid', 'i am sorry , but', 'sorry , but')}`, { negatable: false }),
  cue(
    `${anyOf('do not have', 'does not have', 'not have')} ${optional(anyOf('access to', 'the ability to', 'any'))}${anyOf('that information', 'information', 'access', 'that', 'details', 'a status update', 'an estimated')}`,
    { negatable: false },
  ),
  cue(
    `you ${anyOf('will', 'would', 'may', 'might')} ${anyOf('need to', 'have to', 'want to')} ${anyOf('call', 'contact', 'visit', 'go', 'check', 'ask', 'submit', 'speak', 'email', 'try', 'reach out', 'come in', 'book')}`,
    { negatable: false },
  ),
  cue(
    `${anyOf('you can', 'you could', 'please')} ${anyOf('call back', 'try our website', 'try again', 'contact', 'ask the', 'check with', 'submit a', 'book one on', 'review your', 'visit our')}`,
    { negatable: false },
  ),
  // Not "closed": "it's closed Sundays" answers a question about opening hours.
  cue(`${anyOf('is', 'are')} ${anyOf('not available', 'unavailable', 'out of the office')}`, {
    negatable: false,
  }),
  cue(
    `${anyOf('not sure', 'i do not know', 'could not find', 'can not find', 'did not catch', 'still not sure', 'nothing matching', 'no record', 'not find anything')}`,
    { negatable: false },
  ),
  cue(
    `${anyOf('has to be', 'have to be', 'needs to be', 'need to be', 'must be')} ${anyOf('done', 'started', 'handled', 'made', 'submitted', 'processed', 'requested', 'completed')} ${anyOf('in person', 'at', 'by', 'thru', 'online', 'on')}`,
    { negatable: false },
  ),
  cue(`${anyOf('that is our policy', 'it is our policy', 'company policy', 'against our policy')}`, {
    negatable: false,
  }),
];

/** The agent putting the request off to someone later: nothing is solved yet. */
const AGENT_DEFERRED: readonly Cue[] = [
  cue(
    `${anyOf('will', 'is going to', 'are going to', 'should', 'can')} ${optional(anyOf('be able to', 'give you a'))}${anyOf('get back to you', 'follow up', 'call you back', 'reach out to you', 'be in touch', 'look into', 'contact you', 'give you a call', 'call you')}`,
    { negatable: false },
  ),
  cue(
    `${anyOf('scheduled', 'booked', 'arranged', 'requested', 'set up')} ${anyOf('a callback', 'a call back', 'a call')}`,
    {
      negatable: false,
    },
  ),
  cue(
    `${anyOf('i have', 'i will')} ${anyOf('added a note', 'left a note', 'passed', 'forwarded', 'escalated', 'flagged')}`,
    {
      negatable: false,
    },
  ),
];

/** Sentences about what the agent is, not about the caller's request ("I can't say I'm human"). */
const ABOUT_ITSELF = cue(
  `${anyOf('human', 'person', 'robot', 'bot', 'ai', 'machine', 'automated', 'assistant', 'i am one')}(?: [.!?])*$`,
  { negatable: false },
);
const CONDITIONAL = /^(?:if|when|whenever|in case) /;

const DONE = anyOf(
  'updated',
  'changed',
  'canceled',
  'sent',
  'processed',
  'reset',
  'booked',
  'scheduled',
  'reserved',
  'rebooked',
  'added',
  'removed',
  'submitted',
  'issued',
  'refunded',
  'applied',
  'waived',
  'activated',
  'unlocked',
  'fixed',
  'moved',
  'credited',
  'blocked',
  'marked',
  'created',
  'emailed',
  'upgraded',
  'confirmed',
  'set up',
  'verified',
  'ordered',
  'located',
  'restored',
);

/** The agent saying the thing is done or answered. */
const AGENT_DONE: readonly Cue[] = [
  cue(
    `${anyOf('i have', 'i', 'we have', 'we', 'i just')} ${optional(anyOf('now', 'also', 'just', 'gone ahead and', 'went ahead and', 'successfully'))}${DONE}`,
  ),
  cue(
    `${anyOf('has been', 'have been', 'is now', 'was', 'is', 'are')} ${optional(anyOf('now', 'all', 'successfully'))}${DONE}`,
  ),
  cue(
    `${anyOf('you are all set', 'you are set', 'all done', 'done', 'you should receive', 'you will receive', 'you will get', 'you will see', 'is on its way', 'is on the way', 'will be there', 'will be delivered', 'will be ready', 'is ready', 'will arrive', 'should arrive', 'expected to arrive', 'confirmation number', 'reference number')}`,
  ),
];

/** How a satisfied caller signs off. */
const SIGN_OFF_SATISFIED: readonly Cue[] = [
  // Thanks is thanks even within reach of a negation ("not a problem, thank you").
  cue(
    `${anyOf('thanks', 'thank you', 'thank u', 'thank you so much', 'thanks so much', 'ty', 'thx', 'tysm', 'thnx', 'cheers', 'appreciate it', 'i appreciate', 'phew', 'understood', 'i see')}`,
    { negatable: false },
  ),
  cue(
    `${anyOf('perfect', 'great', 'awesome', 'excellent', 'wonderful', 'amazing', 'sweet', 'cool', 'nice', 'lovely', 'brilliant', 'fantastic', 'good to know', 'makes sense', 'that helps', 'that is helpful', 'very helpful', 'sounds good', 'that works', 'got it', 'will do', 'that is all', 'that is it', 'that is everything', 'all i needed', 'that answers', 'what a relief', 'that is a relief', 'reassuring', 'you are the best', 'have a nice day', 'have a great day', 'have a good day')}`,
  ),
];

/** How a caller signs off when they did not get what they came for. */
const SIGN_OFF_UNSATISFIED: readonly Cue[] = [
  cue(`${anyOf('thanks', 'thank you')} ${anyOf('anyway', 'anyways', 'for nothing', 'for trying')}`, {
    negatable: false,
  }),
  // Not "no thanks": that is how callers answer "anything else?".
  cue(`${anyOf('never mind', 'forget it', 'forget about it', 'i give up', 'useless')}`, {
    negatable: false,
  }),
  cue(`^${optional(anyOf('oh', 'yes', 'fine ,'))}whatever(?: [.!,])*$`, { negatable: false }),
  cue(`${anyOf('somewhere else', 'elsewhere', 'another company', 'myself')}`, { negatable: false }),
  cue(
    `${anyOf('that does not help', 'that did not help', 'still do not', 'still not', 'that is what they said', 'that is what you said', 'i was hoping')}`,
    { negatable: false },
  ),
];

/** Putting it off ("I'll call back"): telling only when the agent could not help. */
const SIGN_OFF_DEFERRED: readonly Cue[] = [
  cue(
    `${anyOf('i will', 'i am going to', 'i guess i will', 'i will just', 'we will', 'i will have to', 'i guess')} ${gap(1)}${anyOf('try', 'look', 'call back', 'go', 'wait', 'come back', 'figure', 'do that', 'book on', 'use', 'find')}`,
    { negatable: false },
  ),
];

interface Signals {
  lastAgentState: { kind: 'unable' | 'done' | 'deferred'; turn: ReadTurn; said: string } | null;
  /** Questions the caller asked that the agent's next turn answered with something concrete. */
  answered: ReadTurn | null;
  /** The agent offering more help ("anything else?"): it takes the request as dealt with. */
  offeredMore: ReadTurn | null;
  signOff: { kind: 'satisfied' | 'unsatisfied' | 'deferred'; turn: ReadTurn; said: string } | null;
  unansweredQuestion: ReadTurn | null;
  /** An agent turn that repeats an earlier one word for word: the agent is stuck in a loop. */
  repeatedAgentTurn: ReadTurn | null;
}

const MIN_REPEATED_WORDS = 5;

function repeatedAgentTurn(reading: ConversationReading): ReadTurn | null {
  const said = new Set<string>();
  for (const turn of reading.turns) {
    if (turn.speaker !== 'agent') continue;
    const words = turn.sentences.map((sentence) => sentence.text).join(' ');
    if (said.has(words) && words.split(' ').length >= MIN_REPEATED_WORDS) return turn;
    said.add(words);
  }
  return null;
}

function firstMatch(turn: ReadTurn, cues: readonly Cue[]): string | null {
  for (const sentence of turn.sentences) if (firstAffirmed(sentence, cues)) return sentence.original;
  return null;
}

/** All of an agent's states' cues: most sentences state none, and one pattern tells so. */
const ANY_AGENT_STATE: readonly Cue[] = [...AGENT_DEFERRED, ...AGENT_DONE, ...AGENT_UNABLE];

function readSignals(reading: ConversationReading): Signals {
  let lastAgentState: Signals['lastAgentState'] = null;
  for (const turn of reading.turns) {
    if (turn.speaker !== 'agent') continue;
    // Within a turn the later sentence wins: "Unfortunately 3 PM is taken, but I've booked you at 4."
    for (const sentence of turn.sentences) {
      if (!anyCueMatches(sentence, ANY_AGENT_STATE) || CONDITIONAL.test(sentence.text)) continue;
      if (firstAffirmed(sentence, AGENT_DEFERRED)) lastAgentState = { kind: 'deferred', turn, said: sentence.original };
      else if (firstAffirmed(sentence, AGENT_DONE)) lastAgentState = { kind: 'done', turn, said: sentence.original };
      else if (firstAffirmed(sentence, AGENT_UNABLE) && !firstAffirmed(sentence, [ABOUT_ITSELF]))
        lastAgentState = { kind: 'unable', turn, said: sentence.original };
    }
  }
  const userTurns = reading.turns.filter((turn) => turn.speaker === 'user');
  let signOff: Signals['signOff'] = null;
  for (const turn of userTurns.slice(-2)) {
    const unsatisfied = firstMatch(turn, SIGN_OFF_UNSATISFIED);
    const satisfied = firstMatch(turn, SIGN_OFF_SATISFIED);
    const deferred = firstMatch(turn, SIGN_OFF_DEFERRED);
    if (unsatisfied !== null) signOff = { kind: 'unsatisfied', turn, said: unsatisfied };
    else if (satisfied !== null) signOff = { kind: 'satisfied', turn, said: satisfied };
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
  };
}

const QUESTION_START =
  /^(?:(?:so|and|but|okay|ok|hi|hey|um|uh|also|yes|wait|oh) (?:, )?)*(?:do|does|did|is|are|was|can|could|will|would|how|what|when|where|which|who|why|should|have|has|any)(?: |$)/;
const OFFER_MORE: readonly Cue[] = [
  cue(
    `${anyOf('anything else', 'something else', 'any other questions', 'anything more')} ${gap(2)}${anyOf('help', 'i can', 'can i', 'do for you', 'today')}|${anyOf('anything else', 'any other questions')} (?:[?.!]|$)`,
    { negatable: false },
  ),
];
/** Concrete content in an answer: a number, a time, a day, a price, a plain yes or no. */
const CONCRETE_ANSWER =
  /(?:^|[^a-z])(?:\d|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekdays|weekends|noon|midnight|morning|afternoon|evening|a\.m\.|p\.m\.)|^(?:yes|no|yep|nope|we do|they do|it does|it is|you can|that is right|correct|exactly)(?: |$)|^(?:you can|you will|your|it|they|we|the|that) /;

/** The last caller question (or request) whose next agent turn answered it concretely, without saying it could not. */
function lastAnsweredQuestion(reading: ConversationReading): ReadTurn | null {
  let answered: ReadTurn | null = null;
  const { turns } = reading;
  for (let position = 0; position < turns.length; position += 1) {
    const turn = turns[position] as ReadTurn;
    if (turn.speaker !== 'user') continue;
    const asks = turn.sentences.some((sentence) => sentence.text.endsWith('?') || QUESTION_START.test(sentence.text));
    if (!asks) continue;
    const reply = turns.slice(position + 1).find((next) => next.speaker !== 'user');
    if (reply?.speaker !== 'agent') continue;
    const statements = reply.sentences.filter((sentence) => !sentence.text.endsWith('?'));
    const unable = reply.sentences.some(
      (sentence) => firstAffirmed(sentence, AGENT_UNABLE) && !CONDITIONAL.test(sentence.text),
    );
    if (!unable && statements.some((sentence) => CONCRETE_ANSWER.test(sentence.text))) answered = reply;
  }
  return answered;
}

export interface ResolutionContext {
  /** A booking call failed and no later one succeeded, or the agent confirmed a booking that was never made. */
  bookingFailed: boolean;
  anyToolSucceeded: boolean;
  /** The caller's frustration score. */
  frustration: number;
}

const WEIGHTS = {
  bias: -0.3,
  agentUnable: 1.6,
  agentDeferred: 1.4,
  /** The caller's question got a concrete answer. */
  answered: -0.9,
  offeredMore: -0.5,
  agentDone: -1.3,
  bookingFailed: 3.5,
  toolSucceeded: -0.7,
  satisfiedSignOff: -1.1,
  unsatisfiedSignOff: 1.8,
  /** "I'll call back" after the agent could not help. */
  deferredAfterFailure: 0.8,
  unansweredQuestion: 1.2,
  repeatedAgentTurn: 1.6,
  /** Neither a finished task nor a satisfied goodbye. */
  noClosure: 0.6,
  frustration: 1.2,
};

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** The likelihood that the caller did not get what they came for, with the reading that drives it. */
export function resolutionFinding(reading: ConversationReading, context: ResolutionContext): Finding {
  const signals = readSignals(reading);
  const { lastAgentState, signOff, unansweredQuestion, repeatedAgentTurn } = signals;
  let logit = WEIGHTS.bias;
  if (lastAgentState?.kind === 'unable') logit += WEIGHTS.agentUnable;
  if (lastAgentState?.kind === 'deferred') logit += WEIGHTS.agentDeferred;
  if (signals.answered && lastAgentState?.kind !== 'unable' && lastAgentState?.kind !== 'deferred') {
    logit += WEIGHTS.answered;
  }
  if (signals.offeredMore && lastAgentState?.kind !== 'unable' && lastAgentState?.kind !== 'deferred') {
    logit += WEIGHTS.offeredMore;
  }
  // A completion statement says nothing when the booking behind it failed.
  if (lastAgentState?.kind === 'done' && !context.bookingFailed) logit += WEIGHTS.agentDone;
  if (context.bookingFailed) logit += WEIGHTS.bookingFailed;
  if (context.anyToolSucceeded) logit += WEIGHTS.toolSucceeded;
  if (signOff?.kind === 'satisfied') logit += WEIGHTS.satisfiedSignOff * signOff.turn.weight;
  if (signOff?.kind === 'unsatisfied') logit += WEIGHTS.unsatisfiedSignOff * signOff.turn.weight;
  if (signOff?.kind === 'deferred' && (lastAgentState?.kind !== 'done' || context.bookingFailed)) {
    logit += WEIGHTS.deferredAfterFailure * signOff.turn.weight;
  }
  if (unansweredQuestion) logit += WEIGHTS.unansweredQuestion;
  if (repeatedAgentTurn) logit += WEIGHTS.repeatedAgentTurn;
  if (lastAgentState?.kind !== 'done' && signOff?.kind !== 'satisfied' && !signals.answered) {
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
  ].filter((index): index is number => index !== undefined);
  const parts: string[] = [];
  if (context.bookingFailed) parts.push('the booking did not go through');
  if (lastAgentState && !(lastAgentState.kind === 'done' && context.bookingFailed)) {
    parts.push(
      lastAgentState.kind === 'done'
        ? `the agent completed the request in ${citeTurn(lastAgentState.turn, lastAgentState.said)}`
        : lastAgentState.kind === 'deferred'
          ? `the agent left it for later in ${citeTurn(lastAgentState.turn, lastAgentState.said)}`
          : `the agent could not help in ${citeTurn(lastAgentState.turn, lastAgentState.said)}`,
    );
  } else if (signals.answered) {
    parts.push(`the agent answered the caller's question in ${citeTurn(signals.answered)}`);
  }
  if (signOff) parts.push(`the caller signed off in ${citeTurn(signOff.turn, signOff.said)}`);
  if (unansweredQuestion) parts.push(`the caller's last question in ${citeTurn(unansweredQuestion)} went unanswered`);
  if (repeatedAgentTurn) parts.push(`the agent repeated itself in ${citeTurn(repeatedAgentTurn)}`);
  // A reason always says what decided it; without any particular sign, that is the absence of one.
  const because =
    parts.length > 0
      ? `: ${parts.slice(0, 2).join(', and ')}`
      : choice === 'resolved'
        ? ': nothing points to an unmet request (no failure, no refusal, no unanswered question, no unhappy goodbye)'
        : ': nothing shows the request was dealt with (no finished task, no concrete answer, no satisfied goodbye)';
  const label = choice === 'resolved' ? 'Resolved' : 'Unresolved';
  return {
    verdict: Math.abs(unresolved - 0.5) < UNCERTAIN_MARGIN ? 'uncertain' : choice === 'resolved' ? 'pass' : 'fail',
    score: unresolved,
    choice,
    reason: `${label}${because}.`,
    evidence_turns: [...new Set(evidence)].sort((a, b) => a - b),
  };
}
