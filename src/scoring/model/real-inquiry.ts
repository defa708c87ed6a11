/**
 * Whether the conversation was a real customer inquiry, or a sales pitch, survey, robocall, test or
 * wrong number. Each kind of sign has a strength; signs combine as independent evidence.
 */
import { anyCueMatches, anyOf, type Cue, cue, firstAffirmed, gap, matchCue, optional } from './cue.js';
import { citeTurn, type Finding, uniqueSorted } from './finding.js';
import type { ConversationReading, ReadTurn } from './reading.js';

interface Sign {
  kind: 'wrong number' | 'sales pitch' | 'robocall or survey' | 'test message' | 'prank';
  strength: number;
  cues: readonly Cue[];
  /** Who may show the sign: the caller pitching, or the agent recognising it. */
  speaker: 'user' | 'agent';
}

const BUSINESSES = anyOf(
  'businesses',
  'business owners',
  'companies',
  'practices',
  'offices',
  'dental offices',
  'dealerships',
  'restaurants',
  'clinics',
  'firms',
  'shops',
  'brands',
  'home service companies',
  'service companies',
  'owners',
  'brokerages',
  'agencies',
  'contractors',
);
const MARKETING_TOPICS = anyOf(
  'seo',
  'search engine',
  'google business',
  'google listing',
  'business listing',
  'google maps',
  'first page of google',
  'marketing services',
  'digital marketing',
  'marketing agency',
  'lead generation',
  'buyer leads',
  'qualified leads',
  'booked jobs',
  'merchant services',
  'merchant solutions',
  'credit card processing',
  'payment processing',
  'processing fees',
  'payroll costs',
  'payroll services',
  'energy rates',
  'electricity rate',
  'fixed electricity rate',
  'business loan',
  'business funding',
  'extended warranty',
  'free audit',
  'free trial',
  'free demo',
  'special promotion',
  'limited time offer',
  'business directory',
  'local directory',
  'directory listing',
  'free listing',
  'contractor pricing',
  'wholesale pricing',
  'recruiter',
  'recruiting',
  'staffing agency',
  'staffing needs',
  'placement',
  'locum',

  'quick demo',
  'case study',
  'commercial solar',
  'solar panels',
  'tax credit',
  'review requests',
  'more reviews',
  'five star reviews',
);

const SIGNS: readonly Sign[] = [
  {
    kind: 'wrong number',
    strength: 0.75,
    speaker: 'user',
    cues: [
      cue(
        `wrong ${anyOf('number', 'place', 'company', 'office', 'airline', 'business', 'department', 'line', 'restaurant', 'store', 'clinic', 'provider', 'one', 'person')}`,
        { negatable: false },
      ),
      cue(`${anyOf('dialed', 'called', 'rang', 'got', 'have', 'reached', 'dialled', 'hit')} the wrong`, {
        negatable: false,
      }),
      cue(`wrong ${anyOf('site', 'website', 'page', 'chat', 'link', 'app')}`, { negatable: false }),
      cue(
        `${anyOf('did not mean to', 'meant to call someone else', 'by mistake', 'by accident', 'butt dial', 'butt dialed', 'pocket dial', 'pocket dialed', 'accidentally called', 'accidentally dialed')}`,
        { negatable: false },
      ),
      cue(
        `${anyOf('mixed up', 'mixed', 'confused', 'switched')} ${optional(anyOf('the', 'my', 'up the', 'up my'))}${anyOf('numbers', 'number', 'offices', 'contacts')}|${anyOf('numbers', 'number')} ${anyOf('mixed up', 'confused', 'wrong')}`,
        { negatable: false },
      ),
    ],
  },
  {
    kind: 'wrong number',
    strength: 0.75,
    speaker: 'agent',
    cues: [
      cue(
        `${anyOf('have', 'dialed', 'reached', 'called', 'got')} the wrong ${anyOf('number', 'company', 'business', 'place', 'office')}`,
      ),
      cue(
        `${anyOf('different', 'another')} ${anyOf('provider', 'company', 'business', 'airline', 'restaurant', 'office')}`,
      ),
      cue(
        `${anyOf('no', 'nobody named', 'no one named', 'no one by that name')} ${gap(1)}${anyOf('on our team', 'here', 'works here', 'who works here')}`,
      ),
      // The agent telling the caller where they meant to go: "you may be looking for a restaurant".
      cue(
        `${anyOf('you may be', 'you might be', 'you are probably', 'you may have', 'you might have')} ${anyOf('looking for', 'trying to reach', 'thinking of', 'landed on', 'reached')} ${anyOf('a', 'an', 'the wrong', 'a different', 'another')}`,
        { negatable: false },
      ),
      cue(`wrong ${anyOf('site', 'website', 'page', 'chat', 'number')}`, { negatable: false }),
    ],
  },
  {
    kind: 'wrong number',
    strength: 0.45,
    speaker: 'agent',
    cues: [
      cue(
        `${anyOf('we do not have', 'there is no', 'there is nobody', 'there is no one', 'we have no')} ${gap(3)}${anyOf('here', 'on our team', 'at this office', 'at this number', 'working here', 'by that name')}`,
        { negatable: false },
      ),
    ],
  },
  {
    kind: 'wrong number',
    strength: 0.3,
    speaker: 'user',
    cues: [cue(`${anyOf('sorry to bother you', 'sorry for bothering you', 'sorry to have bothered you')}`)],
  },
  {
    kind: 'sales pitch',
    strength: 0.6,
    speaker: 'user',
    cues: [
      cue(
        `${anyOf('business owner', 'owner or manager', 'decision maker', 'decision-maker', 'owner available', 'the owner available')}`,
      ),
      cue(
        `${anyOf('whoever', 'who', 'person who', 'one who', 'best person to talk to about')} ${optional(anyOf('handles', 'does', 'manages', 'runs', 'is in charge of', 'takes care of', 'looks after'))}${optional(anyOf('your', 'the'))}${anyOf('marketing', 'advertising', 'payroll', 'payment processing', 'payments', 'utility bills', 'utilities', 'it', 'website', 'seo', 'purchasing', 'buying', 'ordering', 'hiring', 'recruiting', 'merchant services')}`,
      ),
      cue(`${anyOf('reaching out to', 'calling', 'contacting', 'talking to', 'working with')} ${gap(2)}${BUSINESSES}`),
      cue(
        `${anyOf('open to a', 'interested in a', 'time for a')} ${gap(2)}${anyOf('demo', 'call', 'meeting', 'chat')}`,
      ),
      cue(
        `we ${optional(anyOf('can', 'could'))}${anyOf('help', 'offer', 'provide', 'work with', 'partner with', 'specialize in', 'get', 'place', 'supply', 'serve')} ${gap(3)}${BUSINESSES}`,
      ),
      cue(
        `${anyOf('name of the owner', 'name of your owner', "the owner's name", 'your managing', 'the decision maker', 'talk about hiring', 'chat about hiring')}`,
      ),
      cue(
        `${anyOf('send', 'email', 'mail')} ${anyOf('you', 'them', 'him', 'her', 'over')} ${optional(anyOf('a', 'our', 'some'))}${anyOf('catalog', 'catalogue', 'brochure', 'information', 'info', 'price list', 'proposal')}`,
      ),
      cue(
        `${anyOf('lower', 'reduce', 'cut', 'save you', 'save on')} ${optional(anyOf('your', 'the'))}${gap(2)}${anyOf('fees', 'rates', 'rate', 'costs', 'bill', 'bills')} ${anyOf('by', 'up to')}`,
      ),
      cue(
        `${anyOf('eligible for', 'qualify for')} ${optional(anyOf('a', 'an'))}${anyOf('lower', 'reduced', 'better', 'special')}`,
      ),
      // A supplier's driver or rep: "a shipment of gloves for your office, is someone there to sign?"
      cue(
        `${anyOf('shipment', 'delivery', 'order')} ${gap(3)}for your ${anyOf('office', 'clinic', 'practice', 'store', 'restaurant', 'shop', 'building')}|${anyOf('someone there to sign', 'someone to sign for', 'anyone there to sign')}`,
      ),
    ],
  },
  {
    kind: 'sales pitch',
    strength: 0.35,
    speaker: 'user',
    cues: [
      cue(MARKETING_TOPICS),
      cue(
        `${anyOf('calling', 'reaching out', 'writing', 'contacting you')} ${anyOf('on behalf of', 'from', 'with')}(?! ${anyOf('my', 'our', 'home', 'work', 'the hospital', 'the office')}(?: |$))`,
      ),
      cue(
        `${anyOf('this is [^ ]+', 'i am', 'we are')} ${anyOf('from', 'with')}(?! ${anyOf('my', 'our', 'apartment', 'unit', 'room', 'you', 'the kids', 'family')}(?: |$))`,
      ),
      cue(
        `${anyOf('updating', 'verifying', 'confirming')} ${optional(anyOf('our', 'your'))}${anyOf('directory', 'listing', 'business information', 'business details', 'records for your business')}`,
      ),
      cue(`${anyOf('we noticed', 'our records show')}`),
      cue(`we ${anyOf('offer', 'sell', 'provide', 'specialize in')}`),
      cue(`${anyOf('packages starting at', 'plans starting at', 'packages start at')}`),
    ],
  },
  {
    kind: 'robocall or survey',
    strength: 0.6,
    speaker: 'user',
    cues: [
      cue(`press ${anyOf('one', '1', 'two', '2', 'nine', '9', 'zero', '0')} ${optional('now')}to`),
      cue(
        `${anyOf('courtesy call', 'important message about', 'important message regarding', 'final notice', 'loan forgiveness')}`,
      ),
      cue(
        `${anyOf('conducting', 'doing', 'running')} ${optional(anyOf('a', 'an'))}${optional(anyOf('short', 'quick', 'brief'))}${anyOf('survey', 'poll', 'research study')}`,
      ),
      cue(`${anyOf('you may qualify', 'you have been selected', 'you have been pre-approved', 'you qualify')}`),
      cue(`${anyOf('a', 'this is a')} ${anyOf('short', 'quick', 'brief')} ${anyOf('survey', 'poll', 'questionnaire')}`),
    ],
  },
  {
    kind: 'robocall or survey',
    strength: 0.6,
    speaker: 'agent',
    cues: [
      // "Not a recording" is the agent answering a caller, not recognising a robocall.
      cue(`${anyOf('recorded message', 'a recording', 'an automated message', 'a robocall', 'an automated call')}`),
      cue(
        `${anyOf('sales', 'vendor', 'marketing', 'solar', 'partnership', 'advertising')} ${anyOf('meetings', 'inquiries', 'enquiries', 'proposals', 'pitches', 'demos', 'offers')}|${anyOf('solicitations', 'solicitation', 'sales calls', 'vendor calls', 'vendor solicitations', 'vendor meetings', 'vendors', 'surveys', 'marketing services', 'marketing calls', 'supply orders', 'polls')}`,
        { negatable: false },
      ),
    ],
  },
  {
    kind: 'sales pitch',
    strength: 0.35,
    speaker: 'agent',
    cues: [
      cue(
        `${anyOf('we are not interested', 'not interested', 'this line is for', 'this line is only for', 'i can only help', 'i am only able to help', 'for customers only')}`,
        { negatable: false },
      ),
    ],
  },
  {
    kind: 'test message',
    strength: 0.75,
    speaker: 'user',
    cues: [
      cue(
        `^${optional(anyOf('this is', 'just', 'only'))}${optional('a')}${anyOf('test', 'testing')}(?: (?:testing|test|one two three|1 2 3|123|,|\\.|!|call|message|please|ignore|ignore this))*$`,
      ),
      cue(
        `${anyOf('this is just a test', 'just a test', 'this is a test', 'only a test', 'a test call', 'test scenario', 'qa team', 'quality assurance team', 'just testing', 'testing testing', 'checking the line', 'checking the phone line', 'checking the new phone line', 'the line works', 'phone line works', 'you can ignore me', 'ignore this call')}`,
        { negatable: false },
      ),
      cue(
        `${anyOf('not a real', 'a fake', 'pretend')} ${gap(1)}${anyOf('order', 'call', 'return', 'scenario', 'request', 'booking', 'customer', 'i bought')}`,
        {
          negatable: false,
        },
      ),
    ],
  },
  {
    kind: 'test message',
    strength: 0.6,
    speaker: 'agent',
    cues: [
      cue(`${anyOf('a test call', 'this is a test', 'a test scenario', 'test call', 'test scenario')}`, {
        negatable: false,
      }),
    ],
  },
  {
    kind: 'wrong number',
    strength: 0.45,
    speaker: 'agent',
    // The agent telling a caller who rang back a spoofed or spam call that the business never called.
    cues: [
      cue(`${anyOf('we did not call you', 'did not call you', 'spoofed', 'spoofed number')}`, { negatable: false }),
    ],
  },
  {
    kind: 'prank',
    strength: 0.6,
    speaker: 'agent',
    cues: [cue(`${anyOf('a joke call', 'a prank call', 'a prank', 'joke call', 'prank call')}`, { negatable: false })],
  },
  {
    kind: 'prank',
    strength: 0.6,
    speaker: 'user',
    cues: [
      cue(
        `${anyOf('prank', 'prank call', 'just bored', 'just messing with you', 'just kidding around', 'tell me a joke', 'is your refrigerator running', 'is your fridge running')}`,
        {
          negatable: false,
        },
      ),
    ],
  },
  {
    // Customers laugh too: laughter only adds to other signs.
    kind: 'prank',
    strength: 0.35,
    speaker: 'user',
    cues: [cue(`${anyOf('ha(?:ha){2,}', 'lmao+', 'hang up hang up')}`, { negatable: false })],
  },
];

/** After a wrong number, a caller who goes on to ask for something is a customer after all. */
const REAL_NEED_CUES: readonly Cue[] = [
  cue(
    `${anyOf('do you', 'can you', 'could you', 'can i', 'could i', 'do you guys', 'i need', 'i want', 'i would like', 'since i have you', 'while i have you')}`,
  ),
];

/** The agent telling a caller who feared a wrong number that they have come to the right place. */
const RIGHT_PLACE_CUES: readonly Cue[] = [
  cue(
    `${anyOf('you have the right', 'you have come to the right', 'you reached the right', 'you have reached the right', 'this is the right')} ${anyOf('place', 'number', 'office', 'people')}`,
  ),
];

/** A salesperson who turns to a need of their own ("while I have you, do you take Delta?") is a customer too. */
const PIVOT_CUES: readonly Cue[] = [
  cue(
    `${anyOf('while i have you', 'since i have you', 'on another note', 'unrelated', 'on a personal note', 'for myself', 'as a patient', 'as a customer', 'i am also a customer', 'i am a customer', 'personal question')}`,
    { negatable: false },
  ),
];

/** What a caller says who has not yet said what they want: greetings, fillers, "are you there". */
const NOTHING_ASKED =
  /^(?:(?:hello|hi|hey|yes|yeah|no|uh|um|hm+|oh|okay|is anyone there|anybody there|is someone there|can you hear me|sorry|[?.!,-])(?: |$))*$/;

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
}

/** Every sign's cues, per speaker: most sentences show no sign at all, and one pattern tells so. */
const ANY_SIGN_OF: Record<Sign['speaker'], readonly Cue[]> = {
  user: SIGNS.filter((sign) => sign.speaker === 'user').flatMap((sign) => sign.cues),
  agent: SIGNS.filter((sign) => sign.speaker === 'agent').flatMap((sign) => sign.cues),
};

/** Every cue seen, each counted once per turn, so two different sales phrases add up. */
function observeSigns(reading: ConversationReading): Observed[] {
  const observed: Observed[] = [];
  for (const turn of reading.turns) {
    const { speaker } = turn;
    if (speaker === 'human_agent') continue;
    const showing = turn.sentences.filter((sentence) => anyCueMatches(sentence, ANY_SIGN_OF[speaker]));
    if (showing.length === 0) continue;
    for (const sign of SIGNS) {
      if (sign.speaker !== speaker) continue;
      const candidates = showing.filter((sentence) => anyCueMatches(sentence, sign.cues));
      for (const signCue of sign.cues) {
        const sentence = candidates.find((candidate) => matchCue(candidate, signCue).some((match) => !match.negated));
        if (sentence) observed.push({ sign, turn, said: sentence.original });
      }
    }
  }
  return observed;
}

function likelihood(observed: readonly Observed[], weigh: (turn: ReadTurn) => number): number {
  return 1 - observed.reduce((clear, seen) => clear * (1 - seen.sign.strength * weigh(seen.turn)), 1);
}

/** A request after the wrong-number sign: in a later turn, or later in the same turn ("wrong number? I need a will"). */
function askedForSomethingAfter(reading: ConversationReading, seen: Observed): ReadTurn | undefined {
  return reading.turns.find((turn) => {
    if (turn.speaker !== 'user' || turn.index < seen.turn.index) return false;
    const after =
      turn.index > seen.turn.index
        ? turn.sentences
        : turn.sentences.slice(turn.sentences.findIndex((sentence) => sentence.original === seen.said) + 1);
    return turn.index > seen.turn.index || seen.turn.speaker === 'user'
      ? after.some((sentence) => firstAffirmed(sentence, REAL_NEED_CUES) !== null)
      : false;
  });
}

export function realInquiryFinding(reading: ConversationReading): Finding {
  let observed = observeSigns(reading);
  const lastWrongNumber = observed.findLast((seen) => seen.sign.kind === 'wrong number');
  const reassured =
    lastWrongNumber &&
    reading.turns.find(
      (turn) =>
        turn.index > lastWrongNumber.turn.index &&
        turn.speaker === 'agent' &&
        turn.sentences.some((sentence) => firstAffirmed(sentence, RIGHT_PLACE_CUES) !== null),
    );
  const followUp = lastWrongNumber
    ? (askedForSomethingAfter(reading, lastWrongNumber) ?? (reassured ? lastWrongNumber.turn : undefined))
    : undefined;
  if (followUp) observed = observed.filter((seen) => seen.sign.kind !== 'wrong number');
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
  const strongest = [...observed].sort((a, b) => b.sign.strength - a.sign.strength)[0];
  if (asHeard < 0.5 || !strongest) {
    const reason = followUp
      ? `The caller reached the wrong place but went on to ask for something in ${citeTurn(followUp)}.`
      : 'The conversation reads as a genuine customer inquiry.';
    return { verdict: 'met', score, reason, evidence_turns: followUp ? [followUp.index] : [] };
  }
  const turns = observed.map((seen) => seen.turn);
  const evidence = uniqueSorted(turns.map((turn) => turn.index));
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
