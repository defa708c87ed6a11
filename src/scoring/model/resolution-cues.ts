/**
 * The cues resolution.ts reads a conversation's close by: how the agent leaves the request (unable, deferred or
 * handed on, queued, not done yet, done) and how the caller signs off (satisfied, unsatisfied, putting it off).
 */
import { anyOf, type Cue, cue, gap, optional } from './cue.js';
import { PERSON_DETERMINER, PERSON_ROLE } from './lexicon.js';

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
/** Regret, which softens a refusal as often as a plain answer ("I'm afraid we're closed on Tuesdays"). */
export const REGRET = cue(`${anyOf('unfortunately', 'i am afraid', 'i am sorry , but', 'sorry , but')}`, {
  negatable: false,
});

export const AGENT_UNABLE: readonly Cue[] = [
  // Not a caveat on an answer: "so we can't guarantee no cross-contamination", "I can't promise it'll be dry".
  cue(
    `${anyOf('i', 'we')} ${CAN_NOT}(?! ${anyOf('guarantee', 'promise', 'rule out', 'completely rule out', 'say for certain', 'say for sure')}(?: |$))`,
    {
      negatable: false,
    },
  ),
  REGRET,
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
  // Outside what the agent's side does: "We don't handle traffic matters", "I don't deal with billing".
  cue(`${anyOf('we', 'i')} ${anyOf('do not', 'does not')} ${anyOf('handle', 'deal with', 'take care of', 'work on')}`, {
    negatable: false,
  }),
];

const LATER_LOOK = `${anyOf('will', 'can', 'could', 'should', 'may', 'is going to', 'are going to', 'needs to', 'need to')} ${optional(anyOf('then', 'now', 'also'))}${anyOf('search', 'investigate', 'review', 'look into', 'look for', 'assess', 'decide', 'check on', 'follow up')}(?= |$)`;
const SOMEONE_ELSE = `(?:${PERSON_ROLE}|${anyOf('store', 'shop', 'warehouse', 'branch', 'lab', 'bank', 'insurer', 'courier', 'carrier', 'council', 'school', 'clinic', 'estimator', 'surveyor', 'assessor', 'inspector', 'engineer', 'fitter', 'installer', 'valuer', 'underwriter', 'pharmacist', 'planner')})`;

/** The agent putting the request off to someone later: nothing is solved yet. */
export const AGENT_DEFERRED: readonly Cue[] = [
  // The answer left to be found elsewhere: "your boarding time will be shown in your cruise documents", "you'll see
  // the live rate in the app".
  cue(
    `${anyOf('will be shown', 'is shown', 'will be listed', 'is listed', 'will be in', 'you will see', 'you can see', 'you will find', 'you can find', 'you can check', 'please check')} ${gap(6)}${anyOf('in', 'on')} ${anyOf('the', 'your', 'our', 'each')} ${optional(anyOf('cruise', 'booking', 'travel', 'mobile', 'online', 'compatibility', 'product', 'faq', 'help'))}${anyOf('app', 'website', 'site', 'portal', 'documents', 'paperwork', 'terms', 'page', 'faq', 'listing', 'listings')}(?= |$)`,
    { negatable: false },
  ),
  // The details said to be somewhere else: "All our product details are on each listing".
  cue(
    `${anyOf('details', 'information', 'info', 'everything you need', 'specs', 'specifications', 'answers')} ${anyOf('is', 'are')} ${optional('all')}${anyOf('on', 'in')} ${anyOf('each', 'the', 'our', 'your')} ${optional(anyOf('product', 'online', 'help'))}${anyOf('listing', 'listings', 'website', 'site', 'page', 'app', 'faq', 'product page', 'documents')}(?= |$)`,
    { negatable: false },
  ),
  cue(
    `${anyOf('will', 'is going to', 'are going to', 'should', 'can')} ${optional(anyOf('be able to', 'give you a'))}${anyOf('get back to you', 'follow up', 'call you back', 'reach out to you', 'be in touch', 'look into', 'contact you', 'give you a call', 'call you')}`,
    { negatable: false },
  ),
  // The answer kept back until someone has looked: "we'd need to see it before giving a price", "we'd need to review
  // the full estate before advising", "I'd need to check that with the solicitor".
  cue(
    `${anyOf('we would', 'we will', 'we', 'we really', 'i would', 'i will', 'they would', 'they will')} ${anyOf('need to', 'have to')} ${anyOf('see', 'assess', 'review', 'inspect', 'look at', 'examine', 'survey', 'check', 'confirm')} ${gap(4)}(?:${anyOf('before', 'in person')}|${anyOf('with', 'by')} ${anyOf('the', 'your', 'our', 'a')} [^ ]+)(?= |$)`,
    { negatable: false },
  ),
  // A promise with nothing done: "Yes, I'll make sure that's sorted for you."
  cue(
    `${anyOf('i will', 'we will', 'i am going to')} ${anyOf('make sure', 'ensure', 'see to it')} ${optional('that')}${anyOf('it', 'that', 'this', 'everything', 'your order', 'the address')} ${anyOf('is', 'gets', 'will be')}`,
    { negatable: false },
  ),
  // A request sent on for someone's approval: "I've sent your request to the pharmacist for approval".
  cue(
    `${anyOf('sent', 'passed', 'forwarded')} ${anyOf('your', 'the', 'this')} ${anyOf('request', 'query', 'question', 'details', 'enquiry', 'inquiry')} ${anyOf('to', 'for', 'on to')}`,
    { negatable: false },
  ),
  cue(
    `${anyOf('scheduled', 'booked', 'arranged', 'requested', 'set up')} ${optional(anyOf('you', 'you in'))}${optional(anyOf('in for', 'in', 'for'))}${anyOf('a callback', 'a call back', 'a call')}`,
    {
      negatable: false,
    },
  ),
  // Handing it on: "we've escalated this", "I've referred it to billing", "I've passed that along", "I'll pass your
  // request to the office", "I've reported the outage to our IT provider". Not with "also": "I've also passed it to
  // the kitchen" adds to something already done; and "I'll pass your thanks to Gemma" hands on no request.
  cue(
    `${anyOf('i have', 'i will', 'i am going to', 'we have', 'we will', 'we are going to')} ${anyOf('passed', 'escalate', 'escalated', 'forward', 'forwarded', 'refer', 'referred', 'reported')}(?= |$)|${anyOf('i will', 'i am going to', 'we will')} pass ${anyOf('your', 'the', 'this')} ${anyOf('request', 'query', 'question', 'details', 'enquiry', 'inquiry', 'case')} ${optional('on')}to`,
    { negatable: false },
  ),
  // The answer left until someone has looked: "Our specialists will be able to tell you once they've assessed your
  // gown", "I'd need to double-check the allowance".
  cue(
    `${anyOf('will', 'can', 'would')} ${optional('be able to')}${anyOf('tell you', 'advise you', 'let you know', 'confirm', 'give you a price', 'quote you')} ${anyOf('once', 'when', 'after')}|${anyOf('would', 'will')} need to ${anyOf('double - check', 'double check', 'double-check', 'check on', 'look into', 'find out')}`,
    { negatable: false },
  ),
  // The caller sent elsewhere for the answer: "I'd recommend getting in touch with them directly", "you'll need to
  // contact the market team".
  cue(
    `${anyOf('i would recommend', 'i recommend', 'i would suggest', 'i suggest', 'best to', 'you will need to', 'you would need to', 'you will have to', 'you would have to')} ${anyOf('getting in touch with', 'get in touch with', 'contacting', 'contact', 'reaching out to', 'reach out to', 'speaking to', 'speak to', 'asking', 'ask')} ${anyOf('them', 'the', 'your', 'our', 'him', 'her')}`,
    { negatable: false },
  ),
  // Someone set to contact the caller later, or something to be sent: "I'll get one of the valuers to phone you with a
  // date", "I'll have a proper quote emailed to you within two working days" (not "the written quote emailed to you
  // now as well", sent with the answer).
  cue(
    `${anyOf('i will', 'we will', 'i am going to', 'we are going to')} ${anyOf('get', 'have', 'ask')} ${gap(3)}(?:${anyOf('to phone you', 'to ring you', 'to call you', 'to email you', 'to contact you', 'to get back to you')}|${anyOf('emailed', 'sent', 'posted', 'sent over')} to you ${anyOf('within', 'by', 'in the next', 'over the next', 'in a few', 'later')})`,
    { negatable: false },
  ),
  // Someone contacting the caller later, by any channel: "a scheduler will phone you", "they'll email you within
  // five days". Not a thing sent with it ("I'll email you the receipt"), nor news of something already under way
  // ("we'll text you when it arrives", "once it's delivered").
  cue(
    `${anyOf('will', 'is going to', 'are going to', 'should', 'would')} ${optional(anyOf('be able to', 'try to'))}${anyOf('phone', 'ring', 'email', 'e-mail', 'text', 'message', 'notify', 'get in touch with', 'be in contact with')} you(?! ${anyOf('a', 'an', 'the', 'your', 'our', 'this', 'that', 'these', 'those', 'it', 'them', 'with', 'when', 'once', 'as soon as', 'after', 'before', 'whenever')}(?: |$))`,
    { negatable: false },
  ),
];

/**
 * More ways of handing the request on, each with a word of its own (a note, a flag, asking someone, a ticket): they
 * are read only where such a word is (see HAND_ON_WORDS_SAID), since most sentences have none.
 */
export const AGENT_HANDED_ON: readonly Cue[] = [
  // A note addressed to someone hands the request on ("I've added a note for the manager"); a note about the
  // booking ("I've added a note about the anniversary") only records it.
  cue(
    `${anyOf('i have', 'i will', 'i', 'we have', 'we will')} ${anyOf('added', 'left', 'made', 'put', 'add', 'leave', 'make', 'put in')} ${anyOf('a note', 'a message', 'a memo')} ${gap(6)}${anyOf('for', 'to')} ${optional(PERSON_DETERMINER)}${gap(2)}${PERSON_ROLE}(?= |$)`,
    { negatable: false },
  ),
  // A flag hands on only when it is raised as something or for someone ("I'll flag it as urgent for the adjuster");
  // "I've flagged the account so the fee won't be charged" protects it, and "I've also flagged ..." adds to a task.
  cue(
    `${anyOf('i have', 'i will', 'i am going to', 'we have', 'we will', 'we are going to')} ${anyOf('flag', 'flagged')} ${gap(3)}${anyOf('as', 'for', 'to', 'with')}(?= )`,
    { negatable: false },
  ),
  // Someone asked to contact the caller: "I've asked Dr. Lindqvist to call you around twelve", "I'll ask the
  // office to ring you this afternoon".
  cue(
    `${anyOf('asked', 'ask', 'told', 'tell', 'requested')} ${gap(3)}to ${anyOf('call', 'ring', 'phone', 'contact', 'email', 'text', 'get back to', 'reach out to', 'get in touch with')} you`,
    { negatable: false },
  ),
  // Someone else will look at it later: "the store will search for them", "so the manager can review it". The
  // rare verb phrase is matched first and the one who will act is read behind it: most sentences fail at once.
  cue(
    `${LATER_LOOK}(?<=(?:^| )${anyOf('the', 'our', 'a', 'an', 'your', 'their')} ${gap(1)}${SOMEONE_ELSE} ${LATER_LOOK})`,
    {
      negatable: false,
    },
  ),
  cue(`${anyOf('will', 'is going to', 'are going to', 'should')} ${anyOf('get in touch', 'be in contact')}`, {
    negatable: false,
  }),
  // A query, ticket, case or review opened for someone else to handle: "I've opened a query with the bursar's
  // office", "I've raised a repair ticket", "I've raised a review with our payments team".
  cue(
    `${anyOf('opened', 'raised', 'logged', 'lodged', 'filed', 'put in', 'submitted', 'created')} ${anyOf('a', 'an')} ${gap(2)}${anyOf('query', 'ticket', 'case', 'inquiry', 'enquiry', 'review', 'callback request', 'call back request', 'investigation')}(?= |$)`,
    { negatable: false },
  ), // A call from someone booked in place of what was asked: "I've booked you a callback with our engineer".
  cue(
    `${anyOf('booked', 'scheduled', 'arranged', 'set up', 'requested', 'put in', 'logged', 'book', 'schedule', 'arrange')} ${optional(anyOf('you', 'in'))}${anyOf('a', 'an', 'your')} ${gap(1)}${anyOf('callback', 'call back', 'call-back', 'phone call', 'call')}(?= |$)`,
    { negatable: false },
  ),
];

/**
 * A place in a queue, not the thing itself: "you're on the 8:30 waitlist", "I've added you to the waiting list".
 * Read after completions: "Your physical is booked for the 3rd, and you're on the cancellation list" booked it.
 */
export const AGENT_QUEUED: readonly Cue[] = [
  cue(
    `${anyOf('on', 'to', 'onto')} ${anyOf('the', 'our', 'a')} ${gap(2)}${anyOf('waitlist', 'wait list', 'waiting list', 'cancellation list', 'standby list', 'stand-by list')}`,
    { negatable: false },
  ),
];

/**
 * The agent saying the thing is not done yet, or is waiting on something: "nothing's been scheduled yet", "the
 * seats aren't held in the meantime", "it's still processing", "the claim is still under review".
 */
const COMPLETED = anyOf(
  'booked',
  'scheduled',
  'reserved',
  'confirmed',
  'held',
  'saved',
  'processed',
  'placed',
  'made',
  'done',
  'completed',
  'locked in',
  'finalized',
  'finalised',
  'secured',
  'approved',
  'definite',
  'final',
);
export const AGENT_NOT_YET: readonly Cue[] = [
  cue(
    `${anyOf('not', 'nothing', "nothing 's", 'none')} ${gap(3)}${COMPLETED}(?: [^ ]+){0,3} ${anyOf('yet', 'until', 'in the meantime')}(?= |$)`,
    { negatable: false },
  ),
  // "I don't want to tell you it's booked until it's confirmed", "nothing is held until the deposit is processed".
  cue(`until ${gap(3)}${COMPLETED}(?= |$)`, { negatable: false }),
  cue(
    `still ${anyOf('pending', 'processing', 'in progress', 'being processed', 'under review', 'in review', 'being reviewed', 'awaiting', 'waiting on', 'waiting for')}`,
    { negatable: false },
  ),
];

/**
 * Sentences about what the agent is, not about the caller's request: the identity word ends the sentence ("I can't
 * say, I'm an assistant"), or is what the agent cannot say or claim ("I can't say I'm human - I'm a bot, but ...").
 * Not "As an automated assistant, I can't issue refunds": that refuses the request.
 */
const IDENTITY = anyOf('human', 'person', 'robot', 'bot', 'ai', 'machine', 'automated', 'assistant', 'i am one');
export const ABOUT_ITSELF = cue(
  `(?:${IDENTITY}(?: [.!?])*$|${anyOf('say', 'claim', 'pretend', 'tell you', 'promise')} ${optional('that')}${anyOf('i am', 'to be', 'i am a', 'to be a', 'i am an', 'to be an')} ${optional(anyOf('real', 'actual'))}${IDENTITY})`,
  { negatable: false },
);
/** A condition, or a completion only wondered about: "You'll get an email saying whether it's confirmed." */
export const CONDITIONAL =
  /^(?:if|when|whenever|in case) |(?:^| )(?:whether|if) (?:it|that|this|they|the booking|your booking) (?:is|'s|has been|are|was) (?:been )?(?:confirmed|booked|accepted|approved|done|sorted)(?: |$)/;

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
  'filed',
  'logged',
  'lodged',
  'opened',
  'frozen',
  'paused',
  'extended',
  'renewed',
  'replaced',
  'enabled',
  'disabled',
  'turned off',
  'turned on',
  'switched off',
  'cleared',
  'cancelled',
  'rescheduled',
  'resent',
  'corrected',
  'reversed',
  'voided',
  'started',
  'resolved',
  'sorted',
  'arranged',
  'released',
);

/** The agent saying the thing is done or answered. */
export const AGENT_DONE: readonly Cue[] = [
  cue(
    `${anyOf('i have', 'i', 'we have', 'we', 'i just')} ${optional(anyOf('now', 'also', 'just', 'gone ahead and', 'went ahead and', 'successfully'))}${DONE}`,
  ),
  cue(
    // Not a promise: "I'll make sure that's sorted for you".
    `(?<!${anyOf('make sure', 'ensure', 'making sure', 'check')} ${optional('that')}${anyOf('it', 'that', 'this', 'everything', 'they', 'your order', 'your booking')} )${anyOf('has been', 'have been', 'is now', 'was', 'is', 'are')} ${optional(anyOf('now', 'all', 'successfully'))}${DONE}`,
  ),
  cue(
    // "Done" as a report, not the way a thing is done ("adoptions are done through our website") nor work
    // described ("properties having building work done").
    `${anyOf('you are all set', 'you are set', 'all done', '(?<=(?:^|(?:^| )(?:is|are|all|now|been|just|yes|ok|okay|right|that|it|got that|got it|,) ))done(?! (?:thru|by|online|in person|via|over the phone|at the|on the|in the|with the)(?: |$))', 'you should receive', 'you will receive', 'you will get', 'you will see', 'is on its way', 'is on the way', 'are on their way', 'are on the way', 'will be there', 'will be delivered', 'will be ready', 'is ready', 'will arrive', 'should arrive', 'expected to arrive', 'confirmation number', 'reference number')}`,
  ),
];

// Thanks is thanks even within reach of a negation ("not a problem, thank you").
const THANKS = cue(
  `${anyOf('thanks', 'thank you', 'thank u', 'thank ya', 'thank you so much', 'thanks so much', 'ty', 'thx', 'tysm', 'thnx', 'ta', 'cheers', 'appreciate it', 'i appreciate', 'phew', 'understood', 'i see')}`,
  { negatable: false },
);

/** How a satisfied caller signs off beyond thanks alone, which callers say however the call went. */
export const SIGN_OFF_PLEASED: readonly Cue[] = [
  cue(
    `${anyOf('perfect', 'great', 'awesome', 'excellent', 'wonderful', 'amazing', 'sweet', 'cool', 'nice', 'lovely', 'brilliant', 'fantastic', 'good to know', 'makes sense', 'what i needed', 'what i wanted to know', 'for letting me know', 'for being straight', 'for being honest', 'for being clear', 'for the info', 'for the information', 'for explaining', 'that helps', 'that is helpful', 'very helpful', 'sounds good', 'that works', 'got it', 'will do', 'that is all', 'that is it', 'that is everything', 'all i needed', 'that answers', 'you have answered', 'you answered', 'answered my question', 'answers my question', 'what a relief', 'that is a relief', 'reassuring', 'you are the best', 'have a nice day', 'have a great day', 'have a good day')}`,
  ),
  // Rescue: "you've saved me", "you saved my morning", "you made my day".
  cue(
    `you ${optional('have')}${anyOf('saved', 'made')} ${anyOf('me', 'my day', 'my life', 'my morning', 'my week', 'my bacon', 'my skin', 'the day')}(?= |$)`,
    { negatable: false },
  ),
  // Relief: "oh thank god", "thank goodness".
  cue(`${anyOf('thank god', 'thank goodness', 'thank heavens', 'thank the lord', 'thank christ', 'oh good')}`, {
    negatable: false,
  }),
  // Praise of the agent as a noun: "You're a lifesaver", "legend", "you're a star".
  cue(
    `(?:^${optional(anyOf('oh', 'ah', 'okay', 'honestly', 'wow'))}|you are ${optional(anyOf('a', 'an', 'my', 'such a', 'an absolute', 'a total', 'a real'))})${anyOf('lifesaver', 'life saver', 'life-saver', 'legend', 'star', 'hero', 'gem', 'angel', 'godsend', 'genius', 'champ', 'saint', 'rock star', 'rockstar')}(?= [.!,]|$)`,
    { negatable: false },
  ),
  // A one-word approval, in any dialect, standing as its own reply: "Smashing.", "Grand, thanks", "sound, cheers",
  // "OK good.".
  cue(
    `^${optional(anyOf('oh', 'ah', 'okay', 'right', 'well', 'fine'))}${optional(',')}${anyOf('good', 'good good', 'smashing', 'champion', 'ace', 'grand', 'sound', 'sick', 'mint', 'lush', 'class', 'magic', 'spot on', 'bang on', 'splendid', 'marvellous', 'marvelous', 'superb', 'fab', 'fabulous', 'terrific', 'stellar', 'dope', 'rad', 'bet', 'sorted', 'super', 'beautiful', 'gorgeous', 'cracking', 'top notch', 'boss', 'deadly', 'choice', 'legit')}(?= [.!,]|$)`,
    { negatable: false },
  ),
  // The caller reporting that it now works: "that did the trick", "Oh, it's on!", "heating just kicked on", "it's
  // come through"; not a hope or a condition ("I'll see if it works").
  cue(
    `(?<!(?:if|whether|until|unless|hope|hopefully) )${anyOf('it', 'that', 'this')} ${optional(anyOf('now', 'just', 'finally', 'totally'))}${anyOf('works', 'worked', 'did the trick', 'did it', 'fixed it', 'sorted it', 'came through', 'kicked in', 'kicked on')}(?= [.!,]|$)`,
  ),
  cue(
    `(?<!(?:if|whether|until|unless|hope|hopefully) )${anyOf('it is', "it 's", 'it has', 'everything is', 'all is', 'heating', 'heat', 'power', 'internet', 'wifi', 'phone', 'screen')} ${optional(anyOf('back', 'now', 'just', 'finally', 'all'))}${anyOf('on', 'working', 'back on', 'back up', 'up and running', 'come through', 'kicked on', 'kicked in')}(?= [.!,]|$)`,
  ),
  cue(`${anyOf('i am', 'we are')} ${optional(anyOf('back', 'finally', 'now'))}in(?= [.!,]|$)`),
  // "that's us sorted", "we're all sorted", "me sorted": Scottish and Northern English for done and pleased.
  cue(
    `${anyOf('that is', 'we are', 'i am', 'you are', 'me', 'us', 'that us', 'that me', 'that is us', 'that is me')} ${optional(anyOf('all', 'now', 'fully'))}sorted(?= [.!,]|$)`,
  ),
];

/** How a satisfied caller signs off. */
export const SIGN_OFF_SATISFIED: readonly Cue[] = [THANKS, ...SIGN_OFF_PLEASED];

/** How a caller signs off when they did not get what they came for. */
export const SIGN_OFF_UNSATISFIED: readonly Cue[] = [
  // Thanks with a hedge after it: "thanks anyway", "Thank you, I suppose.", "Thanks, I guess."
  cue(
    `${anyOf('thanks', 'thank you', 'thank u', 'thx', 'ty', 'cheers')} ${optional(',')}(?:${anyOf('anyway', 'anyways', 'for nothing', 'for trying')}|${anyOf('i guess', 'i suppose')}(?= [.!,]|$))`,
    {
      negatable: false,
    },
  ),
  // Not "no thanks": that is how callers answer "anything else?"; nor "don't bother", how they decline an offer.
  // Not "oh well, never mind": resignation to a plain answer ("ah well never mind, we'll try in the summer").
  cue(
    `(?<!(?:oh|ah|aw|well) (?:, )?)(?<!(?:oh|ah|aw) well (?:, )?)${anyOf('never mind', 'nevermind', 'nvm', 'forget it', 'forget about it', 'i give up', 'useless', 'waste of time')}`,
    {
      negatable: false,
    },
  ),
  cue(`^${optional(anyOf('oh', 'yes', 'fine ,'))}whatever(?: [.!,])*$`, { negatable: false }),
  cue(
    // Not a caller who thanks for the answer they got: "ok I'll try elsewhere then, thanks for the quick answer".
    `(?![^.!?]* ${anyOf('thanks', 'thank you')} for ${anyOf('the', 'a', 'your')} ${optional(anyOf('quick', 'clear', 'honest', 'straight', 'fast'))}${anyOf('answer', 'reply', 'info', 'information', 'help')})${anyOf('somewhere else', 'elsewhere', 'another company', 'do it myself', 'sort it myself', 'figure it out myself', 'look it up myself', 'find out myself', 'google it', 'google that', 'look it up online', 'a competitor', 'the competition', 'your competitor', 'your competitors', 'another provider', 'a different company', 'a different provider')}`,
    { negatable: false },
  ),
  // Hoping for more than was given: "ok. was hoping for something today but fine"; not "I was hoping to book it this
  // week, thanks".
  cue(
    `${anyOf('was hoping', 'were hoping', 'had hoped', 'i hoped', 'was really hoping')} ${anyOf('for', 'to')} ${gap(3)}${anyOf('today', 'now', 'sooner', 'tonight', 'this week', 'right away')}(?= ,? but)`,
    { negatable: false },
  ),
  // A resigned conclusion: "so I just don't get my bag then", "so we still can't use it".
  cue(
    `^${optional(anyOf('okay', 'ok', 'right', 'wow', 'great'))}${optional(',')}so ${anyOf('i', 'we')} ${optional(anyOf('just', 'still', 'basically', 'really'))}${anyOf('do not', 'can not', 'will not', 'am not going to', 'are not going to', 'have no', 'get nothing', 'have to')}`,
    { negatable: false },
  ),
  // Going round the agent: "I'll just ring the shop directly then", "I'll take it back to the shop I bought it from".
  cue(
    `${anyOf('ring', 'call', 'phone', 'email', 'contact', 'try')} ${anyOf('the shop', 'the store', 'the office', 'them', 'the branch', 'the clinic', 'the team', 'the yard', 'head office')} ${anyOf('directly', 'direct', 'myself', 'then')}|take it back to`,
    { negatable: false },
  ),
  // Taking it to someone else: "I'll find someone else", "I'll try somebody else".
  cue(
    `${anyOf('find', 'try', 'use', 'call', 'go to', 'go with', 'ask', 'speak to', 'talk to')} ${anyOf('someone else', 'somebody else')}`,
    { negatable: false },
  ),
  // Looking for what was asked somewhere else: "i'll check the website for prices then".
  cue(
    `${anyOf('check', 'look at', 'look on', 'search', 'try')} ${anyOf('the', 'your')} ${anyOf('website', 'site', 'web site', 'webpage', 'app', 'internet', 'online shop')} for`,
    { negatable: false },
  ),
  // Not hope met: "just what I was hoping for", "better than I was hoping".
  cue(
    `${anyOf('that does not help', 'that did not help', 'still do not', 'still not', 'that is what they said', 'that is what you said')}|(?<!(?:what|than|as) )i was hoping(?![^.!?]* but ${anyOf('that is fair', 'it is fair', 'fair enough', 'that is fine', 'i understand', 'i get it', 'that makes sense')})`,
    { negatable: false },
  ),
];

/** Putting it off ("I'll call back"): telling only when the agent could not help. */
export const SIGN_OFF_DEFERRED: readonly Cue[] = [
  cue(
    `${anyOf('i will', 'i am going to', 'i guess i will', 'i will just', 'we will', 'i will have to', 'i guess')} ${gap(1)}${anyOf('try', 'look', 'call back', 'go', 'wait', 'come back', 'figure', 'do that', 'book on', 'use', 'find')}`,
    { negatable: false },
  ),
];

/**
 * The caller asking for what a hand-on tool gives: a waiting-list place, a call back, a message passed on. When that
 * is what they came for, the hand-on is the request done ("put me on the cancellation list please"). Asked as a
 * fallback it is asked all the same: "if not could you pop me on the waiting list".
 */
export const CALLER_ASKS_HAND_ON: readonly Cue[] = [
  cue(
    `${anyOf('put', 'stick', 'add', 'pop', 'get')} ${anyOf('me', 'us', 'him', 'her', 'them', 'my name', 'our names', 'our name')} ${anyOf('on', 'onto', 'to', 'down for', 'down on')} ${anyOf('the', 'a', 'your')} ${anyOf('waiting list', 'waitlist', 'wait list', 'cancellation list', 'standby list', 'reserve list', 'list')}`,
    { negatable: false },
  ),
  cue(
    `${anyOf('can', 'could', 'will', 'would')} ${anyOf('someone', 'somebody', 'you', 'she', 'he', 'they', 'the team', 'the office')} ${anyOf('call', 'ring', 'phone')} ${anyOf('me', 'us')}(?: back)?|${anyOf('get', 'have', 'ask')} ${anyOf('her', 'him', 'them', 'someone', 'somebody')} ${optional('to')}${anyOf('call', 'ring', 'phone')} ${anyOf('me', 'us')}|${anyOf('a call back', 'a callback')} ${anyOf('would be', 'is', 'please', 'then')}`,
    { negatable: false },
  ),
  cue(
    `${anyOf('pass', 'leave', 'take', 'give')} ${optional(anyOf('on', 'her', 'him', 'them'))}${anyOf('a message', 'the message', 'my message', 'a note')}|${anyOf('pass', 'pass it', 'pass that')} on to`,
    { negatable: false },
  ),
];
