/**
 * Requests for a person and whether they were honoured. Found by patterns, not sentiment: wink
 * rates "can I speak to a human please" as positive, and what matters is the request itself.
 */
import { isHandoffEvent } from '../../domain/conversation.js';
import { anyOf, type Cue, cue, firstAffirmed, gap, optional } from './cue.js';
import { citeTurn, type Finding, restsOnlyOnMisheard, turnNames, uniqueSorted } from './finding.js';
import { AFFIRMATIVE, HUMAN_QUALIFIER, PERSON_DETERMINER, PERSON_ROLE, PERSON_STRONG } from './lexicon.js';
import type { ConversationReading, ReadTurn } from './reading.js';
import { happenedAfterTurnStarted } from './timeline.js';

const TALK = anyOf('speak', 'talk', 'chat', 'get thru');
// One free word before the role: "the service manager", "one of the vet techs"; roles may be plural.
const ROLE_OBJECT = `${optional(PERSON_DETERMINER)}${optional(HUMAN_QUALIFIER)}(?:[^ ]+ )?${PERSON_ROLE}s?`;

/** Ways a caller asks to be put through to a person. */
const REQUEST_CUES: readonly Cue[] = [
  // "can I speak to someone", "let me talk to a real person", "I'd like to speak with the manager"
  cue(`${TALK} ${anyOf('to', 'with', 'w', 'w/')} ${ROLE_OBJECT}`),
  // A named person: "I need to speak to Ms. Brenner directly", "can I talk to Dr. Lee"
  cue(`${TALK} ${anyOf('to', 'with')} ${anyOf('mr', 'ms', 'mrs', 'miss', 'dr', 'doctor')}(?: \\.)? [^ ]+`),
  // "talk this through with one of your staff", "go over it with someone"
  cue(`${anyOf('talk', 'go', 'speak')} ${anyOf('this', 'it', 'that')} ${anyOf('thru', 'over')} with ${ROLE_OBJECT}`),
  // "transfer me", "connect me with billing", "put me through to a manager", "could I be transferred"
  cue(`${anyOf('transfer', 'connect', 'patch')} me`),
  cue(`put me ${anyOf('thru', 'over')}`),
  // "can you pass me over to him", "hand me to your colleague"
  cue(
    `${anyOf('pass', 'hand', 'send', 'forward')} me ${optional(anyOf('over', 'thru', 'back'))}${anyOf('to', 'onto')}`,
  ),
  // "can I ask the pharmacist", "could I reach someone in billing"
  cue(
    `${anyOf('can i', 'could i', 'may i', 'let me', 'i want to', 'i would like to', 'i need to')} ${anyOf('ask', 'reach', 'get hold of', 'get a hold of')} ${ROLE_OBJECT}`,
  ),
  // "get me someone from maintenance", "get me a supervisor"
  cue(
    `get me ${anyOf('someone', 'somebody', 'anyone', 'a person', 'a human', `${optional(anyOf('a', 'an', 'the', 'your'))}${PERSON_STRONG}`)}`,
  ),
  cue(`${anyOf('be', 'get', 'being')} ${anyOf('transferred', 'connected', 'put thru')}`),
  cue(`${anyOf('transfer', 'connect')} ${anyOf('this call', 'the call', 'my call')}`),
  // "I want a human", "can I get a representative", "get a human on the line"
  cue(
    `${anyOf('want', 'need', 'get', 'have', 'give me', 'would like', 'request', 'see')} ${optional(anyOf('a', 'an', 'the', 'your', 'some', 'to a'))}${PERSON_STRONG}`,
  ),
  // "I need a person to look at it": a person as opposed to the automated agent.
  cue(
    `${anyOf('want', 'need', 'get')} ${anyOf('a person', 'a human', 'a real person', 'people')} ${anyOf('to', 'who', 'that', 'on')}`,
  ),
  // "is there someone I can talk to", "anyone from customer relations I could speak with"
  cue(
    `${anyOf('someone', 'somebody', 'anyone', 'anybody', 'person', 'human')} ${gap(4)}${optional(anyOf('who', 'that'))}${anyOf('i', 'we')} ${anyOf('can', 'could')} ${TALK}`,
  ),
  // "escalate this", "I want this escalated"
  cue(`escalate ${anyOf('this', 'it', 'me', 'my', 'the')}`),
  cue(`${anyOf('this', 'it')} escalated`),
];

/** A turn that is nothing but a role, as callers say to phone menus: "Representative." "Agent, please!" */
const BARE_ROLE = new RegExp(
  `^(?:(?:${anyOf('no', 'no\\.', 'no,', 'please', 'now', 'just', 'okay', 'um', 'uh', 'a', 'an', 'real', 'live', 'human', 'customer service', 'talk to', 'speak to', 'i want', 'i need')}) )*${anyOf('agent', 'representative', 'rep', 'operator', 'human', 'person', 'customer service', 'supervisor', 'manager')}(?: (?:please|now|!|\\.|,))*(?: [.!?])*$`,
);

/**
 * Phrases that turn a match into something other than the caller's own request: a condition, a
 * menu prompt, an offer, or a report of trying ("I've been trying to get through to someone").
 */
const NOT_A_REQUEST_LEAD = new RegExp(
  `(?:^| )(?:if|in case|whether|press ${gap(1)}to|you can|you could|option to|trying to|tried to|try to)( |$)`,
);

/** The agent offering to put the caller through ("Would you like me to transfer you?"). */
const OFFER_CUES: readonly Cue[] = [
  cue(
    `${anyOf('transfer', 'connect', 'put', 'pass', 'hand')} you ${optional(anyOf('thru', 'over'))}${anyOf('to', 'with')}`,
  ),
  cue(`${anyOf('transfer', 'connect')} you`),
];
const ACCEPTANCE = new RegExp(`^${AFFIRMATIVE}(?: |$)`);

/** The agent putting the caller through. */
const HANDOVER_CUES: readonly Cue[] = [
  cue(`${anyOf('transferring', 'connecting', 'handing', 'passing', 'putting')} you`),
  cue(
    `${anyOf('i will', 'i am going to', 'let me', 'going to', 'i am', 'i have')} ${optional(anyOf('now', 'just', 'go ahead and'))}${anyOf('transfer', 'connect', 'put', 'pass', 'hand', 'get')} you`,
  ),
  cue(
    `you ${anyOf('are', 'will be')} ${optional('now')}${optional('being')}${anyOf('transferred', 'connected', 'put thru')}`,
  ),
  cue(`${anyOf('transfer', 'connect')} you ${optional('right')}now`),
];

/** The agent saying the handover cannot happen. */
const HANDOVER_REFUSAL_CUES: readonly Cue[] = [
  cue(
    `${anyOf('not able to', 'unable to', 'can not', 'could not', 'can no longer')} ${anyOf('transfer', 'connect', 'put')}`,
    { negatable: false },
  ),
  cue(
    `${anyOf('is', 'are')} ${anyOf('closed', 'not available', 'unavailable', 'out of the office', 'in the shop', 'busy')}`,
    { negatable: false },
  ),
  cue(`${anyOf('no one', 'nobody')} ${optional(anyOf('is', 'are'))}available`, { negatable: false }),
  cue(`${anyOf('is', 'are', 'can')} ${anyOf('not', 'no')} ${anyOf('available', 'take calls', 'able to take')}`, {
    negatable: false,
  }),
];
const CALLBACK_CUES: readonly Cue[] = [
  cue(
    `${anyOf('call you back', 'call you', 'callback', 'call back', 'give you a call', 'get back to you', 'reach out to you', 'contact you')}`,
    { negatable: false },
  ),
];

export interface PersonRequest {
  turn: ReadTurn;
  /** What was said, for the reason. */
  said: string;
}

interface Handover {
  /** Only the agent's word: no transfer event and no person's turn. */
  saidOnly: boolean;
  turn: ReadTurn | null;
  /** Completes "The caller asked for a person …, ". */
  description: string;
}

export interface PersonRequestAnalysis {
  requests: PersonRequest[];
  /** Requests heard with confidence; misheard-only requests make the verdict uncertain. */
  clearRequests: PersonRequest[];
  honoured: Handover | null;
  refusalTurn: ReadTurn | null;
  callbackTurn: ReadTurn | null;
}

function isOwnRequest(sentenceText: string, matchText: string): boolean {
  const lead = sentenceText.slice(0, sentenceText.indexOf(matchText));
  return !NOT_A_REQUEST_LEAD.test(lead);
}

/** Callers press (or say) zero again and again to reach the operator of a phone menu. */
const ZERO_FOR_OPERATOR = /^(?:(?:zero|0|o)(?: [,.!]| ,)? ?){3,}$/;

function requestIn(turn: ReadTurn): string | null {
  for (const sentence of turn.sentences) {
    if (ZERO_FOR_OPERATOR.test(sentence.text)) return sentence.original;
    const match = firstAffirmed(sentence, REQUEST_CUES);
    if (match && isOwnRequest(sentence.text, match.text)) return sentence.original;
    if (BARE_ROLE.test(sentence.text)) return sentence.original;
  }
  return null;
}

function acceptsOffer(turn: ReadTurn, previousAgentTurn: ReadTurn | undefined): string | null {
  if (!previousAgentTurn) return null;
  const offered = previousAgentTurn.sentences.some(
    (sentence) => sentence.text.endsWith('?') && firstAffirmed(sentence, OFFER_CUES),
  );
  const first = turn.sentences[0];
  if (!offered || !first || !ACCEPTANCE.test(first.text)) return null;
  return first.original;
}

function findRequests(reading: ConversationReading): PersonRequest[] {
  const requests: PersonRequest[] = [];
  let previousAgentTurn: ReadTurn | undefined;
  for (const turn of reading.turns) {
    if (turn.speaker === 'agent') previousAgentTurn = turn;
    if (turn.speaker !== 'user') continue;
    const said = requestIn(turn) ?? acceptsOffer(turn, previousAgentTurn);
    if (said !== null) requests.push({ turn, said });
  }
  return requests;
}

function agentTurnsAfter(reading: ConversationReading, index: number): ReadTurn[] {
  return reading.turns.filter((turn) => turn.speaker === 'agent' && turn.index > index);
}

function saysAny(turn: ReadTurn, cues: readonly Cue[]): boolean {
  return turn.sentences.some((sentence) => firstAffirmed(sentence, cues) !== null);
}

function findHonouring(reading: ConversationReading, firstRequest: ReadTurn): PersonRequestAnalysis['honoured'] {
  // An untimed handoff event is taken to follow the request: events are what the agent did in
  // response to the conversation, and nothing places it earlier.
  const handoff = reading.conversation.events.find(
    (event) => isHandoffEvent(event) && happenedAfterTurnStarted(event, firstRequest, true),
  );
  if (handoff) {
    return { saidOnly: false, turn: null, description: `and was handed over (${handoff.type} event).` };
  }
  const human = reading.turns.find((turn) => turn.speaker === 'human_agent' && turn.index > firstRequest.index);
  if (human)
    return { saidOnly: false, turn: human, description: `and a person took over in ${turnNames([human.index])}.` };
  const agentTurns = agentTurnsAfter(reading, firstRequest.index);
  const lastHandover = agentTurns.findLast((turn) => saysAny(turn, HANDOVER_CUES));
  if (!lastHandover) return null;
  const refusedLater = agentTurns.some(
    (turn) => turn.index >= lastHandover.index && saysAny(turn, HANDOVER_REFUSAL_CUES),
  );
  if (refusedLater) return null;
  return {
    saidOnly: true,
    turn: lastHandover,
    description: `and the agent transferred them in ${turnNames([lastHandover.index])}.`,
  };
}

export function analysePersonRequests(reading: ConversationReading): PersonRequestAnalysis {
  const requests = findRequests(reading);
  const clearRequests = requests.filter((request) => !request.turn.misheard);
  const first = requests[0];
  const after = first ? agentTurnsAfter(reading, first.turn.index) : [];
  return {
    requests,
    clearRequests,
    honoured: first ? findHonouring(reading, first.turn) : null,
    refusalTurn: after.find((turn) => saysAny(turn, HANDOVER_REFUSAL_CUES)) ?? null,
    callbackTurn: after.find((turn) => saysAny(turn, CALLBACK_CUES)) ?? null,
  };
}

function describeRequests(requests: readonly PersonRequest[]): string {
  const [first, ...rest] = requests;
  if (!first) return '';
  if (rest.length === 0) return `The caller asked for a person in ${citeTurn(first.turn, first.said)}`;
  const times = requests.length === 2 ? 'twice' : `${requests.length} times`;
  return `The caller asked for a person ${times} (${turnNames(requests.map((request) => request.turn.index))}, first ${JSON.stringify(first.said.trim())})`;
}

export function personRequestFinding(analysis: PersonRequestAnalysis): Finding {
  const { requests, honoured } = analysis;
  if (requests.length === 0) {
    return {
      verdict: 'not_applicable',
      score: null,
      reason: 'The caller did not ask for a person.',
      evidence_turns: [],
    };
  }
  const evidence = uniqueSorted(requests.map((request) => request.turn.index));
  const asked = describeRequests(requests);
  if (honoured) {
    const turns = honoured.turn ? uniqueSorted([...evidence, honoured.turn.index]) : evidence;
    return {
      verdict: 'pass',
      // A handover resting on the agent's word alone is less certain than an event or a person's turn.
      score: honoured.saidOnly ? 0.2 : 0.03,
      reason: `${asked}, ${honoured.description}`,
      evidence_turns: turns,
    };
  }
  if (restsOnlyOnMisheard(requests.map((request) => request.turn))) {
    return {
      verdict: 'uncertain',
      score: 0.5,
      reason: `${asked}, but that turn may have been misheard and no transfer followed.`,
      evidence_turns: evidence,
    };
  }
  const { refusalTurn, callbackTurn } = analysis;
  const instead = callbackTurn
    ? ` The agent offered a callback in ${turnNames([callbackTurn.index])} instead.`
    : refusalTurn
      ? ` The agent said it could not transfer them in ${turnNames([refusalTurn.index])}.`
      : '';
  const extra = [callbackTurn?.index, refusalTurn?.index].filter((index): index is number => index !== undefined);
  return {
    verdict: 'fail',
    score: requests.length > 1 ? 0.95 : 0.88,
    reason: `${asked} and no transfer followed.${instead}`,
    evidence_turns: uniqueSorted([...evidence, ...extra]),
  };
}
