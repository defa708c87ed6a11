/**
 * How agents tell a caller that a booking is made ("you're all set for Tuesday at 3", "booking was
 * successful", "got you down for the 9:15") or that it is not ("I wasn't able to lock that in",
 * "the system is down", "that slot is no longer available").
 */
import { anyCueMatches, anyOf, type Cue, cue, firstAffirmed, gap, optional } from './cue.js';
import type { ReadSentence } from './read-sentence.js';
import type { ReadTurn } from './reading.js';

const NOW = optional(
  anyOf('now', 'all', 'successfully', 'officially', 'also', 'just', 'gone ahead and', 'went ahead and'),
);
const DONE_VERB = anyOf(
  'booked',
  'scheduled',
  'reserved',
  'rebooked',
  'rescheduled',
  'confirmed',
  'locked in',
  'secured',
  'penciled in',
  'pencilled in',
);
/** Verbs that say a booking is made only when a booking is being discussed ("the change is saved" is not one). */
const CONTEXTUAL_DONE_VERB = anyOf(
  'saved',
  'held',
  'made',
  'purchased',
  'issued',
  'set',
  'all set',
  'on the schedule',
  'all yours',
  'taken care of',
);
const BE_DONE = `${anyOf('is', 'are', 'has been', 'have been', 'was', 'were')} (?!already |fully )${NOW}`;
const NOT_A_BOOKING_AFTER = '(?! up| solid| out| to)';

const DAY_OR_TIME = anyOf(
  'today',
  'tonight',
  'tomorrow',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'next week',
  'this week',
  '[0-9][0-9:]*',
);

/** Statements that a booking exists, whatever else was said. */
const EXPLICIT_CLAIMS: readonly Cue[] = [
  // "I've moved you to Friday at 12:15", "I switched your appointment to the 9th"
  cue(
    `${anyOf('i have', 'i', 'we have', 'we')} ${NOW}${anyOf('moved', 'switched', 'changed')} ${anyOf('you', 'your', 'it', 'that', 'the')}`,
  ),
  // "All booked!", "Booked ✅ Your visit is today at 2:15"
  cue(
    `^${optional(anyOf('okay', 'great', 'perfect', 'alright', 'awesome', 'done'))}${optional(',')}${optional('all')}${DONE_VERB}(?= [.!,:]| [^a-z ]| your| for|$)`,
  ),
  cue(`${anyOf('i have', 'i', 'we have', 'we')} ${NOW}${NOW}${DONE_VERB}`),
  cue(`${BE_DONE}${DONE_VERB}${NOT_A_BOOKING_AFTER}`),
  cue(
    `you are ${NOW}${anyOf(DONE_VERB, 'on the schedule', 'on the books', 'down for', 'set for', 'all set for', 'in for')}`,
  ),
  cue(
    `${anyOf('got you down', 'have you down', 'put you down', 'penciled you in', 'pencilled you in', 'got you in', 'got you booked', 'have you booked', 'have you scheduled', 'have you confirmed', 'squeezed you in', 'fit you in')}`,
  ),
  cue(
    `${anyOf('booking', 'reservation', 'appointment', 'order')} ${optional(anyOf('was', 'is', 'has been'))}${anyOf('successful', 'a success', 'confirmed', 'complete', 'completed')}`,
  ),
  cue(
    `${anyOf('confirmation number', 'confirmation code', 'confirmation #', 'reference number', 'booking reference', 'booking number', 'reservation number')}`,
  ),
  cue(
    `${anyOf('we will', 'we are going to')} have ${optional(anyOf('a', 'the', 'your'))}${anyOf('table', 'room', 'car', 'spot')} ready`,
  ),
];

/** Statements that read as a confirmation only where a booking is being discussed. */
const CONTEXTUAL_CLAIMS: readonly Cue[] = [
  cue(`you are ${optional('all')}${anyOf('set', 'good to go', 'sorted')}`),
  cue(`^${optional(anyOf('okay', 'great', 'perfect', 'alright', 'awesome'))}${optional(',')}all set`),
  // "That worked this time", "okay, that went through: Thursday at 9"
  cue(
    `${anyOf('that', 'it', 'this')} ${optional(anyOf('finally', 'just'))}${anyOf('worked', 'went thru', 'saved', 'took')}(?! ${anyOf('out', 'off', 'up')}(?: |$))`,
    {
      negatable: false,
    },
  ),
  // "Your cleaning is now Friday at 1", "your installation is now Thursday between 12 and 4"
  cue(
    `is now ${optional(anyOf('on', 'at', 'for', 'set for', 'scheduled for', 'booked for'))}${optional('this')}${DAY_OR_TIME}`,
  ),
  // "Friday at 5:30 with Andre it is."
  cue(`${DAY_OR_TIME} ${gap(4)}it is(?: [.!])*$`),
  // "You're on bike 22 for Saturday", "you're in the 9:00 class"
  cue(`you are ${anyOf('on', 'in')} ${gap(4)}${anyOf('for', 'at', 'on')} ${DAY_OR_TIME}`),
  cue(`${BE_DONE}${CONTEXTUAL_DONE_VERB}${NOT_A_BOOKING_AFTER}`),
  cue(
    `${anyOf('consider it done', 'it is all yours', 'that is all yours', 'all yours', 'time is yours', 'spot is yours', 'slot is yours')}`,
  ),
  cue(
    `^${optional(anyOf('okay', 'great', 'perfect', 'alright', 'awesome'))}${optional(',')}${anyOf('all done', 'done', 'that is done', 'it is done', 'that is all done')}(?: [.!,-])`,
  ),
  // "See you then!", "we'll see Ethan on Monday"; not "sorry to see you go" or "I see you in the system".
  cue(
    `(?<!(?:^| )(?:i|to|can) )${anyOf('we will see', 'see', 'looking forward to seeing', 'we look forward to seeing', 'we will be expecting')} ${optional('you')}${gap(1)}${anyOf('then', 'soon', 'there', 'on', 'at', 'this', 'next', 'tomorrow', 'tonight', 'today', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')}`,
  ),
];

/** Where a booking is being discussed. */
const BOOKING_TOPIC = new RegExp(
  `(?:^| )${anyOf('book', 'booking', 'booked', 'schedule', 'scheduled', 'reserve', 'reserved', 'reservation', 'appointment', 'table for', 'slot', 'opening', 'availability')}(?: |$)`,
);

const FAILED_VERB = anyOf(
  'book',
  'schedule',
  'reserve',
  'lock',
  'complete',
  'confirm',
  'make',
  'secure',
  'finalize',
  'process',
  'add',
  'save',
  'hold',
  'finish',
  'go thru',
  'get thru',
  'get it',
  'get that',
  'do that',
  'place',
  'on the schedule',
  'in the system',
  'submit',
);

/** Telling the caller the booking did not happen, in plain or vague words. */
const FAILURE_ADMISSIONS: readonly Cue[] = [
  cue(
    `${anyOf('not able to', 'unable to', 'could not', 'can not', 'did not manage to', 'failed to', 'was not possible to')} ${optional(anyOf('get', 'quite'))}${gap(2)}${FAILED_VERB}`,
    { negatable: false },
  ),
  cue(
    `${anyOf('would not', 'will not', 'does not', 'did not', 'is not', 'was not', 'not')} ${optional('be')}${anyOf('let me', 'letting me', 'allowing me', 'allow me')}`,
    { negatable: false },
  ),
  cue(
    `${anyOf('did not', 'does not', 'has not', 'have not', 'was not', 'is not')} ${optional(anyOf('quite', 'actually'))}${anyOf('go thru', 'get thru', 'work', 'take', 'save', 'process', 'complete', 'successful', 'confirmed', 'booked', 'been booked', 'been confirmed', 'been made')}`,
    { negatable: false },
  ),
  cue(
    `${anyOf('there was', 'there is', 'there has been', 'ran into', 'hit', 'having', 'had', 'experiencing', 'run into', 'got', 'getting', 'giving me', 'shows', 'showing', 'returned', 'throwing')} ${optional(anyOf('a', 'an', 'some'))}${optional(anyOf('small', 'technical', 'system', 'little', 'slight', 'unexpected', 'weird'))}${anyOf('error', 'errors', 'issue', 'problem', 'glitch', 'hiccup', 'snag', 'bug', 'trouble', 'difficulty', 'difficulties', 'technical issue', 'technical difficulties', 'technical problem', 'outage')}`,
    { negatable: false },
  ),
  cue(
    `${anyOf('system', 'booking system', 'scheduler', 'scheduling system', 'computer', 'website', 'tool', 'calendar', 'app', 'it')} ${anyOf('is', 'was', 'seems', 'appears to be', 'is not', 'was not', 'does not seem to be')} ${optional('to be')}${anyOf('down', 'not working', 'offline', 'unavailable', 'having issues', 'acting up', 'erroring', 'cooperating', 'responding', 'loading', 'saving', 'working')}`,
    { negatable: false },
  ),
  cue(
    `${anyOf('something went wrong', 'went wrong', 'did not go as planned', 'unsuccessful', 'not successful', 'failed')}`,
    { negatable: false },
  ),
  cue(
    `${anyOf('is', 'was', 'are', 'were')} ${optional(anyOf('just', 'now'))}${anyOf('no longer available', 'not available anymore', 'already taken', 'just taken', 'taken', 'fully booked', 'fully committed', 'full', 'gone')}`,
    { negatable: false },
  ),
  cue(
    `not ${optional(anyOf('been', 'yet', 'actually'))}${anyOf('booked', 'confirmed', 'scheduled', 'reserved', 'locked in')}`,
    { negatable: false },
  ),
  cue(
    `${anyOf('was', 'is', 'were', 'got', 'has been', 'have been')} ${anyOf('declined', 'rejected', 'denied', 'invalid', 'not valid', 'not accepted', 'refused')}`,
    { negatable: false },
  ),
];

function isQuestionOrCondition(sentence: ReadSentence): boolean {
  return sentence.text.endsWith('?') || /^(?:if|once|when|after|before|as soon as) /.test(sentence.text);
}

export type BookingStatement = { kind: 'claim' | 'admission'; turn: ReadTurn; said: string; explicit: boolean };

/** All the statements' cues: most sentences make none, and one pattern tells so. */
const ANY_STATEMENT: readonly Cue[] = [...FAILURE_ADMISSIONS, ...EXPLICIT_CLAIMS, ...CONTEXTUAL_CLAIMS];

/**
 * What an agent turn says about the booking, in the order said. A contextual claim counts only
 * when `bookingInContext` holds (a booking tool call, or booking words nearby).
 */
export function bookingStatements(turn: ReadTurn, bookingInContext: boolean): BookingStatement[] {
  const statements: BookingStatement[] = [];
  for (const sentence of turn.sentences) {
    if (!anyCueMatches(sentence, ANY_STATEMENT) || isQuestionOrCondition(sentence)) continue;
    if (firstAffirmed(sentence, FAILURE_ADMISSIONS)) {
      statements.push({ kind: 'admission', turn, said: sentence.original, explicit: true });
    } else if (firstAffirmed(sentence, EXPLICIT_CLAIMS)) {
      statements.push({ kind: 'claim', turn, said: sentence.original, explicit: true });
    } else if (bookingInContext && firstAffirmed(sentence, CONTEXTUAL_CLAIMS)) {
      statements.push({ kind: 'claim', turn, said: sentence.original, explicit: false });
    }
  }
  return statements;
}

export function talksAboutBooking(turn: ReadTurn): boolean {
  return turn.sentences.some((sentence) => BOOKING_TOPIC.test(sentence.text));
}
