/**
 * Whether the conversation was a real customer inquiry, or a sales pitch, survey, robocall, test or
 * wrong number. Each kind of sign has a strength; signs combine as independent evidence.
 *
 * What makes a caller no customer, in general: they offer something to the business instead of asking for its
 * service (first-person offers to "businesses like yours", asking for whoever handles a business function or for
 * a decision maker's contact, offering to send a brochure); they speak for another organisation calling out (a
 * survey, a campaign, a charity, a supplier chasing an invoice); the message is recorded ("press one", "to be
 * removed from our list"); they meant to reach someone else and never go on to a need of their own; or the agent
 * recognises any of these (declining vendor offers, asking whether anyone is on the line, doubting that the caller
 * is serious). A caller who turns to a need of their own cancels the signs before it.
 */
import { type ConversationEvent, eventOutcome } from '../../domain/conversation.js';
import { anyCueMatches, type Cue, firstAffirmed, matchCue } from './cue.js';
import { citeTurn, type Finding, uniqueSorted } from './finding.js';
import type { LearnedTurn } from './learned-turns.js';
import type { ReadSentence } from './read-sentence.js';
import type { ConversationReading, ReadTurn } from './reading.js';
import {
  CHECKS_THE_LINE,
  DENIES_SELLING,
  NOTHING_ASKED,
  OWN_DEALINGS_CUES,
  PIVOT_CUES,
  REAL_NEED_CUES,
  RIGHT_PLACE_CUES,
  SIGNS,
  type Sign,
} from './real-inquiry-signs.js';
import { handlesAnOrder, toolKind } from './tool-kinds.js';

/** The caller never said anything but greetings (dead air, a chat abandoned after "hello"). */
function nothingAsked(reading: ConversationReading): boolean {
  return reading.turns.every(
    (turn) => turn.speaker !== 'user' || turn.sentences.every((sentence) => NOTHING_ASKED.test(sentence.text)),
  );
}

interface Observed {
  sign: Sign;
  turn: ReadTurn;
  said: string;
  sentence: ReadSentence;
  /** The token at which the sign starts in its sentence. */
  at: number;
}

/**
 * V8 stops optimising a pattern of more than 20 KB of source (kRegExpTooLargeToOptimize), and one such combined
 * pattern runs some fifteen times slower; the cues are therefore combined in lists of at most this many characters.
 */
const MAX_COMBINED_SOURCE = 12_000;

function inLists(cues: readonly Cue[]): readonly (readonly Cue[])[] {
  const lists: Cue[][] = [[]];
  let size = 0;
  for (const each of cues) {
    if (size > 0 && size + each.source.length > MAX_COMBINED_SOURCE) {
      lists.push([]);
      size = 0;
    }
    (lists.at(-1) as Cue[]).push(each);
    size += each.source.length + 1;
  }
  return lists;
}

/** Every sign's cues, per speaker: most sentences show no sign at all, and a few combined patterns tell so. */
const ANY_SIGN_OF: Record<Sign['speaker'], readonly (readonly Cue[])[]> = {
  user: inLists(SIGNS.filter((sign) => sign.speaker === 'user').flatMap((sign) => sign.cues)),
  agent: inLists(SIGNS.filter((sign) => sign.speaker === 'agent').flatMap((sign) => sign.cues)),
};

const LEARNED_SIGN_KIND: Sign['kind'] = "non-customer call (the turn model's reading)";

/** How a reason puts a doubt that a later need answered. */
const DOUBT_ANSWERED: Partial<Record<Sign['kind'], string>> = {
  'wrong number': 'The caller seemed to have reached the wrong place',
  'test message': 'The caller opened as if testing the line',
  prank: 'The caller opened like a prank',
  'robocall or survey': 'The caller did not answer at first',
};

/** Every cue seen, each counted once per turn, so two different sales phrases add up. */
function observeSigns(reading: ConversationReading): Observed[] {
  const observed: Observed[] = [];
  for (const turn of reading.turns) {
    const { speaker } = turn;
    if (speaker === 'human_agent') continue;
    const showing = turn.sentences.filter((sentence) =>
      ANY_SIGN_OF[speaker].some((cues) => anyCueMatches(sentence, cues)),
    );
    if (showing.length === 0) continue;
    for (const sign of SIGNS) {
      if (sign.speaker !== speaker) continue;
      const candidates = showing.filter((sentence) => anyCueMatches(sentence, sign.cues));
      for (const signCue of sign.cues) {
        for (const sentence of candidates) {
          const match = matchCue(sentence, signCue).find((candidate) => !candidate.negated);
          if (!match) continue;
          observed.push({ sign, turn, said: sentence.original, sentence, at: match.firstToken });
          break;
        }
      }
    }
  }
  return observed;
}

function likelihood(observed: readonly Observed[], weigh: (turn: ReadTurn) => number): number {
  return 1 - observed.reduce((clear, seen) => clear * (1 - seen.sign.strength * weigh(seen.turn)), 1);
}

/** The caller's sentences before (`before`) or after a sign, in its turn and in the turns on that side of it. */
function callerSentencesAround(reading: ConversationReading, seen: Observed, side: 'before' | 'after') {
  return reading.turns.flatMap((turn) => {
    if (turn.speaker !== 'user') return [];
    if (turn.index === seen.turn.index) {
      if (seen.turn.speaker !== 'user') return [];
      const at = turn.sentences.findIndex((sentence) => sentence.original === seen.said);
      return side === 'after' ? turn.sentences.slice(at + 1) : turn.sentences.slice(0, at);
    }
    return (side === 'after' ? turn.index > seen.turn.index : turn.index < seen.turn.index) ? turn.sentences : [];
  });
}

/** A need stated after the sign's words in its own sentence: "my son grabbed my phone and ordered twice, can you cancel?" */
function askedLaterInSentence(seen: Observed): boolean {
  return (
    seen.turn.speaker === 'user' &&
    anyCueMatches(seen.sentence, REAL_NEED_CUES) &&
    REAL_NEED_CUES.some((need) =>
      matchCue(seen.sentence, need).some((match) => !match.negated && match.firstToken > seen.at),
    )
  );
}

/** The shortest question that asks something of the business rather than checking the line. */
const MIN_QUESTION_TOKENS = 5;

/**
 * A question of the caller's own, in words no cue lists ("unnu can let it out?", "can we bring our dog on the
 * sidecar tour?"): not one checking where they are or who is there ("is this not the dry cleaners?").
 */
function asksOfItsOwn(sentence: ReadSentence): boolean {
  return (
    sentence.text.endsWith('?') &&
    sentence.tokenStarts.length >= MIN_QUESTION_TOKENS &&
    !CHECKS_THE_LINE.test(sentence.text)
  );
}

/** A sentence asking for something of the business: in words a cue lists, or a question of the caller's own. */
function asksForSomething(sentence: ReadSentence): boolean {
  return firstAffirmed(sentence, REAL_NEED_CUES) !== null || asksOfItsOwn(sentence);
}

/**
 * A request after a doubting sign: in a later turn, later in the same turn ("wrong number? I need a will"), or later
 * in the same sentence.
 */
function askedForSomethingAfter(reading: ConversationReading, seen: Observed): ReadTurn | undefined {
  if (askedLaterInSentence(seen)) return seen.turn;
  return reading.turns.find((turn) => {
    if (turn.speaker !== 'user' || turn.index < seen.turn.index) return false;
    const after =
      turn.index > seen.turn.index
        ? turn.sentences
        : turn.sentences.slice(turn.sentences.findIndex((sentence) => sentence.original === seen.said) + 1);
    return turn.index > seen.turn.index || seen.turn.speaker === 'user' ? after.some(asksForSomething) : false;
  });
}

/**
 * The caller's turns the turn model reads as no customer's (wordings of pitches, surveys and wrong numbers
 * nobody listed), as signs of their probability's strength; a caller who then turns to a need of their own
 * ("anyway, while I have you, can I book ...") cancels them as it cancels a written pitch.
 */
function learnedSigns(reading: ConversationReading, learned: readonly LearnedTurn[]): Observed[] {
  // Once a person has taken over, the caller talks to them ("full boil + gumbo if we can swing it"): the model,
  // trained on first approaches to an agent, has nothing to say about that talk.
  const personFrom = reading.turns.find((turn) => turn.speaker === 'human_agent')?.index ?? Infinity;
  return learned.flatMap(({ turn, probability }) => {
    const sentence = turn.sentences[0];
    if (!sentence || turn.index > personFrom) return [];
    // A caller speaking of their own dealings with the business ("the file's under Okonjo", "when's your
    // engineer coming to fit our cameras") is its customer, whatever else the turn sounds like.
    if (turn.sentences.some((each) => firstAffirmed(each, OWN_DEALINGS_CUES) !== null)) return [];
    // Not a doubt a later "can I ...?" answers: a pitcher goes on with "can I email it over?" in turns the
    // model may not flag. A caller turning to a need of their own (PIVOT_CUES) cancels it.
    const sign: Sign = {
      kind: LEARNED_SIGN_KIND,
      strength: probability,
      cues: [],
      speaker: 'user',
    };
    return [{ sign, turn, said: turn.text, sentence, at: 0 }];
  });
}

/** What a pitcher asks next: someone to reach, a way to reach them, a message passed on, or who is talking. */
const ASKS_FOR_SOMEONE =
  /(?:^| )(?:email|e-mail|contact|number for|manager|owner|director|marketing|partnerships?|let (?:them|him|her) know|pass (?:it|this|that|a message) on|tell (?:them|him|her)|speak (?:to|with)|talk (?:to|with)|a person|a human|an ai|a bot|a robot)(?: |$)/;

/**
 * The turn model's doubt about the caller's opening turn ("is that the leisure centre", "Hello dear sir/madam, i
 * have a offer for you", "I'm reaching out regarding your services"), answered by a later turn it does not doubt
 * that asks for what the business offers ("do you do them little ones sessions"). A later turn the model doubts
 * too ("oh ok my bad. do u have OO gauge track") answers nothing. A pitcher's later asks are mostly for someone
 * to reach, which do not count, and draw the agent's refusal, a written sign that stays.
 */
function withoutOpenersLaterAnswered(
  reading: ConversationReading,
  observed: readonly Observed[],
  learned: readonly LearnedTurn[],
): Observed[] {
  const opener = reading.turns.find((turn) => turn.speaker === 'user');
  if (!opener) return [...observed];
  const doubted = new Set(learned.map((one) => one.turn.index));
  const askedLater = reading.turns.some(
    (turn) =>
      turn.speaker === 'user' &&
      turn.index > opener.index &&
      !doubted.has(turn.index) &&
      turn.sentences.some((sentence) => asksForSomething(sentence) && !ASKS_FOR_SOMEONE.test(sentence.text)),
  );
  if (!askedLater) return [...observed];
  return observed.filter((seen) => !(seen.sign.kind === LEARNED_SIGN_KIND && seen.turn.index === opener.index));
}

/** The agent's signs before a caller denied being a seller ("I'm not selling anything"). */
function withoutAgentGuessesDenied(reading: ConversationReading, observed: readonly Observed[]): Observed[] {
  const denial = reading.turns.find(
    (turn) => turn.speaker === 'user' && turn.sentences.some((sentence) => anyCueMatches(sentence, DENIES_SELLING)),
  );
  if (!denial) return [...observed];
  return observed.filter((seen) => !(seen.sign.speaker === 'agent' && seen.turn.index < denial.index));
}

/**
 * A booking made or an order placed, which only a customer gets: across every development set no conversation with a
 * successful booking call, or a successful call that placed, changed or cancelled an order, was anyone's pitch,
 * survey or wrong number, while callers who open like one ("We're exploring partnerships with experience providers",
 * "it's Declan from Harbour Lane Kitchen Supplies ... put forty dozen in for the eighth") go on to book or buy in
 * wordings no cue lists.
 */
function madeForCaller(reading: ConversationReading): { call: ConversationEvent; what: string } | undefined {
  for (const event of reading.conversation.events) {
    if (event.type !== 'tool_call' || eventOutcome(event) !== 'success') continue;
    if (toolKind(event) === 'booking') return { call: event, what: 'a booking was made' };
    if (handlesAnOrder(event)) return { call: event, what: 'an order was placed' };
  }
  return undefined;
}

export function realInquiryFinding(reading: ConversationReading, learned: readonly LearnedTurn[] = []): Finding {
  // "We don't need anything" after having asked for something closes a customer's call.
  let observed = [...observeSigns(reading), ...learnedSigns(reading, learned)].filter(
    (seen) =>
      !seen.sign.onlyBeforeNeed ||
      !callerSentencesAround(reading, seen, 'before').some(
        (sentence) => firstAffirmed(sentence, REAL_NEED_CUES) !== null,
      ),
  );
  observed = withoutOpenersLaterAnswered(reading, observed, learned);
  observed = withoutAgentGuessesDenied(reading, observed);
  const lastDoubt = observed.findLast((seen) => seen.sign.answeredByNeed);
  const reassured =
    lastDoubt &&
    reading.turns.find(
      (turn) =>
        turn.index > lastDoubt.turn.index &&
        turn.speaker === 'agent' &&
        turn.sentences.some((sentence) => firstAffirmed(sentence, RIGHT_PLACE_CUES) !== null),
    );
  const followUp = lastDoubt
    ? (askedForSomethingAfter(reading, lastDoubt) ?? (reassured ? lastDoubt.turn : undefined))
    : undefined;
  if (followUp) observed = observed.filter((seen) => !seen.sign.answeredByNeed);
  const pivot = reading.turns.find(
    (turn) =>
      turn.speaker === 'user' &&
      observed.some((seen) => seen.turn.index <= turn.index) &&
      turn.sentences.some((sentence) => firstAffirmed(sentence, PIVOT_CUES) !== null),
  );
  // The pitch before the pivot, in earlier turns or earlier in the pivoting turn, no longer counts.
  if (pivot) {
    const pivotAt = pivot.sentences.findIndex((sentence) => firstAffirmed(sentence, PIVOT_CUES) !== null);
    const pitchedBefore = new Set(pivot.sentences.slice(0, pivotAt).map((sentence) => sentence.original));
    observed = observed.filter(
      (seen) =>
        seen.turn.speaker === 'user' &&
        (seen.turn.index > pivot.index || (seen.turn.index === pivot.index && !pitchedBefore.has(seen.said))),
    );
  }
  if (nothingAsked(reading)) {
    return {
      verdict: 'not_met',
      score: 0.85,
      reason: 'The caller never said what they wanted: nothing but greetings or silence.',
      evidence_turns: reading.turns.filter((turn) => turn.speaker === 'user').map((turn) => turn.index),
    };
  }

  // Signs in possibly misheard turns count for less in the score; a verdict they alone would
  // carry is left uncertain.
  const weighted = likelihood(observed, (turn) => turn.weight);
  const asHeard = likelihood(observed, () => 1);
  const fromClearTurns = likelihood(observed, (turn) => (turn.misheard ? 0 : 1));
  const score = Math.round(Math.min(0.97, Math.max(0.03, weighted)) * 100) / 100;
  // A written sign names its kind ("a sales pitch"); the turn model's reading is cited only when none is left.
  const learnedOnly = (seen: Observed) => (seen.sign.kind === LEARNED_SIGN_KIND ? 1 : 0);
  const strongest = [...observed].sort(
    (a, b) => learnedOnly(a) - learnedOnly(b) || b.sign.strength - a.sign.strength,
  )[0];
  if (asHeard < 0.5 || !strongest) {
    const reason = followUp
      ? `${DOUBT_ANSWERED[lastDoubt?.sign.kind ?? 'wrong number'] ?? 'The caller did not sound like a customer at first'}, then asked for something in ${citeTurn(followUp)}.`
      : 'The conversation reads as a genuine customer inquiry.';
    return { verdict: 'met', score, reason, evidence_turns: followUp ? [followUp.index] : [] };
  }
  const turns = observed.map((seen) => seen.turn);
  const evidence = uniqueSorted(turns.map((turn) => turn.index));
  const made = madeForCaller(reading);
  if (made) {
    return {
      verdict: 'met',
      score: 0.1,
      reason: `The caller sounded like a ${strongest.sign.kind} in ${citeTurn(strongest.turn, strongest.said)}, but ${made.what} for them (${made.call.name ?? made.call.type} succeeded): a customer after all.`,
      evidence_turns: evidence,
    };
  }
  const reason = `This looks like a ${strongest.sign.kind}, not a customer inquiry: ${citeTurn(strongest.turn, strongest.said)}.`;
  if (fromClearTurns < 0.5) {
    return {
      verdict: 'uncertain',
      score: 0.5,
      reason: `${reason} The turns it rests on may have been misheard.`,
      evidence_turns: evidence,
    };
  }
  return { verdict: 'not_met', score, reason, evidence_turns: evidence };
}
