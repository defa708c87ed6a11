/**
 * How agents tell a caller that a booking is made ("you're all set for Tuesday at 3", "booking was
 * successful", "got you down for the 9:15") or that it is not ("I wasn't able to lock that in",
 * "the system is down", "that slot is no longer available").
 */
import type { BookingActReader } from './booking-acts.js';
import { anyCueMatches, anyOf, type Cue, cue, firstAffirmed, gap, optional } from './cue.js';
import { BARE_COMPLETION } from './lexicon.js';
import { type ReadSentence, tokensOf } from './read-sentence.js';
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
  'purchased',
  'paid for',
);
/** Verbs that say a booking is made only when a booking is being discussed ("the change is saved" is not one). */
const CONTEXTUAL_DONE_VERB = anyOf(
  'saved',
  'made',
  'purchased',
  'issued',
  'set',
  'all set',
  'on the schedule',
  'all yours',
  'taken care of',
  // "That's arranged: tomorrow at 11", "that's all ordered for you", "Monday at 8:45 is on the books"
  'arranged',
  'ordered',
  'sorted',
  'on the books',
  'in the diary',
  // "Right so, that's in the book: bottom pitch, Saturday the fourth"
  'in the book',
  'in the calendar',
  'on the calendar',
);
// "That's gone in the diary for Friday": a booking gone in is one made.
const BE_DONE = `${anyOf('is', 'are', 'has been', 'have been', 'was', 'were', 'is gone', 'has gone')} (?!already |fully )${NOW}`;
// "booked up", "booked solid"; "confirmed once the deposit is paid" names a condition, not a booking made.
const NOT_A_BOOKING_AFTER = `(?! up| solid| out| to| ${anyOf('once', 'when', 'as soon as', 'after', 'if', 'pending')}(?: |$))`;

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
    `^${optional(anyOf('okay', 'great', 'perfect', 'alright', 'awesome', 'done'))}${optional(',')}${optional(anyOf('all', 'both'))}${DONE_VERB}(?= [.!,:]| [^a-z ]| your| for|$)`,
  ),
  cue(`${anyOf('i have', 'i', 'we have', 'we')} ${NOW}${NOW}${DONE_VERB}`),
  cue(`${BE_DONE}${DONE_VERB}${NOT_A_BOOKING_AFTER}`),
  // "Lily's booked for a cleaning next Wednesday", "the 9:15's reserved for you": 's as "is" before a time or party
  cue(`'s ${NOW}${DONE_VERB} ${anyOf('for', 'on', 'at', 'in', 'with', 'from')}`),
  // "you're down for", "you two are down for an 11 AM tour", "you're enrolled on B1 Spanish"
  cue(
    `you ${optional(anyOf('two', 'both', 'all', 'guys', 'folks', 'three', 'four'))}are ${optional(anyOf('both', 'all'))}${NOW}${anyOf(DONE_VERB, 'on the schedule', 'on the books', 'down for', 'set for', 'all set for', 'in for', 'enrolled on', 'enrolled in', 'enrolled for', 'signed up for', 'registered for', 'in the diary')}`,
  ),
  cue(
    `${anyOf('got you down', 'have you down', 'put you down', 'penciled you in', 'pencilled you in', 'got you in', 'got you booked', 'have you booked', 'have you scheduled', 'have you confirmed', 'have you all confirmed', 'have you all booked', 'have you all set', 'squeezed you in', 'fit you in', 'put you in for', 'popped you in', 'popped you down', 'booked you in', 'booked you on')}`,
  ),
  cue(
    `${anyOf('booking', 'reservation', 'appointment', 'order', 'ticket', 'tickets', 'purchase', 'confirmation', 'everything', 'place', 'spot', 'seat', 'slot', 'table')} ${optional(anyOf('was', 'is', "'s", 'has been', 'are', 'have been', 'were'))}${optional(anyOf('now', 'all', 'successfully'))}${anyOf('successful', 'a success', 'confirmed', 'complete', 'completed', 'done', 'finalized', 'placed', 'booked', 'through', 'thru', 'gone thru', 'submitted')}(?! ${anyOf('by', 'once', 'when', 'after', 'if')}(?: |$))`,
  ),
  // "I was able to successfully confirm your reservation", "I managed to get you in"
  cue(
    `${anyOf('i was able to', 'we were able to', 'i managed to', 'we managed to', 'i have managed to', 'i did manage to')} ${NOW}${anyOf('book', 'confirm', 'reserve', 'schedule', 'secure', 'get you in', 'get you booked', 'get you a', 'get you the', 'lock in', 'squeeze you in', 'fit you in')}`,
  ),
  // "I have made the reservation", "we've placed your order", "you have successfully made the reservation"
  cue(
    `${anyOf('i have', 'i', 'we have', 'we', 'you have')} ${NOW}${NOW}${anyOf('made', 'placed', 'completed', 'finalized', 'confirmed', 'set up')} ${anyOf('the', 'your', 'a', 'that')} ${optional(anyOf('dentist', 'doctor', 'table', 'hotel', 'room', 'car', 'flight', 'bus', 'train', 'event', 'ticket'))}${anyOf('reservation', 'booking', 'appointment', 'order', 'purchase')}`,
  ),
  cue(
    `${anyOf('confirmation number', 'confirmation code', 'confirmation #', 'booking reference', 'booking number', 'reservation number')}`,
  ),
  cue(
    `${anyOf('we will', 'we are going to')} have ${optional(anyOf('a', 'the', 'your'))}${anyOf('table', 'room', 'car', 'spot')} ready`,
  ),
];

/** Statements that read as a confirmation only where a booking is being discussed. */
const CONTEXTUAL_CLAIMS: readonly Cue[] = [
  cue(`you are ${optional(anyOf('all', 'both', 'now', 'both now', 'all now'))}${anyOf('set', 'good to go', 'sorted')}`),
  cue(
    `^${optional(anyOf('okay', 'great', 'perfect', 'alright', 'awesome', 'right', 'lovely'))}${optional(',')}${anyOf('all set', 'all sorted', 'all arranged', 'all organised', 'all organized')}`,
  ),
  // "That worked this time", "okay, that went through: Thursday at 9"
  cue(
    `${anyOf('that', 'it', 'this')} ${optional('one')}${optional(anyOf('finally', 'just', 'is', 'has', "'s", 'is finally', 'has finally', 'is now', 'has now'))}${anyOf('worked', 'went thru', 'gone thru', 'saved', 'took', 'stuck')}(?! ${anyOf('out', 'off', 'up', 'with', 'on', 'in')}(?: |$))`,
    {
      negatable: false,
    },
  ),
  // "Your cleaning is now Friday at 1", "your installation is now Thursday between 12 and 4"
  cue(
    `is now ${optional(anyOf('on', 'at', 'for', 'set for', 'scheduled for', 'booked for'))}${optional('this')}${DAY_OR_TIME}`,
  ),
  // "You're on bike 22 for Saturday", "you're in the 9:00 class"
  cue(`you are ${anyOf('on', 'in')} ${gap(4)}${anyOf('for', 'at', 'on')} ${DAY_OR_TIME}`),
  cue(`${BE_DONE}${CONTEXTUAL_DONE_VERB}${NOT_A_BOOKING_AFTER}`),
  // "You have a seat.", "and you got a car", "you have your tickets"
  cue(
    `^${optional(anyOf('and', 'okay', 'great', 'so', 'now', 'right', 'right then'))}${optional(',')}you ${anyOf('have', 'got', 'have got')} ${optional('yourself')}${anyOf('a', 'your', 'the', 'two', 'three', 'four', '[0-9]+')} ${optional(anyOf('seat', 'ticket', 'table', 'room', 'car', 'spot', 'slot', 'appointment', 'reservation', 'booking'))}${anyOf('seat', 'seats', 'ticket', 'tickets', 'table', 'room', 'rooms', 'car', 'spot', 'slot', 'appointment', 'reservation', 'booking', '[0-9][0-9:]*')}(?: [.!,]|$| off| on| at| for| there| waiting| booked| reserved)`,
  ),
  // "Lane 12 is yours for two hours", "the 9:15 is yours", "pod 14 on the female-only floor is yours for Friday";
  // not "so that part is yours" (of a bill).
  cue(
    `${anyOf('[0-9][0-9:]*', 'lane', 'table', 'room', 'slot', 'spot', 'time', 'court', 'seat', 'seats', 'booth', 'site', 'cabin', 'suite', 'unit', 'bay', 'car', 'house', 'place', 'ticket', 'tickets', 'hut', 'pitch', 'lodge', 'pod', 'bike', 'boat', 'kayak', 'locker', 'plot', 'berth', 'cottage', 'villa', 'chalet', 'tent', 'yurt', 'van', 'it', 'that')} ${optional('[0-9]+')}(?:${anyOf('on', 'in', 'at', 'by', 'near', 'next to', 'upstairs', 'downstairs')} (?:[^ ]+ ){1,5}?)?(?:is|'s) ${optional('all')}yours(?= for| on| at| from| [.!,]|$| ${DAY_OR_TIME}(?: |$))`,
  ),
  // "Everything is sorted for Friday", "that is all arranged for the 14th"
  cue(
    `${anyOf('everything', 'it', 'that', 'all', 'this')} ${anyOf('is', "'s", 'has been')} ${optional('all')}${anyOf('sorted', 'arranged', 'sorted out', 'organized', 'organised', 'lined up')}(?= for| on| [.!,]|$)`,
  ),
  // "we have you for the test on the 14th", "I've got you at 9:15 on Monday"
  cue(
    `${anyOf('we have', 'i have', 'we have got', 'i have got', 'we got', 'i got')} you ${optional('down')}${anyOf('for', 'at', 'on')} ${gap(3)}${anyOf('on', 'at', 'for', 'this', 'next', 'today', 'tomorrow', 'tonight', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', '[0-9][0-9:]*')}`,
  ),
  // "your window table will be waiting for you Friday", "the kayaks will be ready for you at 9"
  cue(
    `${anyOf('table', 'room', 'car', 'spot', 'seat', 'seats', 'order', 'lane', 'court', 'tickets', 'ticket', 'bike', 'bikes', 'kayak', 'kayaks', 'boat', 'booth', 'slot', 'suite', 'cabin', 'site', 'rental', 'van', 'truck')} ${anyOf('will be', 'is going to be')} ${anyOf('waiting', 'ready', 'held', 'saved', 'set up')} for you`,
  ),
  // "our engineer Dave will come to you on Tuesday between 9 and 12", "the crew will be there Monday at 8"
  cue(
    `${anyOf('engineer', 'technician', 'tech', 'plumber', 'electrician', 'driver', 'cleaner', 'cleaners', 'inspector', 'crew', 'installer', 'installers', 'groomer', 'tuner', 'team', 'movers', 'courier', 'nurse')} ${gap(2)}will ${anyOf('come', 'be there', 'be out', 'arrive', 'stop by', 'come by', 'be at', 'be with you', 'pick', 'drop')} ${gap(3)}${anyOf('on', 'at', 'between', 'this', 'next', 'today', 'tomorrow', 'tonight', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')}`,
  ),
  // Scottish and Northern English: "Right, that's you.", "that's you both in", "that's you booked for 10"
  cue(
    `^${optional(anyOf('right', 'okay', 'ok', 'great', 'lovely', 'perfect', 'grand', 'brilliant', 'there we go', 'there we are'))}${optional(',')}that is you(?: ${optional(anyOf('both', 'all', 'two'))}${anyOf('in', 'booked', 'sorted', 'down', 'on', 'all set')})?(?= [.!,:]| [0-9]| for| on| at|$)`,
  ),
  // "Now it's in: 2 jet skis, 3pm tomorrow", "Sorted 👍 2 loos + 1 hand-wash station"
  cue(
    `^${optional(anyOf('now', 'okay', 'ok', 'right', 'great', 'and'))}${optional(',')}${anyOf('it is in', 'that is in', 'you are in', 'sorted', 'all sorted', 'locked in', 'confirm already', 'confirmed already')}(?= [.!,:-]| [^a-z0-9 ]|$)`,
  ),
  // "We'll have Dale there Monday between 9 and 11", "we'll swing by tomorrow between 8 and 10"
  cue(
    `we will ${anyOf('have', 'send')} ${gap(2)}${anyOf('there', 'with you', 'round', 'over', 'out to you', 'to you')} ${gap(1)}${DAY_OR_TIME}`,
  ),
  cue(
    `we will ${anyOf('swing by', 'come by', 'be round', 'be over', 'pop round', 'pop by', 'be there', 'be with you', 'collect', 'pick up')} ${gap(2)}${DAY_OR_TIME}`,
  ),
  // "I'm holding the 4:30 for you", "the table is held for you till 8"
  cue(`${anyOf('holding', 'held', 'hold')} ${gap(3)}for you`),
  // "The reference number is PR-55102" where a booking is being made; a case or a ticket has one too.
  cue('reference number'),
  // "Order's in", "your booking is in"
  cue(`${anyOf('order', 'booking', 'reservation', 'request')} (?:is|'s) in(?= [^a-z]|$)`),
  cue(
    `${anyOf('consider it done', 'it is all yours', 'that is all yours', 'all yours', 'time is yours', 'spot is yours', 'slot is yours')}`,
  ),
  // "Consider yourselves aboard", "consider yourself booked in"
  cue(
    `consider ${anyOf('yourself', 'yourselves', 'you')} ${anyOf('aboard', 'on board', 'booked', 'booked in', 'in', 'signed up', 'registered', 'confirmed')}`,
  ),
  cue(
    `^${optional(anyOf('okay', 'great', 'perfect', 'alright', 'awesome'))}${optional(',')}${anyOf('all done', 'both done', 'done', 'that is done', 'it is done', 'that is all done', 'done and done')}(?: [.!,:-]| [^a-z0-9 ]|$)`,
  ),
  // "See you then!", "we'll see Ethan on Monday"; not "sorry to see you go" or "I see you in the system".
  cue(
    `(?<!(?:^| )(?:i|to|can) )${anyOf('we will see', 'see', 'looking forward to seeing', 'we look forward to seeing', 'we will be expecting')} (?:you (?:and ${gap(2)})?|${gap(1)})${anyOf('then', 'soon', 'there', 'on', 'at', 'this', 'next', 'tomorrow', 'tonight', 'today', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')}`,
  ),
];

/**
 * A choice taken: "Friday at 5:30 with Andre it is." It reports a booking only when the agent moves on; a turn
 * that goes on to ask for details ("7:45 it is. Can I get a name?") has taken the choice, not booked it.
 */
const CHOICE_TAKEN: readonly Cue[] = [cue(`${DAY_OR_TIME} ${gap(4)}it is(?: [.!])*$`)];

/** Whether a question later in the turn than `sentence` is one `asks` accepts. */
function asksLater(turn: ReadTurn, sentence: ReadSentence, asks: (question: string) => boolean): boolean {
  const later = turn.sentences.slice(turn.sentences.indexOf(sentence) + 1);
  return later.some((next) => next.text.endsWith('?') && asks(next.text));
}

function asksForMoreAfter(turn: ReadTurn, sentence: ReadSentence): boolean {
  return asksLater(turn, sentence, (question) => !OFFERS_MORE_HELP.test(question));
}

/** A question that asks the caller to take what was just offered: "Would that suit?", "Shall I book it?" */
const ASKS_TO_TAKE_IT = new RegExp(
  `^(?:${anyOf('would', 'will', 'does', 'do', 'is', 'shall', 'should', 'how does', 'how do')} ${anyOf('that', 'it', 'this', 'those', 'either', 'any of those', 'i', 'we', 'you like me to', 'you like us to')} ${anyOf('suit', 'suit you', 'work', 'work for you', 'be ok', 'be okay', 'be alright', 'be all right', 'do', 'sound', 'book', 'go ahead', 'pop you in', 'put you down', 'take it', 'lock it in', 'ok', 'okay', 'alright')}|^(?:${anyOf('any good', 'ok', 'okay', 'good for you', 'suit you', 'work for you')}) \\?)`,
);

/** Whether a later sentence of the turn asks the caller to take what the sentence offered. */
function putToTheCallerAfter(turn: ReadTurn, sentence: ReadSentence): boolean {
  return asksLater(turn, sentence, (question) => ASKS_TO_TAKE_IT.test(question));
}

/** Where a booking is being discussed. */
const BOOKING_TOPIC = new RegExp(
  `(?:^| )${anyOf('book', 'booking', 'booked', 'schedule', 'scheduled', 'reserve', 'reserved', 'reservation', 'appointment', 'table for', 'slot', 'opening', 'availability', 'reservations', 'ticket', 'tickets', 'buy', 'purchase', 'appointments', 'seat', 'seats', 'visit', 'rent', 'rental', 'to confirm', 'confirm the', 'please confirm')}(?: |$)`,
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
    `${anyOf('did not', 'does not', 'has not', 'have not', 'was not', 'is not', 'will not', 'would not')} ${optional(anyOf('quite', 'actually'))}${anyOf('go thru', 'get thru', 'gone thru', 'got thru', 'work', 'worked', 'take', 'taken', 'save', 'saved', 'process', 'complete', 'successful', 'confirmed', 'booked', 'been booked', 'been confirmed', 'been made')}`,
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
  // "the system bounced it", "it rejected the booking", "that timed out, so nothing's booked yet"
  cue(
    `${anyOf('bounced', 'rejected', 'kicked back', 'timed out', 'time out', 'threw it out', 'refused it', 'declined it')}(?! ${anyOf('back', 'up')}(?: |$))`,
    { negatable: false },
  ),
  cue(
    `${anyOf('something went wrong', 'went wrong', 'did not go as planned', 'unsuccessful', 'not successful', 'failed')}`,
    { negatable: false },
  ),
  cue(
    `${anyOf('is', 'was', 'are', 'were')} ${optional(anyOf('just', 'now'))}${anyOf('no longer available', 'not available anymore', 'already taken', 'just taken', 'taken', 'fully booked', 'fully committed', 'full', 'gone(?! in | into )')}(?! thru| through)`,
    { negatable: false },
  ),
  cue(
    `not ${optional(anyOf('been', 'yet', 'actually'))}${anyOf('booked', 'confirmed', 'scheduled', 'reserved', 'locked in', 'done', 'made', 'completed', 'processed', 'placed')}`,
    { negatable: false },
  ),
  // "all the tickets were booked", "every table is taken", "the 9:00 is sold out"
  cue(
    `${anyOf('all', 'all of', 'every')} ${optional('the')}${anyOf('tickets', 'seats', 'rooms', 'tables', 'slots', 'spots', 'appointments', 'times', 'cars', 'places', 'ticket', 'seat', 'room', 'table', 'slot', 'spot', 'appointment', 'time')} ${anyOf('are', 'were', 'is', 'was', 'have been', 'has been')} ${optional('already')}${anyOf('booked', 'taken', 'reserved', 'gone', 'sold', 'booked up', 'full')}`,
    { negatable: false },
  ),
  cue(`${anyOf('sold out', 'booked solid', 'booked up', 'no availability', 'no seats left', 'no tickets left')}`, {
    negatable: false,
  }),
  cue(
    `${anyOf('was', 'is', 'were', 'got', 'has been', 'have been')} ${anyOf('declined', 'rejected', 'denied', 'invalid', 'not valid', 'not accepted', 'refused')}`,
    { negatable: false },
  ),
];

/** A closing question that moves on ("anything else?"), unlike one that checks details ("is that right?"). */
const OFFERS_MORE_HELP =
  /anything (?:else|more)|something else|what else|help (?:you )?with|else (?:can|may|could) i|further/;

/**
 * A claim made before a closing question in the same sentence: "You're all booked for Tuesday at 3, anything
 * else I can help with?", "Congrats, your tickets are booked, shall I help with anything more?". Only a
 * written claim that ends before the last comma counts; the question itself states nothing.
 */
function claimBeforeQuestion(sentence: ReadSentence, inContext: boolean): boolean {
  if (!sentence.text.endsWith('?')) return false;
  const questionStarts = sentence.text.lastIndexOf(' , ');
  if (questionStarts === -1 || !OFFERS_MORE_HELP.test(sentence.text.slice(questionStarts))) return false;
  const claim =
    firstAffirmed(sentence, EXPLICIT_CLAIMS) ?? (inContext ? firstAffirmed(sentence, CONTEXTUAL_CLAIMS) : null);
  if (!claim) return false;
  return (sentence.tokenStarts[claim.firstToken] ?? Infinity) + claim.text.length <= questionStarts;
}

/**
 * A claim's words offered or intended, not done: "Today I can fit you in at 12:40", "I'd be happy to get you
 * booked", "we'll have you down for 3 once you confirm". The modal must come shortly before the words.
 */
const MODAL_BEFORE = new RegExp(
  `(?:^| )(?:${anyOf('can', 'could', 'may', 'might', 'should', 'shall', 'let me', 'let us', 'want to', 'like to', 'happy to', 'able to', 'try to', 'need to', 'i will', 'we will', 'i would', 'we would', 'i am going to', 'we are going to')})(?: [^ ]+){0,3} $`,
);

function offeredOnly(sentence: ReadSentence, cues: readonly Cue[]): boolean {
  const match = firstAffirmed(sentence, cues);
  if (!match) return false;
  const before = sentence.text.slice(0, sentence.tokenStarts[match.firstToken] ?? 0);
  return MODAL_BEFORE.test(before);
}

function isQuestionOrCondition(sentence: ReadSentence): boolean {
  return (
    sentence.text.endsWith('?') ||
    /^(?:if|once|when|after|before|as soon as|as long as|so long as|provided|providing) /.test(sentence.text)
  );
}

/**
 * A call back, a message or a note is arranged, not booked: "I have scheduled a call back from a manager",
 * "I've left a message for the owner". Such a sentence is no booking claim unless it also names something
 * booked (an appointment, a table, a visit ...).
 */
const CALLBACK_OR_MESSAGE = new RegExp(
  `(?:^| )${anyOf('call back', 'callback', 'call you', 'a call', 'phone call', 'message', 'voicemail', 'note', 'follow up', 'ring you', 'give you a ring', 'give you a call', 'get back to you', 'contact you', 'reach out', 'reach you', 'text you', 'email you')}(?: |$)`,
);
const BOOKED_THING = new RegExp(
  `(?:^| )${anyOf('appointment', 'reservation', 'booking', 'table', 'visit', 'slot', 'session', 'class', 'tour', 'lesson', 'room', 'consult', 'consultation', 'install', 'installation', 'service', 'pickup', 'ride', 'ticket for', 'tickets')}s?(?: |$)`,
);

/**
 * A place on a waiting list is the promise of a booking, not one ("you're on the waitlist for 2 tickets", "you're
 * number 3 on the list"); a guest list is not one.
 */
const WAITING_LIST = new RegExp(
  `(?:^| )(?:${anyOf('waitlist', 'wait list', 'waiting list', 'standby list', 'cancellation list')}|(?:number|no \\.?|position|place) [0-9]+ on the list|(?<!guest )on the list)(?: |$)`,
);
/** An order placed is a purchase, not a booking: "Your starter kit order is placed, reference EW-5120". */
const ORDER_PLACED = new RegExp(
  `(?:^| )${anyOf('your', 'the', 'that', 'this')} (?:[^ ]+ ){0,3}order ${anyOf('is', 'has been', 'was', 'is now', 'has gone')} ${anyOf('placed', 'in', 'thru', 'confirmed', 'done', 'submitted', 'on its way')}(?: |$)`,
);

/**
 * A price or a quote held or "booked in" is an offer kept open, not a booking: "This price is locked in until Friday",
 * "your £180 quote is saved" (an amount may come between; "a free estimate" visit is still booked).
 */
const QUOTE_OR_PRICE = new RegExp(
  `(?:^| )${anyOf('the', 'this', 'that', 'your', 'a', 'our', 'that is your', 'the quoted')} (?:[^ ]*[0-9£$€][^ ]* ){0,2}${anyOf('price', 'prices', 'quote', 'quotes', 'quotation', 'estimate', 'rate', 'discount', 'deal', 'offer')}(?: |$)`,
);

/**
 * A price stated: "Tickets are £12 on the door", "a lesson costs $40". The act model, which learned from agents
 * reporting purchases with their price, reads it as a purchase made.
 */
const PRICE_STATED =
  /(?:^| )(?:is|are|costs?|comes? to|will be|would be|starts? at|from) (?:[£$€] ?[0-9]|[0-9][0-9.,]* ?(?:pounds|dollars|euros|quid|bucks)(?: |$))/;

/** Work that is no booking, named: a refund sent, a code reset, a ticket flagged, someone to ring back. */
const OTHER_WORK =
  /(?:^| )(?:refund|refunded|reset|cancelled|canceled|cancellation|flagged|updated|changed|passed|forwarded|will (?:call|ring|phone|text|email|contact)|on its way|unaffected|sent (?:the|a|you the|you a) (?:link|email|text|form|details|payment link))(?: |$)/;
/**
 * "Done, I've sent the link to this number", "Done — I've passed your dates to the reservations team": a completion
 * that says in its own sentence what it was.
 */
const DONE_AND_NAMED = /^(?:(?:all|okay|ok|right|great|,) )*(?:done|sorted|all set) (?:[,:-] )?/;

/**
 * Whether another sentence of the turn says what a bare "Done." did, and it was no booking: "Done. The clinic will
 * call this number", "Done. You're on the waiting list for 2", "Done. £380 is on its way".
 */
function saysWhatElseWasDone(turn: ReadTurn, bare: ReadSentence): boolean {
  return turn.sentences.some(
    (other) =>
      other !== bare && !DONE_WORD.test(other.text) && (arrangesNoBooking(other) || OTHER_WORK.test(other.text)),
  );
}

/** What a claim with a price in it says besides: "Your tickets are booked, £24 paid". */
const DONE_WORD =
  /(?:^| )(?:booked|reserved|confirmed|scheduled|paid|bought|purchased|made|successful|successfully|success|complete|completed|done|all set)(?: |$)/;
/** A price stated is a sentence of its own: "Tickets are £12 on the door", not a clause of a report. */
const MAX_PRICE_SENTENCE_TOKENS = 12;

/**
 * A sentence that states a price and nothing else. Read as a statement on its own only: the turn right after a
 * booking call that gives only the price still reports that call (see reportAfterCall).
 */
function statesOnlyAPrice(sentence: ReadSentence): boolean {
  return (
    PRICE_STATED.test(sentence.text) &&
    !DONE_WORD.test(sentence.text) &&
    !/(?:^| )(?:and|,)(?: |$)/.test(sentence.text) &&
    sentence.tokenStarts.length <= MAX_PRICE_SENTENCE_TOKENS
  );
}

function arrangesNoBooking(sentence: ReadSentence): boolean {
  return (
    ((CALLBACK_OR_MESSAGE.test(sentence.text) || QUOTE_OR_PRICE.test(sentence.text)) &&
      !BOOKED_THING.test(sentence.text)) ||
    WAITING_LIST.test(sentence.text) ||
    ORDER_PLACED.test(sentence.text)
  );
}

/**
 * The agent saying what it is doing or about to do ("Scheduling that now.", "Let me lock that in", "I'll get
 * that booked"): nothing is made yet. The act model learned from agents who report only results, and reads
 * some of these as a success.
 */
const IN_PROGRESS = new RegExp(
  `^${optional(anyOf('okay', 'ok', 'sure', 'right', 'great', 'perfect', 'alright', 'lovely', 'cool', 'no problem'))}${optional(',')}${optional(anyOf('i am', 'i will', 'let me', 'we are', 'we will', 'i am going to', 'going to', 'one moment ,', 'one sec ,'))}${optional('just')}${anyOf('booking', 'scheduling', 'reserving', 'putting', 'locking', 'setting', 'processing', 'placing', 'submitting', 'getting', 'sorting', 'trying', 'book', 'schedule', 'reserve', 'lock', 'put', 'process', 'place', 'submit', 'get', 'sort', 'try')} ${anyOf('that', 'it', 'this', 'you', 'them', 'those', 'these', 'now', 'in', 'the', 'your', 'a', 'an')}(?= |$)(?! ${anyOf('is', 'are', 'was', 'were', 'has', 'have')}(?= |$))`,
);

export type BookingStatement = {
  kind: 'claim' | 'admission';
  turn: ReadTurn;
  said: string;
  explicit: boolean;
  /** What decided it: a written pattern, or the model trained on the corpus's dialogue acts (with its probability). */
  by: 'pattern' | { model: number };
};

/** All the statements' cues: most sentences make none, and one pattern tells so. */
const ANY_STATEMENT: readonly Cue[] = [
  ...FAILURE_ADMISSIONS,
  ...EXPLICIT_CLAIMS,
  ...CONTEXTUAL_CLAIMS,
  ...CHOICE_TAKEN,
];

/** How sure the act model must be before its reading counts as a statement of its own. */
const ACT_MODEL_CONFIDENCE = 0.5;
/**
 * How sure it must be before a sentence no pattern caught counts as a claim: below it, prices and addresses
 * read late in a transaction ("Ticket is $315.") pass for reports of success. Chosen on the corpus's
 * training part.
 */
const MODEL_CLAIM_CONFIDENCE = 0.65;
/** How sure it must be that a whole turn asks for confirmation or makes an offer to overrule a pattern's claim. */
const ASKING_TURN = 0.9;
/** A claim within this many words of a sentence's start opens it ("Great, that's booked", "Perfect, you're down for"). */
const OPENING_TOKENS = 3;
/** How sure it must be that a sentence is something other than a report of the outcome to overrule a pattern's claim. */
const OVERRULE_PATTERN = 0.95;

/**
 * The act model learned from conversations about nothing but transactions, where any short statement late in
 * the call tends to report one; on other talk ("Congratulations!", "You've reached the clinic") it guesses.
 * Its reading counts on its own only for a sentence that speaks of a transaction at all.
 */
const SPEAKS_OF_A_TRANSACTION = new RegExp(
  `(?:^| )(?:${anyOf('book', 'booked', 'booking', 'reserve', 'reserved', 'reservation', 'reservations', 'schedule', 'scheduled', 'appointment', 'appointments', 'confirmed', 'confirmation', 'purchase', 'purchased', 'bought', 'ticket', 'tickets', 'table', 'slot', 'visit', 'order', 'ordered', 'transaction', 'transfer', 'payment', 'ride', 'made', 'make', 'complete', 'completed', 'successful', 'successfully', 'success', 'went thru', 'go thru', 'gone thru')})(?: |$)`,
);
/**
 * A claim the model reads on its own must state a result, not an intent, an ability, an offer or where and to
 * whom the caller has called: "Let's get it booked", "I can schedule a technician", "You've reached the
 * appointment line", "I'm the reservation assistant", "a midsize is available" are none.
 */
const NOT_A_RESULT = new RegExp(
  `(?:^| )${anyOf('will', 'can', 'could', 'would', 'let us', 'let me', 'going to', 'may', 'might', 'should', 'need', 'needed', 'reached', 'talking', 'covering', 'line', 'desk', 'available', 'if', 'processing', 'pending', 'yet', 'happy to', 'glad to', 'want to', 'like to', 'did', 'handing', 'transferring', 'connecting', 'to the booking', 'to your booking', 'to the reservation', 'to your reservation', 'on the booking', 'on your booking', 'assistant', 'agent', 'this is', 'speaking', 'welcome to', 'thanks for calling', 'thank you for calling')}(?: |$)`,
);
/** The sentence speaks of a transaction as a result: no intent, ability, offer or condition in it. */
function statesAResult(text: string): boolean {
  return SPEAKS_OF_A_TRANSACTION.test(text) && !NOT_A_RESULT.test(text);
}

/**
 * What a sentence the model alone reads as a success report must name: a booking, not any finished task. The
 * corpus holds nothing but transactions, so to the model "I've escalated this as a maintenance ticket", "your
 * gate code has been reset" or "we do offer payment plans" sound like success too.
 */
const NAMES_A_BOOKING = new RegExp(
  `(?:^| )${anyOf('book', 'booked', 'booking', 'bookings', 'rebooked', 'reserve', 'reserved', 'reservation', 'reservations', 'schedule', 'scheduled', 'rescheduled', 'appointment', 'appointments', 'purchase', 'purchased', 'bought', 'ticket', 'tickets', 'table', 'seat', 'seats', 'slot', 'flight', 'room', 'rental', 'tee time', 'lesson', 'class', 'session', 'visit', 'scheduling', 'buying', 'seating', 'stay', 'car', 'ride')}(?: |$)`,
);
/** Tickets of a help desk, not of an event. */
const HELP_DESK_TICKET =
  /(?:^| )(?:support|maintenance|service|repair|help ?desk|trouble|it) ticket|ticket (?:number|#)|escalated/;

/**
 * A booking found in the records, not one made now: "I see an installation visit was scheduled for yesterday
 * morning", "it looks like that was booked last week", "according to our system the room was reserved".
 */
const READS_THE_RECORDS = new RegExp(
  `^(?:${anyOf('i see', 'i can see', 'it looks like', 'looks like', 'it shows', 'according to', 'i found', 'i have found', 'i am seeing', 'i have here', 'our records show', 'the system shows')} )|(?:^| )${anyOf('yesterday', 'last week', 'last month', 'last year', 'last time', 'earlier this week', 'days ago', 'weeks ago', 'months ago')}(?: |$)`,
);

/**
 * A rule about bookings of a kind, not a booking made: "the first 50 family tickets booked online with code RUDOLPH50
 * are free", "sessions booked in advance get 10% off", "tickets are sold at the visitor centre on the day", "Anand
 * Karaj bookings are confirmed by the secretary".
 */
const BOOKING_RULE = new RegExp(
  `^(?:the )?${anyOf('tickets', 'places', 'seats', 'spaces', 'tables')} ${anyOf('are', 'can be', 'are only')} ${anyOf('sold', 'bought', 'booked', 'purchased', 'reserved', 'allocated')} ${anyOf('at', 'on', 'online', 'in advance', 'from', 'thru', 'via', 'by')}(?: |$)|(?:^| )${anyOf('booked', 'reserved', 'bought', 'purchased')} ${anyOf('online', 'in advance', 'ahead', 'by phone', 'over the phone', 'on the website', 'thru the website', 'via the website', 'at the door', 'on the day')} (?:[^ ]+ ){0,4}${anyOf('are', 'is', 'get', 'gets', 'come', 'comes', 'qualify', 'receive', 'save', 'cost', 'costs')}(?: |$)|(?:^| )${anyOf('bookings', 'reservations', 'appointments')} ${anyOf('are', 'get')} ${optional('only')}${anyOf('confirmed', 'approved', 'finalised', 'finalized', 'handled', 'made')} by(?: |$)`,
);

/**
 * A time or place given for an event or a parcel, not for the caller's booking: "The game is scheduled at 5:30
 * pm", "the event is held at 2901 East Hastings Street", "it is scheduled for delivery on Thursday".
 * "Tickets go on sale at nine on Tuesday". Information, whatever the verb.
 */
const EVENT_TIMETABLE = new RegExp(
  `(?:^| )(?:the|this|that|one|a|an|another) ${anyOf('game', 'match', 'event', 'show', 'concert', 'performance', 'movie', 'film', 'screening', 'festival', 'gig', 'race', 'flight', 'bus', 'train', 'ferry', 'departure', 'game day')} (?:is|are|was|were) (?:also )?(?:scheduled|held)(?: |$)|(?:^| )(?:is|are|was|were) (?:now )?scheduled (?:for|to be) ${anyOf('delivery', 'delivered', 'arrival', 'arrive', 'ship', 'shipped', 'shipping', 'dispatch', 'dispatched')}(?: |$)|(?:^| )${anyOf('go', 'goes', 'went', 'going', 'are', 'is')} on sale(?: |$)`,
);

/** A farewell naming a day and nothing booked: "Lovely, see you Friday then.", "See you Sunday!" */
const FAREWELL_ONLY =
  /^(?:(?:great|lovely|perfect|ok|okay|brilliant|right|cool|fab|super|grand|,) )*(?:we will )?see you (?:on |at |this |next )?[a-z]+(?: (?:then|morning|afternoon|evening|night))?(?: [.!,])*$/;

function claimedSentence(statement: BookingStatement): ReadSentence | undefined {
  return statement.turn.sentences.find((each) => each.original === statement.said);
}

/** Whether a claim is only a farewell: said to a walk-in as often as after a booking. */
export function farewellOnly(statement: BookingStatement): boolean {
  const sentence = claimedSentence(statement);
  return sentence !== undefined && FAREWELL_ONLY.test(sentence.text);
}

const AN_ORDER = /(?:^| )order(?: |$)/;

/**
 * Whether a claim speaks of an order ("Your order's confirmed"): a booking where a booking tool placed it
 * ("book_order"), a purchase where an order tool did ("create_order").
 */
export function speaksOfAnOrder(statement: BookingStatement): boolean {
  const sentence = claimedSentence(statement);
  return sentence !== undefined && AN_ORDER.test(sentence.text);
}

/** A sentence that is only an interjection: "Congratulations!", "Lovely.", "Right then." */
const INTERJECTION_ONLY =
  /^(?:(?:congratulations|congrats|lovely|great|perfect|brilliant|right|okay|ok|sure|then|oh|ooh|wow|,) ?)+(?: [.!])*$/;

/**
 * No booking made now: a place with no room ("Friday's counter is fully reserved", "June 14 is already booked"),
 * or a booking already held, said of the past ("That was booked on our saver rate").
 */
const NO_ROOM_OR_PAST = new RegExp(
  `(?:^| )(?:${anyOf('fully booked', 'fully reserved', 'booked up', 'booked solid', 'all booked up', 'already booked', 'already reserved', 'already taken')})(?: |$)|^${anyOf('that', 'it', 'this', 'your booking', 'your ticket', 'your tickets', 'the room', 'the table')} was ${anyOf('booked', 'reserved')} ${anyOf('on', 'at', 'thru', 'with', 'under', 'via', 'as')} `,
);

/**
 * What is still to come or is asked of the caller, whatever booking words it holds: a condition ("The highways team
 * will update you once it's scheduled", "the band is confirmed for your date once it's paid"), an attempt ("Let me
 * try to pencil that in"), an instruction ("Please arrive 45 minutes before your visit time"), or a booking still
 * pending ("Your request is in, but it's pending confirmation", "I've reserved a slot, pending your deposit", "an email
 * saying whether it's confirmed").
 */
const NOT_YET_OR_ASKED = new RegExp(
  `(?:^| )(?:${anyOf('is', 'are', "'s", 'still', 'but', 'now')} pending|pending ${anyOf('your', 'the', 'a', 'confirmation', 'approval', 'payment', 'deposit', 'receipt')})(?: |$)|(?:^| )${anyOf('whether', 'if')} ${anyOf('it', 'that', 'this', 'they', 'the booking', 'your booking')} ${anyOf('is', "'s", 'has been', 'are', 'can be', 'was')} ${optional('been')}${anyOf('confirmed', 'booked', 'accepted', 'approved')}(?: |$)|(?:^| )${anyOf('once', 'as soon as', 'until', 'when')} ${anyOf('it', 'that', 'this', 'they', 'the deposit', 'payment', 'the payment')} ${anyOf('is', 'has been', 'gets', 'goes', 'are', 'have been', "'s")} ${anyOf('scheduled', 'booked', 'paid', 'confirmed', 'reserved', 'received', 'approved', 'thru', 'processed')}(?: |$)|^${optional(anyOf('okay', 'ok', 'right', 'great', 'lovely', 'congratulations !', ','))}${optional(',')}let me ${optional('just')}try|^please ${anyOf('arrive', 'bring', 'attach', 'put', 'remember', 'make sure', 'allow', 'come', 'note', 'keep', 'wear', 'park', 'check in', 'call', 'email')}(?: |$)`,
);

/**
 * A turn that asks: requests to confirm details end in a question or ask for a check in so many words
 * ("please confirm", "kindly ensure that", "let me make sure", "confirm the following details").
 */
const ASKS =
  /\?|(?:please|kindly) (?:confirm|ensure|verify|check)|(?:let me|i want to|i would like to|just to) (?:confirm|make sure|verify|double.check)|confirm (?:that|the following)|confirmation details|to review|(?:verify|check) the following|the following (?:details|information)/i;

const PAUSE_TOKENS = new Set(['...', '…']);
const PAUSE_IN_ORIGINAL = /\s*(?:\.\.\.|…)\s*/;
const PAUSE_IN_TEXT = /\.\.\.|…/;

/**
 * A sentence cut at its pauses: voice agents say what they do, pause while the tool runs, and say how it went, in
 * one breath that the sentence splitter keeps whole ("Let me get that scheduled... Booked: Wednesday, morning
 * slot", "Let me reserve that... great, pod 14 is yours for Friday night!"). Read whole, the intent before the pause
 * hides the result after it.
 */
function splitAtPauses(sentence: ReadSentence): ReadSentence[] {
  if (!PAUSE_IN_TEXT.test(sentence.text)) return [sentence];
  const tokens = sentence.tokenStarts.map((start, index) =>
    sentence.text.slice(start, sentence.tokenStarts[index + 1] ?? sentence.text.length).trim(),
  );
  const pauses = tokens.flatMap((token, index) => (PAUSE_TOKENS.has(token) ? [index] : []));
  const originals = sentence.original.split(PAUSE_IN_ORIGINAL);
  // Only where the written pauses and the read ones agree, so that each part keeps its own words.
  if (pauses.length === 0 || originals.length !== pauses.length + 1) return [sentence];
  const bounds = [-1, ...pauses, tokens.length];
  const parts: ReadSentence[] = [];
  for (let part = 0; part + 1 < bounds.length; part += 1) {
    const first = (bounds[part] as number) + 1;
    const end = bounds[part + 1] as number;
    const original = (originals[part] as string).trim();
    if (first >= end || original === '') continue;
    parts.push({ ...tokensOf(sentence, first, end), original });
  }
  return parts.length > 0 ? parts : [sentence];
}

/**
 * What an agent turn says about the booking, in the order said. A contextual claim counts only when
 * `bookingInContext` holds (a booking tool call, or booking words nearby); so does anything the act model
 * reads, since it learned from conversations that were all about a transaction.
 */
export function bookingStatements(
  turn: ReadTurn,
  bookingInContext: boolean,
  acts: BookingActReader | null = null,
): BookingStatement[] {
  const statements: BookingStatement[] = [];
  // A turn that, read whole, asks the caller to confirm details or offers an option states nothing done yet,
  // whatever one of its sentences looks like ("Please confirm: you will have 2 tickets reserved for Friday").
  // Read only when a claim is about to count: most turns have none.
  let asksRead: boolean | null = null;
  const onlyAsks = (): boolean => {
    if (asksRead === null) {
      // Each asking sentence is read on its own: an upsell after a claim ("Would you like to add a photo?") asks
      // for nothing to be confirmed, though the whole turn, claim and all, reads like a read-back.
      const asking = bookingInContext && acts ? turn.sentences.filter((one) => ASKS.test(one.original)) : [];
      asksRead = asking.some((one) => {
        const read = acts?.read(one.original);
        return read !== undefined && read.act === 'confirm' && read.probability >= ASKING_TURN;
      });
    }
    return asksRead;
  };
  for (const sentence of turn.sentences.flatMap(splitAtPauses)) {
    if (isQuestionOrCondition(sentence)) {
      const claim = claimBeforeQuestion(sentence, bookingInContext);
      if (claim) statements.push({ kind: 'claim', turn, said: sentence.original, explicit: true, by: 'pattern' });
      continue;
    }
    const patterned = anyCueMatches(sentence, ANY_STATEMENT);
    const learned =
      bookingInContext && acts && (patterned || SPEAKS_OF_A_TRANSACTION.test(sentence.text))
        ? acts.read(sentence.original)
        : null;
    if (!patterned && (learned === null || learned.probability < ACT_MODEL_CONFIDENCE)) continue;
    // A pattern's claim the model is all but sure only informs ("The event is scheduled for 6 pm" gives a time,
    // it books nothing) is dropped; its admissions stand, and so do claims it reads as details read back, as
    // agents confirm a booking ("You're scheduled for tomorrow, 8 to 10 a.m.").
    const onlyInforms = learned !== null && learned.act === 'other' && learned.probability >= OVERRULE_PATTERN;
    // A contextual claim the model is all but sure describes an option ("This event is held at the stadium")
    // is dropped too; "We'll see you Tuesday", which it reads as mere talk, stands.
    const offersOnly = learned !== null && learned.act === 'offer' && learned.probability >= OVERRULE_PATTERN;
    const statement = (kind: BookingStatement['kind'], explicit: boolean, by: BookingStatement['by']) =>
      statements.push({ kind, turn, said: sentence.original, explicit, by });
    if (patterned && firstAffirmed(sentence, FAILURE_ADMISSIONS)) {
      statement('admission', true, 'pattern');
    } else if (learned?.act === 'failure' && learned.probability >= ACT_MODEL_CONFIDENCE) {
      statement('admission', true, { model: learned.probability });
    } else if (
      arrangesNoBooking(sentence) ||
      statesOnlyAPrice(sentence) ||
      IN_PROGRESS.test(sentence.text) ||
      (BARE_COMPLETION.test(sentence.text) && saysWhatElseWasDone(turn, sentence)) ||
      (DONE_AND_NAMED.test(sentence.text) &&
        OTHER_WORK.test(sentence.text) &&
        !DONE_WORD.test(sentence.text.replace(DONE_AND_NAMED, '')))
    ) {
      // Neither a claim nor an admission, whatever the words "scheduled" or "booked" suggest; or not done yet.
    } else if (onlyAsks()) {
      // Asked, not done.
    } else if (
      EVENT_TIMETABLE.test(sentence.text) ||
      BOOKING_RULE.test(sentence.text) ||
      READS_THE_RECORDS.test(sentence.text) ||
      NOT_YET_OR_ASKED.test(sentence.text) ||
      NO_ROOM_OR_PAST.test(sentence.text)
    ) {
      // An event's time, a rule about bookings, or a booking read from the records: not one the agent says it made.
    } else if (patterned && firstAffirmed(sentence, EXPLICIT_CLAIMS)) {
      // A sentence that opens with its claim ("That's booked: two riders on Sunday's 2pm hack") is one, whatever
      // the model, which never met this way of putting it, reads; a claim further in may be a read-back or a term.
      const opensWithClaim = (firstAffirmed(sentence, EXPLICIT_CLAIMS)?.firstToken ?? Infinity) <= OPENING_TOKENS;
      if ((opensWithClaim || !onlyInforms) && !offeredOnly(sentence, EXPLICIT_CLAIMS)) {
        statement('claim', true, 'pattern');
      }
    } else if (
      learned?.act === 'success' &&
      learned.probability >= MODEL_CLAIM_CONFIDENCE &&
      statesAResult(sentence.text) &&
      NAMES_A_BOOKING.test(sentence.text) &&
      !HELP_DESK_TICKET.test(sentence.text) &&
      // "The first slot I have is Thursday. Would that suit?": put to the caller, not done.
      !putToTheCallerAfter(turn, sentence) &&
      // "that isn't a reservation": the model reads words, not what a negation does to them.
      !sentence.negated.some(Boolean)
    ) {
      statement('claim', false, { model: learned.probability });
    } else if (
      patterned &&
      bookingInContext &&
      !offersOnly &&
      firstAffirmed(sentence, CONTEXTUAL_CLAIMS) &&
      !offeredOnly(sentence, CONTEXTUAL_CLAIMS)
    ) {
      statement('claim', false, 'pattern');
    } else if (
      patterned &&
      bookingInContext &&
      firstAffirmed(sentence, CHOICE_TAKEN) &&
      !asksForMoreAfter(turn, sentence)
    ) {
      statement('claim', false, 'pattern');
    }
  }
  return statements;
}

/**
 * The agent's turn right after a booking tool call, read whole: in the corpus, the turn that follows a
 * transaction reports it, often in words no pattern or single sentence gives away ("Great, you got it.",
 * "Good, have a nice time."). Read as a report of success, it is a claim, which the checks then hold
 * against the call's status.
 */
export function reportAfterCall(turn: ReadTurn, acts: BookingActReader): BookingStatement | null {
  const whole = acts.read(turn.text);
  if (whole.act !== 'success' || whole.probability < ACT_MODEL_CONFIDENCE) return null;
  const speaksOfIt = turn.sentences.filter((sentence) => SPEAKS_OF_A_TRANSACTION.test(sentence.text));
  const reportsOne = speaksOfIt.some((sentence) => statesAResult(sentence.text) && !arrangesNoBooking(sentence));
  if (speaksOfIt.length > 0 && !reportsOne) return null;
  const reportsNothing = (sentence: ReadSentence) =>
    IN_PROGRESS.test(sentence.text) ||
    NOT_YET_OR_ASKED.test(sentence.text) ||
    INTERJECTION_ONLY.test(sentence.text) ||
    sentence.text.endsWith('?');
  if (turn.sentences.every(reportsNothing)) return null;
  return { kind: 'claim', turn, said: turn.text, explicit: false, by: { model: whole.probability } };
}

export function talksAboutBooking(turn: ReadTurn): boolean {
  return turn.sentences.some((sentence) => BOOKING_TOPIC.test(sentence.text));
}
