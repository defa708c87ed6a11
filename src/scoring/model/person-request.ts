/**
 * Requests for a person and whether they were honoured. Found by patterns, not sentiment: wink
 * rates "can I speak to a human please" as positive, and what matters is the request itself. The words and cues
 * read here are in person-request-cues.ts.
 */
import { isHandoffEvent } from '../../domain/conversation.js';
import { anyCueMatches, type Cue, type CueMatch, firstAffirmed, matchCue } from './cue.js';
import { citeTurn, type Finding, restsOnlyOnMisheard, turnNames, uniqueSorted } from './finding.js';
import type { LearnedTurn } from './learned-turns.js';
import {
  ACCEPTANCE,
  ASKS_FOR_NO_ONE,
  ASKS_IF_PRESENT,
  ASKS_TO_TALK_TO,
  BARE_HUMAN_QUESTION,
  BARE_ROLE,
  CALLBACK_CUES,
  CONSULTS_THEIR_OWN,
  DECLINED_AFTER_ALL,
  DEFERRAL,
  DESCRIBED_PERSON,
  ENDS_CLAUSE_OR_PLACE,
  FILLERS,
  HANDOVER_CUES,
  HANDOVER_PUT_OFF,
  HANDOVER_REFUSAL_CUES,
  HAS_FILLER,
  HAVE_THE_FRAME,
  HAVE_THE_FRAME_START,
  IF_YOU_LIKE,
  INDEFINITE_SLOT,
  MACHINE_WORD,
  MISHEARD_ASK,
  NEGATIVE_QUESTION_LEAD,
  NO_SUCH_PERSON,
  NOT_A_REQUEST_LEAD,
  OFFER_CUES,
  OPENS_A_QUESTION,
  OWN_LATER_ACTION,
  OWN_OBJECT,
  OWN_PERSON,
  PERSON_SLOT,
  POLITE_IF,
  PRONOUN_SLOT,
  REACHES_A_PERSON,
  REAL_ONE,
  REQUEST_CUES,
  STRONG_WORD,
  TAKEN_BACK,
  TAKEN_BACK_NEXT,
  TITLED,
  WHEREABOUTS,
  WITHDRAWS_THE_REQUEST,
  writtenAsName,
  YOU_CAN_LEAD,
  ZERO_FOR_OPERATOR,
} from './person-request-cues.js';
import type { ReadSentence } from './read-sentence.js';
import type { ConversationReading, ReadTurn } from './reading.js';
import { happenedAfterTurnStarted } from './timeline.js';

export interface PersonRequest {
  turn: ReadTurn;
  /** What was said, for the reason. */
  said: string;
  /** Found by the turn model alone, not by the written cues: the reason says so. */
  byModel?: boolean;
}

/** A request found in a turn; `byName` when a name (with a title or without) or a pronoun said who was wanted. */
interface FoundRequest {
  said: string;
  byName: boolean;
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
  /** A caller turn after the last request that drops it ("then no need for the supervisor"), if any. */
  withdrawnTurn: ReadTurn | null;
}

const SHORT_QUESTION = 16;
const INNER_CAPITAL = /\s(?!I\b)[A-Z]/;

/** A person asked after or asked for by name: "Is Gloria around?", "Is she available?", "can I talk to Darnell". */
function namedAsk(sentence: ReadSentence): boolean {
  // Asking whether someone is there takes a short question: "Is Gloria around?", "oh hi is Rosa there"
  const asks =
    sentence.tokenStarts.length <= SHORT_QUESTION &&
    (sentence.text.endsWith('?') || OPENS_A_QUESTION.test(sentence.text));
  const present = asks ? ASKS_IF_PRESENT.exec(sentence.text) : null;
  if (present && !sentence.negated[tokenIndexAt(sentence, present.index + 1)]) {
    const slot = present[1] as string;
    const predicate = present[2] as string;
    if (INDEFINITE_SLOT.test(slot)) {
      if (!WHEREABOUTS.test(predicate)) return true;
    } else if (PRONOUN_SLOT.test(slot)) {
      if (!predicate.startsWith('still')) return true;
    } else if (PERSON_SLOT.test(slot) || writtenAsName(slot, sentence.original)) return true;
  }
  // A name shows only by its capital: a sentence without a capitalised word after its first names nobody.
  if (!INNER_CAPITAL.test(sentence.original)) return false;
  const talk = ASKS_TO_TALK_TO.exec(sentence.text);
  if (!talk) return false;
  const [first, second] = (talk[1] as string).split(' ');
  return (
    writtenAsName(first ?? '', sentence.original) && !DEFERRAL.test(sentence.text.slice(talk.index)) && second !== "'s"
  );
}

function tokenIndexAt(sentence: ReadSentence, offset: number): number {
  let index = 0;
  while (index + 1 < sentence.tokenStarts.length && (sentence.tokenStarts[index + 1] ?? Infinity) <= offset) index += 1;
  return index;
}

function isNotOwnRequest(lead: string, sentenceText: string): boolean {
  let read = lead.replace(POLITE_IF, ' ');
  // "you can connect me to someone?" asks, as learners of English do; "you can speak to an agent" offers.
  if (sentenceText.endsWith('?')) read = read.replace(YOU_CAN_LEAD, ' ');
  return NOT_A_REQUEST_LEAD.test(read);
}

/**
 * The sentence without hesitations (and the commas next to them) and repeated words, its negation kept per word;
 * null when it has none.
 */
function withoutDisfluencies(sentence: ReadSentence): ReadSentence | null {
  if (!HAS_FILLER.test(sentence.text)) return null;
  const { text, tokenStarts, negated } = sentence;
  const tokens = tokenStarts.map((start, index) => text.slice(start, (tokenStarts[index + 1] ?? text.length + 1) - 1));
  const isFiller = (index: number) => FILLERS.has(tokens[index] ?? '');
  const kept: ReadSentence = { ...sentence, text: '', tokenStarts: [], negated: [] };
  let last = '';
  for (const [index, token] of tokens.entries()) {
    if (isFiller(index) || (token === ',' && (isFiller(index - 1) || isFiller(index + 1)))) continue;
    if (token === last && /^[a-z]/.test(token)) continue;
    if (kept.text.length > 0) kept.text += ' ';
    kept.tokenStarts.push(kept.text.length);
    kept.negated.push(negated[index] === true);
    kept.text += token;
    last = token;
  }
  return kept;
}

/**
 * The first of the request cues that the caller means as their own request: not negated (unless by a negative
 * question), not after a condition or a menu's prompt, and not a caller's own person consulted first.
 */
function requestMatch(sentence: ReadSentence): CueMatch | null {
  if (!anyCueMatches(sentence, REQUEST_CUES)) return null;
  for (const candidate of REQUEST_CUES) {
    for (const match of matchCue(sentence, candidate)) {
      const start = sentence.tokenStarts[match.firstToken] ?? 0;
      const lead = sentence.text.slice(0, start);
      if (match.negated && !NEGATIVE_QUESTION_LEAD.test(lead)) continue;
      if (isNotOwnRequest(lead, sentence.text) || OWN_LATER_ACTION.test(lead)) continue;
      if (OWN_OBJECT.test(match.text) && DEFERRAL.test(sentence.text.slice(start))) continue;
      // "I'll talk to the landlord", "I might have to speak to a lawyer": what the caller will do, unless it is a
      // person as against the agent that they say they will have ("I will speak to a manager!").
      if (OWN_PERSON.test(lead) && !STRONG_WORD.test(match.text)) continue;
      // "can I get the nurse?" asks for her; "can I get the plumber out on Tuesday" books a visit.
      if (HAVE_THE_FRAME_START.test(match.text) && !DESCRIBED_PERSON.test(match.text)) {
        if (HAVE_THE_FRAME.test(match.text)) continue;
        if (!ENDS_CLAUSE_OR_PLACE.test(sentence.text.slice(start + match.text.length))) continue;
      }
      return match;
    }
  }
  return null;
}

/** Whether the agent's turn speaks of itself as automated ("I'm Nook, the virtual assistant"). */
function agentCalledItselfAutomated(agentTurn: ReadTurn | undefined): boolean {
  return agentTurn?.sentences.some((sentence) => MACHINE_WORD.test(sentence.text)) ?? false;
}

function requestIn(turn: ReadTurn, previousAgentTurn: ReadTurn | undefined): FoundRequest | null {
  let byName: FoundRequest | null = null;
  for (const read of turn.sentences) {
    if (ZERO_FOR_OPERATOR.test(read.text)) return { said: read.original, byName: false };
    // Read as said, then, when that finds nothing, without the hesitations that break a phrase apart.
    let sentence = read;
    let match = requestMatch(read);
    if (!match) {
      const fluent = withoutDisfluencies(read);
      if (fluent) {
        sentence = fluent;
        match = requestMatch(fluent);
      }
    }
    // A title and a name ("can I speak to Dr. Lee") may be a wrong number, as a bare name may.
    if (match && !TITLED.test(match.text)) return { said: read.original, byName: false };
    // "real human?" asks whether the agent is one, unless it has just said it is automated.
    const asksIfHuman = BARE_HUMAN_QUESTION.test(sentence.text) && !agentCalledItselfAutomated(previousAgentTurn);
    const found =
      (BARE_ROLE.test(sentence.text) && !asksIfHuman) ||
      (REAL_ONE.test(sentence.text) && agentCalledItselfAutomated(previousAgentTurn)) ||
      (turn.misheard && MISHEARD_ASK.test(sentence.text));
    if (found) return { said: read.original, byName: false };
    if (!byName && (match || namedAsk(sentence))) byName = { said: read.original, byName: true };
  }
  return byName;
}

function saysNoSuchPerson(turn: ReadTurn | undefined): boolean {
  return turn?.sentences.some((sentence) => NO_SUCH_PERSON.test(sentence.text)) ?? false;
}

const ACCEPTANCE_WITHIN_SENTENCES = 2;

function acceptsOffer(turn: ReadTurn, previousAgentTurn: ReadTurn | undefined): string | null {
  // The yes may follow the choice it takes: "The pro shop. Yes. That."
  const yes = turn.sentences
    .slice(0, ACCEPTANCE_WITHIN_SENTENCES)
    .find((sentence) => ACCEPTANCE.test(sentence.text) && !DECLINED_AFTER_ALL.test(sentence.text));
  if (!previousAgentTurn || !yes || DECLINED_AFTER_ALL.test(turn.sentences[0]?.text ?? '')) return null;
  // An offer is a question, or a statement left to the caller: "I can transfer you if you'd like."
  const offered = previousAgentTurn.sentences.some(
    (sentence) =>
      (sentence.text.endsWith('?') || IF_YOU_LIKE.test(sentence.text)) && firstAffirmed(sentence, OFFER_CUES) !== null,
  );
  return offered ? yes.original : null;
}

/**
 * Requests the written cues find, and those only the turn model reads as one (wordings nobody listed) in a turn
 * that says a word of reaching someone (REACHES_A_PERSON); a turn the model flags that names someone the agent says
 * is not there is still no request for a person who is.
 */
function findRequests(reading: ConversationReading, learned: readonly LearnedTurn[]): PersonRequest[] {
  const requests: PersonRequest[] = [];
  let previousAgentTurn: ReadTurn | undefined;
  for (const turn of reading.turns) {
    if (turn.speaker === 'agent') previousAgentTurn = turn;
    if (turn.speaker !== 'user') continue;
    const found = requestIn(turn, previousAgentTurn);
    if (
      found?.byName &&
      saysNoSuchPerson(reading.turns.find((next) => next.index > turn.index && next.speaker === 'agent'))
    )
      continue;
    if (found && takenBack(reading, turn, found.said)) continue;
    const said = found?.said ?? acceptsOffer(turn, previousAgentTurn);
    if (said !== null) {
      requests.push({ turn, said });
      continue;
    }
    const flagged = learned.find((candidate) => candidate.turn === turn);
    // Read sentence by sentence, the model's request must be in the sentence it read, and not one asking for no one.
    const candidates = flagged?.said
      ? turn.sentences.filter((sentence) => sentence.original === flagged.said)
      : turn.sentences;
    if (
      flagged &&
      candidates.some(
        (sentence) =>
          REACHES_A_PERSON.test(sentence.text) &&
          !CONSULTS_THEIR_OWN.test(sentence.text) &&
          !ASKS_FOR_NO_ONE.test(sentence.text),
      )
    )
      requests.push({ turn, said: flagged.said ?? turn.text, byModel: true });
  }
  return requests;
}

/**
 * Whether the caller took the request back before the agent acted on it: later in the same turn ("... oh,
 * actually, you can probably tell me"), or at the start of their next turn ("nvm just found it") when the agent's
 * turn between neither refused nor offered a callback.
 */
function takenBack(reading: ConversationReading, turn: ReadTurn, said: string): boolean {
  const at = turn.sentences.findIndex((sentence) => sentence.original === said);
  const rest = turn.sentences.slice(at);
  if (rest.some((sentence) => TAKEN_BACK.test(sentence.text))) return true;
  const next = reading.turns.find((later) => later.index > turn.index && later.speaker === 'user');
  if (!next || !TAKEN_BACK_NEXT.test(next.sentences[0]?.text ?? '')) return false;
  const between = reading.turns.filter(
    (other) => other.speaker === 'agent' && other.index > turn.index && other.index < next.index,
  );
  return !between.some((agent) => saysAny(agent, HANDOVER_REFUSAL_CUES) || saysAny(agent, CALLBACK_CUES));
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
  // "I'll connect you with our service team. Before I do, can I get your name?" is no handover yet.
  const lastHandover = agentTurns.findLast(
    (turn) => saysAny(turn, HANDOVER_CUES) && !turn.sentences.some((sentence) => HANDOVER_PUT_OFF.test(sentence.text)),
  );
  if (!lastHandover) return null;
  // Refused at or after the handover, or a callback offered in a later turn ("let me put you through ... they're all
  // out, I'll book you a callback").
  const refusedLater = agentTurns.some(
    (turn) =>
      (turn.index >= lastHandover.index && saysAny(turn, HANDOVER_REFUSAL_CUES)) ||
      (turn.index > lastHandover.index && saysAny(turn, CALLBACK_CUES)),
  );
  if (refusedLater) return null;
  return {
    saidOnly: true,
    turn: lastHandover,
    description: `and the agent transferred them in ${turnNames([lastHandover.index])}.`,
  };
}

export function analysePersonRequests(
  reading: ConversationReading,
  learned: readonly LearnedTurn[] = [],
): PersonRequestAnalysis {
  const requests = findRequests(reading, learned);
  const clearRequests = requests.filter((request) => !request.turn.misheard);
  const first = requests[0];
  const after = first ? agentTurnsAfter(reading, first.turn.index) : [];
  return {
    requests,
    clearRequests,
    honoured: first ? findHonouring(reading, first.turn) : null,
    refusalTurn: after.find((turn) => saysAny(turn, HANDOVER_REFUSAL_CUES)) ?? null,
    callbackTurn: after.find((turn) => saysAny(turn, CALLBACK_CUES)) ?? null,
    withdrawnTurn: withdrawalAfter(reading, requests.at(-1)?.turn.index),
  };
}

/** The first caller turn after `index` that drops the request for a person. */
function withdrawalAfter(reading: ConversationReading, index: number | undefined): ReadTurn | null {
  if (index === undefined) return null;
  return (
    reading.turns.find(
      (turn) =>
        turn.index > index &&
        turn.speaker === 'user' &&
        turn.sentences.some((sentence) => WITHDRAWS_THE_REQUEST.test(sentence.text)),
    ) ?? null
  );
}

function describeRequests(requests: readonly PersonRequest[]): string {
  const [first, ...rest] = requests;
  if (!first) return '';
  const byModel = first.byModel ? " (the turn model's reading)" : '';
  if (rest.length === 0) return `The caller asked for a person in ${citeTurn(first.turn, first.said)}${byModel}`;
  const times = requests.length === 2 ? 'twice' : `${requests.length} times`;
  return `The caller asked for a person ${times} (${turnNames(requests.map((request) => request.turn.index))}, first ${JSON.stringify(first.said.trim())}${byModel})`;
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
  // One possibly misheard turn is for a person to look at; the same request heard in several turns, each unsure,
  // is not one mishearing but a caller repeating themselves.
  if (requests.length < 2 && restsOnlyOnMisheard(requests.map((request) => request.turn))) {
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
