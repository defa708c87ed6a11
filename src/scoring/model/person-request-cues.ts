/**
 * Which words are signs, for person-request.ts: the vocabulary (ways of talking, staff, roles and departments, titles)
 * and the cues built from it. A caller asking for a person (REQUEST_CUES, bare roles, asking after someone by name,
 * and what makes a match no request of their own), the agent answering that nobody by that name is there, offering a
 * handover, putting the caller through (HANDOVER_CUES), refusing it, or offering a callback instead.
 */
import { anyOf, type Cue, cue, gap, optional } from './cue.js';
import { AFFIRMATIVE, HUMAN_QUALIFIER, MACHINE, PERSON_DETERMINER, PERSON_ROLE, PERSON_STRONG } from './lexicon.js';

const TALK = anyOf(
  'speak',
  'talk',
  'chat',
  'get thru',
  // "could I have a word with someone at reception", "a quick word with the manager"
  'a word',
  'a quick word',
  'a brief word',
  'a private word',
);
/** The preposition after a verb of talking, with an adverb people put before it: "speak directly to". */
const TALK_TO = `${TALK} ${optional(anyOf('directly', 'personally', 'direct', 'properly', 'in person'))}${anyOf('to', 'with', 'w', 'w/', '2')}`;
const TALKING = anyOf('speaking', 'talking', 'chatting');
/**
 * Put in front of a long word list that follows optional or alternative words: a no-op at a token's start, it keeps
 * V8 from compiling a copy of the list for every way of reaching it (a fifth of the code, and of the time to compile).
 */
const LIST = '(?<![^ ])';
/** Departments asked for by name, as staff ("someone in accounts") and alone ("I need the billing department"). */
const DEPARTMENT_NAMES = [
  'accounts',
  'accounting',
  'sales',
  'claims',
  'payroll',
  'collections',
  'scheduling',
  'finance',
  'hr',
  'human resources',
  'maintenance',
  'management',
  'reception',
  'admissions',
  'dispatch',
  'legal',
  'underwriting',
] as const;
/**
 * Staff a caller may ask for beyond the shared roles, and departments named as the people in them ("talk to
 * sales", "someone at reception").
 */
const STAFF = anyOf(
  PERSON_ROLE,
  'teacher',
  'principal',
  'headteacher',
  'instructor',
  'tutor',
  'director',
  'administrator',
  'secretary',
  'foreman',
  'contractor',
  'installer',
  'engineer',
  'inspector',
  'accountant',
  'bookkeeper',
  'planner',
  'organizer',
  'organiser',
  'host',
  'waiter',
  'bartender',
  'optometrist',
  'optician',
  'chiropractor',
  'physio',
  'physiotherapist',
  'midwife',
  'consultant',
  'broker',
  'realtor',
  'underwriter',
  'handler',
  'solicitor',
  'registrar',
  'caretaker',
  'superintendent',
  'groomer',
  'coach',
  'trainer',
  'preparer',
  'controller',
  'dispatcher',
  'surveyor',
  'social worker',
  'superior',
  'superiors',
  'higher up',
  'higher ups',
  'higher - up',
  'higher - ups',
  'guy',
  'lady',
  'gentleman',
  'woman',
  'man',
  'desk',
  'service desk',
  'help desk',
  'helpdesk',
  ...DEPARTMENT_NAMES,
);
// One free word before the role, or a hyphened pair: "the service manager", "one of the vet techs", "the on-call
// nurse"; roles may be plural; a job no list has, by its form ("the surveyor"). A possessive after the role makes
// it a thing of theirs: "the manager's email".
/**
 * A job named by its form when no list has it ("the surveyor", "your upholsterer", "the embalmer"): a word ending
 * as jobs do, after "the", "your", "a" or "an". Things with the same endings ("the computer", "the order") are left
 * out.
 */
const THINGS_BY_THE_SAME_ENDINGS = anyOf(
  // "Please speak to the caller directly": a relay operator's instruction, not a person asked for.
  'caller',
  'other',
  'others',
  'computer',
  'order',
  'number',
  'manner',
  'matter',
  'letter',
  'answer',
  'corner',
  'water',
  'power',
  'center',
  'error',
  'color',
  'colour',
  'after',
  'either',
  'neither',
  'whether',
  'customer',
  'ever',
  'never',
  'over',
  'under',
  'floor',
  'door',
  'paper',
  'printer',
  'meter',
  'filter',
  'register',
  'folder',
  'poster',
  'voucher',
  'counter',
  'shower',
  'heater',
  'boiler',
  'router',
  'monitor',
  'motor',
  'restaurant',
  'plant',
  'list',
  // People who are not staff: "is the toddler class free?" asks about a class, "the beginners" are callers.
  'toddler',
  'toddlers',
  'beginner',
  'beginners',
  'member',
  'members',
  'passenger',
  'passengers',
  'learner',
  'learners',
  'visitor',
  'visitors',
  'partner',
  'daughter',
  'mother',
  'father',
  'brother',
  'sister',
  'player',
  'players',
  // Things hired or booked: "is the trailer free Saturday?"
  'trailer',
  'scooter',
  'tractor',
  'starter',
  'dinner',
  'summer',
  'winter',
  'weather',
  'charger',
  'timer',
  'container',
  'border',
  // Common nouns of the same endings that name no one: "can I ask the career fair", "is the cooler working?".
  'career',
  'careers',
  'quarter',
  'chapter',
  'offer',
  'offers',
  'cover',
  'layer',
  'river',
  'tower',
  'flower',
  'timber',
  'lumber',
  'theater',
  'shelter',
  'ladder',
  'sticker',
  'banner',
  'flyer',
  'cooler',
  'freezer',
  'blender',
  'mixer',
  'cooker',
  'washer',
  'dryer',
  'fryer',
  'burner',
  'mower',
  'sprinkler',
  'compressor',
  'generator',
  'elevator',
  'radiator',
  'conditioner',
  'sensor',
  'detector',
  'projector',
  'adapter',
  'adaptor',
  'scanner',
  'tracker',
  'holder',
  'binder',
  'burger',
  'cider',
  'lager',
  'mirror',
  'corridor',
  'calculator',
  'semester',
  'character',
  'roster',
  'checklist',
  'playlist',
  'waitlist',
  'wishlist',
  'shortlist',
  'implant',
  'implants',
  'sealant',
  'coolant',
  'warrant',
  'sector',
  'factor',
);
const JOB_BY_ITS_FORM = `(?!${THINGS_BY_THE_SAME_ENDINGS}(?: |$))[a-z]+(?:ician|ist|eer|or|er|ant)s?(?= |$)`;

// A job by its form may have one word before it too: "the band leader", "your dog groomer".
const ROLE_OBJECT = `(?:${optional(PERSON_DETERMINER)}${optional(HUMAN_QUALIFIER)}(?:[^ ]+ (?:- [^ ]+ )?)?${LIST}${STAFF}s?|${anyOf('the', 'your', 'a', 'an')} (?:[a-z]+ )?${JOB_BY_ITS_FORM})(?! 's)`;
/** A title and a name: "Ms. Brenner", "Dr Lee", "doctor Patel" (wink keeps the period on the title). */
const TITLE = anyOf('mr', 'ms', 'mrs', 'miss', 'mx', 'dr', 'doctor', 'prof', 'professor');
const TITLE_NAME = `${TITLE}\\.?(?: \\.)? (?!'s )[^ ]+`;
const ROLE_OR_NAMED = `${LIST}(?:${TITLE_NAME}|${ROLE_OBJECT})`;
/**
 * A caller's own ask, wanting or asking permission: "can I", "I'd like to", "is it possible to", "I just need to".
 * Used where the object alone (a pronoun, a name) would not say that a person is wanted.
 */
const ASK_LEAD = `(?:${anyOf('can i', 'could i', 'may i', 'can we', 'could we', 'let me', 'let us', 'is it possible to', 'possible to')}|(?:i|we) ${optional(anyOf('just', 'really', 'still', 'only', 'actually', 'urgently'))}${anyOf('would like to', 'would still like to', 'would really like to', 'would just like to', 'would love to', 'want to', 'need to', 'have to', 'wish to', 'would prefer to', 'would rather', 'demand to', 'was hoping to', 'am hoping to', 'were hoping to', 'must')}) ${optional(anyOf('just', 'please', 'really', 'simply', 'quickly'))}`;
/** Departments a caller asks for someone in: "someone in billing", "anyone from claims", "someone at the front desk". */
const DEPARTMENT = anyOf(
  'billing',
  'accounts',
  'accounting',
  'sales',
  'claims',
  'returns',
  'payroll',
  'collections',
  'scheduling',
  'records',
  'finance',
  'hr',
  'human resources',
  'it',
  'maintenance',
  'management',
  'reception',
  'admissions',
  'admin',
  'dispatch',
  'legal',
  'underwriting',
  'fraud',
  'security',
  'support',
  'tech support',
  'technical support',
  'customer service',
  'customer support',
  'customer care',
  'customer relations',
  'pharmacy',
  'lab',
  'events',
  'bookings',
  'reservations',
  'leasing',
  'parts',
  'service',
  'inspections',
  'permits',
  'enrollment',
  'registration',
  'charge',
  'authority',
  'office',
  'desk',
  'front desk',
  'team',
  'department',
  'staff',
);
/** Verbs of routing the caller: "route me to", "get me over to", "send me through to". */
const ROUTE_ME = `${anyOf('send', 'forward', 'route', 'direct', 'redirect', 'switch', 'get', 'take', 'bring', 'move')} me ${optional(anyOf('over', 'thru', 'back', 'across'))}${anyOf('to', 'onto')}`;
/** "can I get the", "could I have your": a request for the role only when the clause ends with it. */
const HAVE_THE = `${anyOf('can i', 'could i', 'may i', 'can we', 'could we')} ${optional(anyOf('please', 'just'))}${anyOf('get', 'have')}`;
export const HAVE_THE_FRAME_START = new RegExp(`^${HAVE_THE} `);
/** A person described, not named: the clause goes on to say who ("the fella with all the tattoos"). */
export const DESCRIBED_PERSON =
  / (?:fella|fellow|lady|guy|bloke|chap|lad|lass|girl|man|woman|gentleman|gent) (?:who|with|that|from) ?$/;
/** The frame followed by anything but a definite role or a named person: "can I get a plumber?" asks for a service. */
export const HAVE_THE_FRAME = new RegExp(
  `^${HAVE_THE} (?!${anyOf('the', 'your', 'one of your', 'one of the')} |${TITLE})`,
);
/** Frames that take a gerund as what is asked for: "any chance of", "would you mind", "I'd prefer". */
const GERUND_LEAD = `${anyOf('chance of', 'possibility of', 'possible of', 'way of', 'option of', 'insist on', 'how about', 'what about', 'mind', 'appreciate', 'prefer', 'rather be', 'recommend', 'try', 'better', 'more comfortable', 'sooner', 'rather')} ${optional('just')}`;
/** Departments asked for by name alone ("I need the billing department"): not "the parts" or "the service". */
const WANTED_DEPARTMENT = anyOf(
  'billing',
  ...DEPARTMENT_NAMES,
  'fraud department',
  'tech support',
  'technical support',
  'customer service',
  'customer support',
  'customer care',
  'customer relations',
  'pharmacy',
  'front desk',
  'front office',
  'service department',
  'parts department',
  'complaints',
);
/** A person word used as a modifier is no person: "the manager's email", "a human readable copy", "human resources". */
const NOT_A_MODIFIER = `(?! ${anyOf("'s", 'readable', 'error', 'errors', 'resources', 'rights', 'nature', 'race', 'trafficking', 'interest', 'body')}(?: |$))`;
/** Words for a person as against the automated agent, that make a request on their own: "give me a person". */
const BARE_PERSON = anyOf('person', 'human', 'human being', 'people', 'real person', 'live person', 'real human');
/** Where a clause ends after its object: only "please", "now" or punctuation follow. */
const CLAUSE_END = `(?=(?: ${anyOf('please', 'now', 'right now', 'immediately', 'asap')})*(?: [.!?,;]|$))`;
/** The clause ends there, or after where the person works: "can I have the person from reception?" */
export const ENDS_CLAUSE_OR_PLACE = new RegExp(
  `^(?: ${anyOf('of', 'from', 'in', 'at', 'on')} ${optional(anyOf('the', 'your'))}${DEPARTMENT})?${CLAUSE_END}`,
);

/**
 * Frames after which a role, a department or a named person is the one asked for. They share one object, so the
 * combined pattern of the request cues stays small: V8 stops optimising a pattern of more than 20,000 characters,
 * and then tries every alternative at every position.
 */
const FRAMES_BEFORE_A_ROLE: readonly string[] = [
  // "can I speak to someone", "let me talk to a real person", "a word with reception", "speak directly to Dr. Lee"
  TALK_TO,
  // "talk this through with one of your staff", "go over it with someone"
  `${anyOf('talk', 'go', 'speak')} ${anyOf('this', 'it', 'that')} ${anyOf('thru', 'over')} with`,
  // Verbs of routing: "get me to a vet tech", "route me to billing", "direct me to the right person"
  ROUTE_ME,
  // "can I ask the pharmacist", "could I reach someone in billing", "I need to get in touch with Dr. Lee"
  `${anyOf('can i', 'could i', 'may i', 'let me', 'i want to', 'i would like to', 'i need to')} ${anyOf('ask', 'reach', 'contact', 'get hold of', 'get a hold of', 'get in touch with')}`,
  // A gerund after a frame of asking or preferring: "any chance of speaking to a manager?", "I'd prefer talking to
  // a human", "I insist on speaking with the owner", "I'd feel better talking to a person"
  `${GERUND_LEAD}${TALKING} ${anyOf('to', 'with')}`,
  // A preference for dealing with a person: "I'd rather deal with a real person", "I prefer to sort this out with
  // your staff"
  `${anyOf('rather', 'prefer', 'prefer to')} ${anyOf('deal', 'dealing', 'work', 'working', 'do this', 'do it', 'do that', 'doing this', 'doing it', 'discuss this', 'discuss it', 'discuss that', 'sort this out', 'sort it out', 'sort this', 'sort it', 'handle this', 'handle it', 'go thru this', 'go thru it', 'explain this', 'explain it')} with`,
  // Help wanted from a person: "I need help from a real person", "I'd like some assistance from a human"
  `${anyOf('need', 'want', 'would like', 'get', 'like')} ${optional('some')}${anyOf('help', 'assistance', 'an answer', 'answers')} from`,
  // Waiting for the person, or the phone handed to them: "I'll hold for the supervisor", "pass the phone to your
  // colleague please"
  `${anyOf('i will hold for', 'i can hold for', 'happy to hold for', 'i will wait for', 'i can wait for', 'happy to wait for')}`,
  `${anyOf('pass', 'hand', 'give')} ${anyOf('the phone', 'the line', 'me')} ${optional(anyOf('over', 'back', 'across'))}to`,
  // A particular person in a role, asked for: "can I get the on-call nurse please?", "could I have your manager?";
  // only where the clause ends with the role (see requestMatch)
  HAVE_THE,
];

/** Frames after which only a word for a person as such (not a role) asks for one: "I want a human". */
const FRAMES_BEFORE_A_PERSON: readonly string[] = [
  // "I want a human", "can I get a representative", "I'd prefer a real person", "I'm looking for a supervisor"
  `${anyOf('want', 'need', 'get', 'have', 'give me', 'would like', 'request', 'see', 'prefer', 'ask for', 'asking for', 'looking for', 'demand', 'insist on', 'rather have')} ${optional(anyOf('a', 'an', 'the', 'your', 'some', 'to a'))}`,
  // "get me a supervisor", "gimme a human"
  // "get me the barn manager": one word may name which
  `${anyOf('get me', 'gimme', 'find me', 'bring me')} ${optional(anyOf('a', 'an', 'the', 'your'))}(?:[^ ]+ )?`,
  // "I want to deal with a human", "I'd like to discuss this with a manager"
  `${anyOf('want to', 'would like to', 'need to', 'wish to')} ${anyOf('deal', 'do this', 'do it', 'discuss this', 'discuss it', 'discuss that', 'sort this out', 'sort it out', 'handle this')} with ${optional(anyOf('a', 'an', 'the', 'your', 'some'))}`,
  // Without "me" or without the preposition, as learners and chat users write it: "please connect to a human",
  // "I want talk manager"
  `${anyOf('connect', 'transfer', 'pass')} ${anyOf('to', 'with')} ${optional(anyOf('a', 'an', 'the', 'your', 'some'))}`,
  `${anyOf('want', 'need', 'would like', 'must')} ${optional('to')}${anyOf('speak', 'talk')} ${optional(anyOf('a', 'an', 'the', 'some', 'your'))}`,
  // A complaint taken to a person: "I want to complain to a manager", "I'll take this up with your supervisor"
  `${anyOf('complain', 'make a complaint', 'lodge a complaint', 'file a complaint', 'take this up', 'take it up', 'raise this', 'raise it')} ${anyOf('to', 'with')} ${optional(anyOf('a', 'an', 'the', 'your', 'some'))}`,
  // A person asked after: "is there a human there?", "do you have a supervisor?"
  `${anyOf('is there', 'are there', 'do you have', 'have you got', 'is not there', 'is there not', 'do you guys have', 'do you even have')} ${optional(anyOf('a', 'an', 'any', 'some', 'even a', 'even any'))}`,
];

/** Ways a caller asks to be put through to a person. */
export const REQUEST_CUES: readonly Cue[] = [
  cue(`(?:${FRAMES_BEFORE_A_ROLE.join('|')}) ${ROLE_OR_NAMED}`),
  cue(`(?:${FRAMES_BEFORE_A_PERSON.join('|')})${LIST}${PERSON_STRONG}${NOT_A_MODIFIER}`),
  // Someone already named, as a pronoun, when the caller asks for it: "I need to talk to her or anyone on her team",
  // "can you send me to her"
  cue(`(?:${ASK_LEAD}${LIST}${TALK_TO}|${ROUTE_ME}) ${anyOf('him', 'her', 'them')}`),
  // Whoever does the job: "may I speak to whoever handles refunds", "can I talk to whoever is in charge"
  cue(
    `(?:${TALK_TO}|${ROUTE_ME}) ${LIST}${anyOf('whoever', 'whomever', 'who ever', 'the person who', 'the person in charge', 'someone in charge', 'somebody in charge', 'the one in charge', 'the person responsible')}`,
  ),
  // "transfer me", "connect me with billing", "put me through to a manager", "could I be transferred"
  cue(`${anyOf('transfer', 'connect', 'patch')} me`),
  // Read through a negation before it, as callers run their words on: "i don't want another sorry put me on to the
  // controller now".
  cue(`${anyOf('put', 'pop')} me ${anyOf('thru', 'over', 'onto', 'on to')}`, { negatable: false }),
  // Someone who can do what the agent cannot: "Is there anyone there who can actually tell me where my passport is?"
  cue(
    `is there ${anyOf('anyone', 'anybody', 'someone', 'somebody')} ${optional(anyOf('there', 'here', 'else', 'at all'))}${anyOf('who', 'that')} ${anyOf('can', 'could')} ${optional(anyOf('actually', 'really', 'just'))}${anyOf('tell me', 'help me', 'explain', 'answer', 'sort this', 'deal with this')}`,
  ),
  // A person described rather than named: "can I get the fella with all the tattoos", "the lady who did my nails".
  cue(
    `(?:${HAVE_THE}|${TALK_TO}|${anyOf('i want', 'i need', 'looking for')}) ${anyOf('the', 'that', 'your')} ${optional(anyOf('young', 'older', 'other', 'nice', 'tall'))}${anyOf('fella', 'fellow', 'lady', 'guy', 'bloke', 'chap', 'lad', 'lass', 'girl', 'man', 'woman', 'gentleman', 'gent')} ${anyOf('who', 'with', 'that', 'from')}`,
  ),
  // Someone with the power to do it: "someone who can actually change the delivery address", "a person who can
  // authorise a refund". Not "anyone who can fix a boiler": that asks for the service.
  cue(
    `${anyOf('someone', 'somebody', 'anyone', 'anybody', 'a person', 'a human', 'a real person')} ${optional(anyOf('there', 'here'))}${anyOf('who', 'that')} ${anyOf('can', 'could', 'is able to')} ${optional(anyOf('actually', 'really', 'just'))}${anyOf('authorise', 'authorize', 'approve', 'change', 'amend', 'override', 'sign off')}`,
  ),
  // "Could you put me in touch with whoever handles your payables?"
  cue(`put me in touch with`),
  // One of the people who do the work, by their trade: "Could I speak to one of your doulas before deciding?"
  cue(`${ASK_LEAD}${LIST}${TALK_TO} ${anyOf('one of your', 'one of the')} [a-z]+s(?= |$)`),
  // Someone to talk to at all: "is there someone I could actually talk to about what the results mean"
  cue(
    `is there ${anyOf('someone', 'somebody', 'anyone', 'anybody')} (?:${anyOf('i', 'we')} ${anyOf('can', 'could', 'might')} ${optional(anyOf('actually', 'just', 'maybe', 'properly'))})?${TALK_TO}`,
  ),
  // "I'm after speaking to one of your surveyors": Irish and Scots English for wanting to.
  cue(`i am after ${anyOf('speaking', 'talking', 'a word', 'a quick word', 'a chat')} ${anyOf('to', 'with')}`),
  // "can you pass me over to him", "hand me to your colleague"
  cue(`${anyOf('pass', 'hand')} me ${optional(anyOf('over', 'thru', 'back'))}${anyOf('to', 'onto')}`),
  // "would you mind transferring me", "any chance of putting me through"
  cue(`${GERUND_LEAD}${anyOf('transferring', 'connecting', 'patching', 'forwarding', 'passing', 'putting')} me`),
  cue(`${anyOf('be', 'get', 'being')} ${anyOf('transferred', 'connected', 'put thru')}`),
  cue(`${anyOf('transfer', 'connect')} ${anyOf('this call', 'the call', 'my call')}`),
  // "get me someone from maintenance", "please connect to agent", "I want talk someone"
  cue(
    `${anyOf('get me', 'gimme', 'find me', 'bring me', 'connect to', 'transfer to', 'connect with', 'want talk', 'want speak', 'need talk', 'need speak')} ${anyOf('someone', 'somebody', 'anyone', 'a person', 'a human', 'person', 'agent', 'an agent', 'live agent', 'a live agent')}(?! 's)`,
  ),
  // "are there any real people working there?", "do you have humans?"
  cue(
    `${anyOf('is there', 'are there', 'do you have', 'have you got', 'is not there', 'is there not')} ${optional(anyOf('any', 'some', 'even any'))}${anyOf('humans', 'real people', 'actual people', 'live people', 'actual humans', 'real humans', 'live agents', 'human agents', 'real agents', 'representatives', 'operators', 'supervisors', 'managers')}`,
  ),
  // Someone put on the line: "can you get a manager on the phone", "put her on", "get somebody on the line". Only a
  // person is got or put on the phone or the line, so the object there is any short noun phrase.
  cue(
    `${anyOf('get', 'put', 'bring')} (?:${anyOf('him', 'her', 'someone', 'somebody', 'anyone', 'a person', 'a human')}|${optional(anyOf('a', 'an', 'the', 'your', 'one of your', 'one of the'))}${LIST}${PERSON_STRONG}) on${optional('to')}(?: ${anyOf('the phone', 'the line', 'the call', 'the chat', 'this call', 'this chat')})?(?: for me)?${CLAUSE_END}`,
  ),
  // Not a machine put on the line: "My husband swears y'all put a robot on the phone."
  cue(
    `${anyOf('get', 'put', 'bring')} ${anyOf('the', 'your', 'a', 'an', 'one of your', 'one of the')} (?!(?:[^ ]+ )?${anyOf('robot', 'robots', 'bot', 'bots', 'machine', 'computer', 'recording', 'ai', 'chatbot', 'system', 'message', 'music', 'app')}(?: |$))(?:[^ ]+ ){0,2}on ${anyOf('the phone', 'the line')}`,
  ),
  // Wanted on the phone: "I want the man in charge on the phone. Today."; not "the number on the phone bill".
  cue(
    `${anyOf('want', 'need')} ${anyOf('the', 'your', 'a', 'an', 'someone', 'somebody')} (?:[^ ]+ ){0,3}on ${anyOf('the phone', 'the line')}(?= [.!?,;]| now| today| please| right now| asap|$)`,
  ),
  // A person to do it: "can a person have a proper look at my account?", "could a real human check this?".
  cue(
    `${anyOf('can', 'could', 'will')} ${anyOf('a person', 'a human', 'a real person', 'an actual person', 'a real human', 'a human being')} ${optional(anyOf('please', 'just', 'actually'))}${anyOf('have a look', 'have a proper look', 'look', 'check', 'review', 'call', 'ring', 'phone', 'help', 'deal with', 'sort', 'see')}`,
  ),
  // "I need a person to look at it": a person as opposed to the automated agent; not "I want people who get comp
  // setting", staff good at their job.
  cue(
    `${anyOf('want', 'need', 'get')} ${anyOf('a person', 'a human', 'a real person')} ${anyOf('to', 'who', 'that', 'on', 'for')}`,
  ),
  // A call from someone of theirs: "can one of your support engineers call me?", "could the nurse ring me back?"; not
  // "can the plumber call me when he's on his way?"
  cue(
    `${anyOf('can', 'could', 'will')} ${anyOf('one of your', 'your', 'the', 'a', 'an', 'someone', 'somebody', 'a real person', 'a person')} ${gap(2)}${LIST}(?:${STAFF}s?|${JOB_BY_ITS_FORM}|someone|somebody|person) ${anyOf('call', 'ring', 'phone', 'give me a call', 'give me a ring')} ${anyOf('me', 'us')}(?! ${anyOf('when', 'before', 'once', 'if', 'as soon as', 'on the way', 'ahead', 'from the van', 'from the road')}(?: |$))`,
  ),
  // A person as opposed to the agent, qualified: "I want an actual certification officer today", "show a real person";
  // not "a proper person to take it down" (a tradesman) nor "a real steel helmet for him".
  cue(
    `${anyOf('want', 'need')} ${anyOf('a', 'an')} ${anyOf('actual', 'real', 'live')} (?:[^ ]+ )?${LIST}(?:${STAFF}|(?=[a-z]{5,}(?: |$))${JOB_BY_ITS_FORM})`,
  ),
  cue(
    `${anyOf('show', 'ask', 'tell', 'explain it to', 'explain this to')} ${optional(anyOf('a', 'an'))}${anyOf('real person', 'actual person', 'human', 'real human', 'actual human', 'human being')}`,
  ),
  // A person and nothing more, as the whole object: "give me a person!", "I want person please", "I need a human."
  cue(
    `${anyOf('give me', 'gimme', 'i want', 'i need', 'i would like', 'bring me', 'i demand')} ${optional(anyOf('a', 'an', 'some', 'one'))}${BARE_PERSON}${CLAUSE_END}`,
  ),
  // "is there someone I can talk to", "anyone from customer relations I could speak with", "is there a nurse I
  // could ask", "isn't there anybody I can speak to?"; speech recognisers split "some one". The person (or what is
  // asked to exist) is looked for behind the rarer "I can".
  cue(
    `${optional(anyOf('who', 'that'))}${anyOf('i', 'we')} ${anyOf('can', 'could', 'may', 'might')}(?<=(?:^| )(?:${anyOf('someone', 'somebody', 'anyone', 'anybody', 'some one', 'some body', 'any one', 'any body', 'no one', 'nobody', 'person', 'human', 'people')}|${anyOf('is there', 'are there', 'do you have', 'have you got')} ${anyOf('a', 'an', 'any', 'some', 'one')}) ${gap(4)}${optional(anyOf('who', 'that'))}${anyOf('i', 'we')} ${anyOf('can', 'could', 'may', 'might')}) ${anyOf(TALK, 'ask')}`,
  ),
  // Someone in a department asked after or asked for: "is there someone in billing?", "do you have anyone from
  // claims", "I need someone in accounts", "is there some one in billing i could …", "somebody in charge"
  cue(
    `${anyOf('is there', 'are there', 'do you have', 'have you got', 'is not there', 'is there not', 'i need', 'i want', 'i would like', 'can i have', 'can i get', 'could i have', 'could i get', 'give me', 'get me')} ${anyOf('someone', 'somebody', 'anyone', 'anybody', 'some one', 'some body', 'any one', 'any body', 'a person', 'a human', 'people', 'a real person', 'a human being')} ${anyOf('in', 'from', 'at', 'on')} ${optional(anyOf('the', 'your', 'a'))}${optional(anyOf('front', 'back', 'main', 'head'))}${LIST}${DEPARTMENT}(?= [.!?,]| please| who| that| i| we| about| for| to| and| or|$)`,
  ),
  // A department wanted as such: "I need the billing department, please", "I'd like your sales team"
  cue(
    `${anyOf('want', 'need', 'would like', 'am after', 'looking for')} ${anyOf('the', 'your')} ${LIST}${WANTED_DEPARTMENT}(?: ${anyOf('department', 'team', 'office', 'desk', 'line')})?${CLAUSE_END}`,
  ),
  // A person who speaks the caller's language: "do you have someone who speaks Spanish?", "I need somebody that
  // speaks Polish"
  cue(
    `${anyOf('is there', 'are there', 'do you have', 'have you got', 'i need', 'i want', 'i would like', 'get me', 'can i get', 'can i have')} ${anyOf('someone', 'somebody', 'anyone', 'anybody', 'a person', 'an agent', 'a representative', 'a rep', 'people', 'staff', 'a human')} ${optional(anyOf('there', 'here'))}${anyOf('who', 'that')} ${optional(anyOf('can', 'could', 'does'))}${anyOf('speak', 'speaks', 'talks')} (?!${anyOf('to', 'with', 'about', 'for', 'on', 'up', 'a', 'the', 'slowly', 'slower', 'louder', 'clearly', 'english')} )[^ ]+`,
  ),
  // Someone named, asked for by looking for or calling for them: "I'm looking for Dr. Lee", "calling for Ms. Okafor"
  cue(
    `${anyOf('looking for', 'asking for', 'calling for', 'trying to reach', 'trying to get hold of', 'hoping to reach', 'want to reach', 'need to reach')} ${TITLE_NAME}`,
  ),
  // A person asked to do the job instead: "can a real person help me?", "could a manager look at this?"
  cue(
    `${anyOf('can', 'could', 'would', 'will')} ${optional(anyOf('a', 'an', 'the', 'your', 'some', 'one of your'))}${LIST}${PERSON_STRONG} ${optional(anyOf('please', 'just'))}${anyOf('help', 'look', 'check', 'take', 'deal', 'handle', 'call', 'sort', 'explain', 'talk', 'speak', 'review', 'approve', 'get on', 'come on', 'pick up')}`,
  ),
  // "escalate this", "I want this escalated", "escalate to a supervisor"
  cue(`escalate ${anyOf('this', 'it', 'me', 'my', 'the', 'to')}`),
  cue(`${anyOf('this', 'it')} escalated`),
];

/** Asks that name a person whose name only capitals show, or a person asked after: checked in `namedAsk`. */
const PRESENCE = anyOf(
  'available',
  'around',
  'about',
  'in',
  'there',
  'free',
  'in the office',
  'in today',
  'on today',
  'on shift',
  'on duty',
  'on call',
  'working today',
  'at work',
  'in yet',
  'back yet',
  'still there',
  'still in',
  'in the building',
  'at her desk',
  'at his desk',
);
/** What may follow the presence asked about before the clause ends: "is Gloria free for a quick word?" */
const PRESENCE_TAIL = `(?=(?: ${anyOf('right now', 'now', 'at the moment', 'by any chance', 'please', 'still', 'yet', 'today', 'to talk', 'to speak', 'to chat', 'for a word', 'for a quick word', 'for a minute', 'for a moment', 'for a second', 'for a chat', 'for a quick chat', 'at all', 'ken', 'like', 'mate', 'love', 'is it')})*(?: [.!?,]|$)| the [^ ]+ ${anyOf('he', 'she', 'who')} )`;
/**
 * Whether a person is there, asked about them: "Is Gloria around?", "is Priya available??", "Is she available?",
 * "would the manager be free?", "are the nurses in today?", "is there a pharmacist available?"
 */
export const ASKS_IF_PRESENT = new RegExp(
  `(?:^| )(?:is|are|would|will)(?: there)? ((?:[^ ]+ ){0,2}?[^ ]+)(?: be)? (${PRESENCE})${PRESENCE_TAIL}`,
);
/** "can I talk to Darnell", "could I speak with Gloria": a name, which only its capital tells from a word. */
export const ASKS_TO_TALK_TO = new RegExp(`(?:^| )${ASK_LEAD}${LIST}${TALK_TO} ([^ ]+(?: [^ ]+)?)`);
/** The caller means to consult someone of their own first: "let me talk to Dave first and call you back". */
export const DEFERRAL =
  /(?:^| )(?:first|before (?:i|we)|and (?:i will |we will )?(?:call|get back|ring|let you know|come back))(?: |$)/;
export const PERSON_SLOT = new RegExp(
  `^(?:${TITLE_NAME}|${ROLE_OBJECT}(?: or ${ROLE_OBJECT})?|${optional(anyOf('the', 'your', 'a', 'an'))}${PERSON_STRONG})$`,
);
/** "Is she available?" asks for someone named before; "is she still there?" is as often a pet in care. */
export const PRONOUN_SLOT = /^(?:he|she)$/;
/** Someone not yet placed: "is anyone there?" checks the line, "is anyone available?" asks for a person. */
export const INDEFINITE_SLOT = /^(?:someone|somebody|anyone|anybody|a person|person|people)$/;
export const WHEREABOUTS = /^(?:around|about|in|there|still there|still in|in the building)$/;
export const OPENS_A_QUESTION =
  /^(?:(?:hi|hii|hiya|hello|hey|oh|um|uh|so|and|yes|okay|aye|now|right|well|morning|,) )*(?:is|are|would|will) /;
/** Capitalised words that are not names. */
export const NOT_A_NAME = new RegExp(
  `^(?:${anyOf('i', 'it', 'this', 'that', 'there', 'here', 'everything', 'everyone', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december', 'christmas', 'easter', 'mom', 'mum', 'dad', 'ok', 'okay', 'hi', 'hello', 'yes', 'no')})$`,
);

/** A turn that is nothing but a role, as callers say to phone menus: "Representative." "Agent, please!" "REPRESENTATIVE for god's sake" */
const BARE_ROLE_WORD = anyOf(
  'agent',
  'representative',
  'rep',
  'operator',
  'human',
  'person',
  'customer service',
  'supervisor',
  'manager',
  'human being',
  'real person',
  'live person',
  'real human',
  'live agent',
  'human agent',
  'someone real',
  'somebody real',
);
export const BARE_ROLE = new RegExp(
  `^(?:(?:${anyOf('no', 'no\\.', 'no,', 'please', 'now', 'just', 'okay', 'um', 'uh', 'a', 'an', 'real', 'live', 'human', 'customer service', 'talk to', 'speak to', 'i want', 'i need', 'i said', 'get me', 'give me', 'not you', 'not you ,', ',')}) )*${BARE_ROLE_WORD}(?: (?:${BARE_ROLE_WORD}|${anyOf('please', 'pls', 'plz', 'now', 'right now', 'already', 'immediately', '!', '\\.', ',', "for god 's sake", 'for god sake', 'for gods sake', "for heaven 's sake", "for christ 's sake", "for pete 's sake", 'for crying out loud', 'damn it', 'dammit', 'goddammit', 'god damn it')}))*(?: ,? ${anyOf('not', 'not a', 'not the', 'not this', 'not some', 'instead of a', 'rather than a')} ${anyOf('machine', 'bot', 'robot', 'computer', 'recording', 'you', 'chatbot', 'ai', 'assistant', 'virtual assistant')})?(?: [.!?])*$`,
);
/**
 * A person word alone as a question ("real human?", "human?"): whether the agent is one, unless the agent has just
 * said it is automated, when it asks for one.
 */
export const BARE_HUMAN_QUESTION =
  /^(?:(?:a|an|real|live|actual|,) )*(?:human|person|human being|real person|real human|live person|someone real|somebody real)(?: \?)+$/;
/** An elliptical "a real one", which asks for a person only after the agent called itself automated. */
export const REAL_ONE =
  /^(?:(?:no|no ,|not you|not you ,|just|please|i want|i need|i would like|can i have|can i get|give me|a|an) )*(?:real|actual|live|human|proper) one(?: (?:please|!|\.|,))*(?: [.!?])*$/;
export const MACHINE_WORD = new RegExp(
  `(?:^| )(?:${MACHINE}|${anyOf('assistant', 'virtual', 'automated', 'ai')})(?= |$)`,
);
/**
 * Phrases that turn a match into something other than the caller's own request: a condition, a
 * menu prompt, an offer, or a report of trying ("I've been trying to get through to someone").
 */
export const NOT_A_REQUEST_LEAD = new RegExp(
  `(?:^| )(?:if|in case|whether|press ${gap(1)}to|you can|you could|option to|trying to|tried to|try to|${anyOf('do i need to', 'do i have to', 'will i need to', 'will i have to', 'would i need to', 'would i have to', 'do we need to', 'do we have to', 'is it necessary to', 'without having to')})( |$)`,
);
/**
 * What the caller will do themselves, in a clause of time right before the words: "ok will do after I speak to Mrs
 * Okonjo", "once we've talked to the landlord". "After all this, can I speak to a manager?" still asks. "Until" is
 * left out: "not leaving until I speak to a manager" is a demand.
 */
export const OWN_LATER_ACTION = /(?:^| )(?:after|before|once|when)(?: (?:i|we)(?: have)?)? $/;
/** "I was wondering if I could speak to someone": a polite request, not a condition. */
export const POLITE_IF =
  /(?:^| )(?:wonder|wondering|wondered|see|seeing|ask|asking) (?:if|whether) (?:i|we) (?:could|can|might|may)(?= |$)/g;
export const YOU_CAN_LEAD = /(?:^| )you (?:can|could)(?= )/g;

/**
 * A negative question asks all the more: "why can't you just put me through?", "can't I speak to a nurse?",
 * "isn't there anyone I can talk to?", "why won't you let me talk to someone?". The negation sits in front of
 * the pronoun ("can't you", not "don't transfer me"), with at most a few words between it and the request; or it
 * denies that anyone is there ("is there no one I can talk to?").
 */
const NEGATIVE_AUXILIARY = `${anyOf('can', 'could', 'will', 'would', 'do', 'does', 'is', 'are', 'should')} not`;
export const NEGATIVE_QUESTION_LEAD = new RegExp(
  `(?:^| )${NEGATIVE_AUXILIARY} ${anyOf('you', 'u', 'i', 'we', 'there', 'somebody', 'someone', 'anyone')} ${gap(3)}$|(?:^| )why ${anyOf('can', 'can not', 'do', 'does', 'will')} ${anyOf('i', 'we')} never ${gap(2)}$|(?:^| )${anyOf('is', 'are')} there ${anyOf('no one', 'nobody', 'no', 'not anyone', 'not anybody', 'not a')} ${gap(3)}$`,
);
/** The caller says what they will do: "I'll talk to my wife", "we'll speak with the landlord". */
export const OWN_PERSON = new RegExp(
  `(?:^| )(?:i|we) ${anyOf('will', 'am going to', 'are going to', 'should', 'might', 'will have to', 'would have to', 'might have to', 'need to go and')} ${gap(1)}$`,
);

/**
 * Hesitations a speech recogniser writes out, and the words said again around them, which break a phrase apart: "can
 * i get uh the rep", "let me speak with uh with the manager".
 */
export const FILLERS = new Set(['uh', 'um', 'uhm', 'umm', 'uhh', 'er', 'erm', 'hmm', 'ah']);
export const HAS_FILLER = /(?:^| )(?:uh|um|uhm|umm|uhh|er|erm|hmm|ah)(?= |$)/;

export const OWN_OBJECT = /(?:^| )(?:my|our)(?= )/;
export const STRONG_WORD = new RegExp(`(?:^| )${PERSON_STRONG}(?= |$)`);

/**
 * In a turn speech recognition was unsure of, the frame of asking to talk to someone counts even when the word after
 * it came out garbled ("can i talk to a purse and about the fee"): a possible request, which leaves the verdict
 * uncertain unless it is repeated.
 */
export const MISHEARD_ASK = new RegExp(
  `(?:^| )${ASK_LEAD}${LIST}${TALK_TO} ${anyOf('a', 'an', 'the', 'some', 'your', 'one of')} [^ ]+`,
);

/** Callers press (or say) zero again and again to reach the operator of a phone menu. */
/**
 * Words of reaching a person: a turn the turn model alone reads as a request must say one of them. Its false
 * readings were openers asking for the service itself ("can I get the hydration drip today at one", "I want the
 * driveway doing"), which name nobody to talk to; its true ones talk to, have a word with or get hold of someone.
 */
export const REACHES_A_PERSON = new RegExp(
  `(?:^| )(?:${TALK}|${TALKING}|${anyOf('word with', 'chat with', 'put me', 'through to', 'get me', 'someone', 'somebody', 'anyone', 'anybody', 'whoever', 'in charge', 'him', 'her', 'himself', 'herself', 'them', 'person')}|${PERSON_STRONG})(?= |$)`,
);
/**
 * The caller saying they will talk it over with someone of their own: "I'll talk to the missus", "let me check with
 * my husband", "we need to run it by our accountant". Not a request to reach anyone at the business.
 */
export const CONSULTS_THEIR_OWN = new RegExp(
  `(?:^| )${anyOf('i will', 'i am going to', 'i need to', 'i have to', 'i should', 'i might', 'i must', 'let me', 'we will', 'we need to', 'we have to', 'i want to', 'i would like to')} ${optional('just')}${optional('have to')}${anyOf('talk', 'speak', 'check', 'have a word', 'ask', 'chat', 'run it by', 'run this by', 'discuss it', 'discuss this', 'see what')} ${optional(anyOf('it', 'this', 'that'))}${optional(anyOf('over', 'thru'))}${optional(anyOf('to', 'with', 'by'))}${anyOf('my', 'the', 'our')} ${anyOf('missus', 'misses', 'wife', 'husband', 'partner', 'other half', 'boss', 'mum', 'mam', 'mom', 'dad', 'family', 'accountant', 'kids', 'daughter', 'son', 'fella', 'hubby', 'better half')}(?= |$)`,
);
/**
 * Sentences that name reaching a person and ask for no one: "so no need for a person right now", "Please speak to
 * the caller directly" (a relay operator's instruction).
 */
export const ASKS_FOR_NO_ONE = new RegExp(
  `(?:^| )(?:${anyOf('no need for', 'no need to', 'do not need', 'there is no need')}|${anyOf('speak', 'talk')} ${anyOf('to', 'with')} the caller)(?= |$)`,
);
/**
 * The caller dropping a request for a person once the agent has helped: "okay, sawa, then no need for the
 * supervisor", "I don't need to speak to the manager now", "forget the callback".
 */
export const WITHDRAWS_THE_REQUEST = new RegExp(
  `(?:^| )(?:no need ${anyOf('for', 'to speak to', 'to talk to', 'to speak with', 'to talk with', 'to transfer me to', 'to put me thru to')} |i ${anyOf('do not', 'will not', 'no longer', 'do not think i')} need ${optional(anyOf('to speak to', 'to talk to', 'to speak with', 'to talk with'))}|${anyOf('forget', 'never mind', 'cancel')} ${optional('about')})${optional(anyOf('the', 'a', 'your', 'that'))}${anyOf('supervisor', 'manager', 'person', 'human', 'someone', 'somebody', 'anyone', 'anybody', 'boss', 'owner', 'agent', 'representative', 'transfer', 'callback', 'call back', 'him', 'her', 'them', 'staff', 'proprietor')}(?= |$)`,
);
export const ZERO_FOR_OPERATOR = /^(?:(?:zero|0|o)(?: [,.!]| ,)? ?){3,}$/;

export const TITLED = new RegExp(`(?:^| )${TITLE_NAME}$`);

/**
 * The agent answering that nobody of that name is there ("There's no Rosa here", "I don't think we have a Marcus
 * here"): a caller who asked for someone by name has the wrong number, not a request the business could honour.
 */
export const NO_SUCH_PERSON = new RegExp(
  `(?:^| )(?:${anyOf('there is no', 'there are no', 'we have no')} ${gap(2)}${anyOf('here', 'by that name', 'named', 'called', 'on staff', 'working here', 'who works here', 'that works here', 'with that name')}|${anyOf('no one', 'nobody')} ${anyOf('by that name', 'named', 'called', 'with that name')}|${anyOf('do', 'does')} not ${optional(anyOf('think', 'believe'))}${optional(anyOf('we', 'there'))}${anyOf('have', 'is', 'know')} ${anyOf('a', 'an', 'any', 'anyone', 'anybody')})(?= |$)`,
);

/** The agent offering to put the caller through ("Would you like me to transfer you?", "Would you like to speak to a nurse?"). */
export const OFFER_CUES: readonly Cue[] = [
  cue(
    `${anyOf('transfer', 'connect', 'put', 'pass', 'hand')} you ${optional(anyOf('thru', 'over'))}${anyOf('to', 'with')}`,
  ),
  cue(`${anyOf('transfer', 'connect')} you`),
  cue(`put you thru`),
  cue(`${anyOf('like', 'want', 'prefer')} to ${TALK_TO} ${ROLE_OR_NAMED}`),
];
export const IF_YOU_LIKE = new RegExp(
  `(?:^| )if you ${optional(anyOf('would', 'still'))}${anyOf('like', 'want', 'prefer', 'wish')}(?= |$)`,
);
/** A yes to an offered person, plain or polite: "yes please", "oh would you", "I'd prefer a person, if that's okay". */
export const ACCEPTANCE = new RegExp(
  `^(?:${anyOf('oh', 'ah', 'um', 'well', 'aye')} (?:, )?)*(?:${AFFIRMATIVE}|${anyOf('aye', 'would you', 'could you', 'if you could', 'if you would', 'i would prefer', 'i would rather', 'i would like that', 'that would be easier', 'that would be better', 'that would be lovely', 'that would help', 'go on then', 'go on', 'a person please', 'a person , please')})(?: |$)`,
);
/** A yes that goes on to decline: "okay no that's fine", "sure, I'm good", "yeah nah no need". */
export const DECLINED_AFTER_ALL = new RegExp(
  `(?:^| )${anyOf('no', 'nah', 'nope', 'no need', 'no thanks', 'no thank you', 'i am good', 'i am ok', 'i am okay', 'i am fine', 'not now', 'not needed', 'not necessary')}(?= |$)`,
);

/** Who the agent fetches: a pronoun, someone, a person as such, a specialist, or a named person. */
const FETCHED = `${LIST}(?:${anyOf('him', 'her', 'them', 'someone', 'somebody', 'a colleague', 'my colleague', 'a specialist', 'a member of our team', 'a member of the team', 'one of our team', 'the team')}|${optional(anyOf('a', 'an', 'the', 'your', 'our'))}${LIST}${PERSON_STRONG}|${TITLE_NAME})`;
/** Where a handover takes the caller: "through", "over to billing", "to a nurse". */
const ONWARD = `${optional(anyOf('thru', 'over', 'across', 'back'))}${anyOf('to', 'onto', 'with', 'thru', 'over')}`;

/** The agent putting the caller through. */
export const HANDOVER_CUES: readonly Cue[] = [
  cue(
    `${anyOf('transferring', 'connecting', 'forwarding', 'routing', 'redirecting', 'switching')} ${anyOf('you', 'your call', 'the call', 'this call', 'now')}`,
  ),
  cue(`${anyOf('handing', 'passing', 'putting', 'sending', 'getting')} you ${ONWARD}`),
  cue(
    `${anyOf('i will', 'i am going to', 'let me', 'going to', 'i am', 'i have', 'while i', 'as i', 'so i can', 'i shall', 'i am about to', 'i am just going to')} ${optional(anyOf('now', 'just', 'go ahead and', 'quickly'))}${anyOf('transfer', 'connect', 'forward', 'route')} you`,
  ),
  cue(
    `${anyOf('i will', 'i am going to', 'let me', 'going to', 'i am', 'i have', 'while i', 'as i', 'so i can', 'i shall')} ${optional(anyOf('now', 'just', 'go ahead and', 'quickly'))}${anyOf('put', 'pass', 'hand', 'get', 'send', 'switch')} you ${ONWARD}`,
  ),
  // A person fetched to the caller: "I'll bring her into the chat", "let me get the manager on the line for you",
  // "let me loop in a specialist"
  cue(
    `${anyOf('i will', 'i am going to', 'let me', 'going to', 'i am', 'while i')} ${optional(anyOf('now', 'just', 'go ahead and', 'quickly'))}${LIST}(?:${anyOf('get', 'bring', 'grab', 'fetch', 'page', 'add')} ${FETCHED} ${LIST}${anyOf('on the line', 'on the phone', 'on', 'into the chat', 'into this chat', 'into the call', 'into the conversation', 'in', 'to the phone', 'over', 'for you')}|${anyOf('loop in', 'bring in', 'pull in', 'patch in', 'looping in', 'bringing in')} ${FETCHED})`,
  ),
  // Anyone got on the phone or the line: "let me get the on-call vet on the line"
  cue(
    `${anyOf('i will', 'i am going to', 'let me', 'going to', 'i am', 'while i')} ${optional(anyOf('now', 'just', 'go ahead and', 'quickly'))}${anyOf('get', 'bring', 'put')} ${anyOf('the', 'your', 'a', 'an', 'one of our', 'our')} (?:[^ ]+ ){0,3}${anyOf('on the line', 'on the phone', 'into the chat', 'into this chat', 'into the call')}`,
  ),
  cue(
    `you ${anyOf('are', 'will be', 'have been')} ${optional('now')}${optional('being')}${anyOf('transferred', 'connected', 'put thru', 'handed over', 'passed over')}`,
  ),
  cue(
    `${anyOf('have', 'has')} ${anyOf('transferred', 'connected', 'forwarded', 'put', 'passed', 'handed')} ${anyOf('you', 'your call', 'the call', 'this chat', 'the chat', 'this conversation', 'the conversation', 'your chat')} ${optional(anyOf('over', 'thru', 'across'))}${anyOf('to', 'onto')}`,
  ),
  cue(`${anyOf('transfer', 'connect')} you ${optional('right')}now`),
  // A person about to take over: "someone will be with you shortly", "a nurse will join the chat in a moment"
  cue(
    `${anyOf('will', 'is going to', 'are going to')} ${optional('be')}${optional('right')}with you ${anyOf('shortly', 'in a moment', 'momentarily', 'in just a moment', 'in a minute', 'in a sec', 'in a second', 'now', 'soon', 'right away')}`,
  ),
  cue(
    `${anyOf('will', 'is going to', 'are going to', 'is about to', 'can now')} join ${anyOf('the chat', 'this chat', 'the call', 'this call', 'the conversation', 'you', 'shortly', 'in a moment', 'momentarily', 'now')}`,
  ),
  cue(
    `${anyOf('will', 'is going to', 'are going to', 'is about to', 'can now')} ${anyOf('take over', 'take it', 'take this', 'take it over', 'take this over')} ${anyOf('shortly', 'in a moment', 'momentarily', 'now', 'from here', 'right away')}`,
  ),
];

/**
 * A request taken back before anyone acted on it: "can I speak to someone about sharpening... oh, actually, you can
 * probably tell me", or the caller's next turn "nvm just found it on ur FAQ".
 */
export const TAKEN_BACK = new RegExp(
  `(?:^|[ .,])(?:${anyOf('actually , you can', 'actually you can', 'oh , actually', 'oh actually', 'no , actually', 'actually , maybe you', 'actually maybe you', 'actually , you might', 'actually you might')})(?: |$)`,
);
/** The same at the start of the caller's next turn, with the reason: "nvm just found it", not a bare "never mind". */
export const TAKEN_BACK_NEXT = new RegExp(
  `^(?:(?:oh|ah|ok|okay|,) )*(?:${anyOf('nvm', 'never mind', 'nevermind')} ${optional(',')}${optional(anyOf('i', 'i have', 'just', 'i just'))}${anyOf('found', 'sorted', 'worked', 'figured', 'got it', 'seen it', 'saw it')}|${anyOf('no need', 'do not worry', 'forget that', 'scratch that', 'ignore that')})(?: |$)`,
);
/** A handover said but put off for questions first: "I'll connect you with our service team. Before I do, can I...?" */
export const HANDOVER_PUT_OFF =
  /(?:^| )(?:before i do|before that|before i transfer you|before i connect you|first ,? (?:can|could|may) i)(?: |$)/;

/** The agent saying the handover cannot happen. */
export const HANDOVER_REFUSAL_CUES: readonly Cue[] = [
  cue(
    `${anyOf('not able to', 'unable to', 'can not', 'could not', 'can no longer', 'not possible to', 'no way to')} ${anyOf('transfer', 'connect', 'put')}`,
    { negatable: false },
  ),
  cue(
    `${anyOf('is', 'are')} ${anyOf('closed', 'not available', 'unavailable', 'out of the office', 'in the shop', 'busy', 'not in', 'not here', 'away', 'off today', 'out today', 'out sick', 'on leave', 'on vacation', 'on holiday', 'on another call', 'on the other line', 'with a patient', 'with patients', 'with a client', 'in a meeting', 'in surgery', 'in a deposition', 'in court', 'teaching', 'at lunch', 'on break', 'gone for the day', 'out on a job', 'out on jobs')}`,
    { negatable: false },
  ),
  cue(`${anyOf('no one', 'nobody', 'not anyone', 'not anybody')} ${optional(anyOf('is', 'are', 'else'))}available`, {
    negatable: false,
  }),
  cue(`${anyOf('is', 'are', 'can')} ${anyOf('not', 'no')} ${anyOf('available', 'take calls', 'able to take')}`, {
    negatable: false,
  }),
  // "we don't have live agents", "there are no representatives available"
  cue(
    `${anyOf('do not have', 'does not have', 'no')} ${optional('any')}${optional(anyOf('live', 'human', 'real'))}${anyOf('agents', 'representatives', 'operators', 'humans', 'staff', 'people', 'persons')} ${anyOf('available', 'on', 'here', 'to', 'working', 'at', 'who')}`,
    { negatable: false },
  ),
];
export const CALLBACK_CUES: readonly Cue[] = [
  cue(
    `${anyOf('call you back', 'call you', 'callback', 'call back', 'give you a call', 'get back to you', 'reach out to you', 'contact you')}`,
    { negatable: false },
  ),
];

/** Respect said after a name: "Is Lakshmi madam available?", "is Sharma ji in?" */
const HONORIFIC_AFTER = / (?:madam|ma'am|maam|sir|ji|garu|sahib|saab|auntie|aunty|uncle)$/;

/**
 * Whether the words read as a name in what was written: each capitalised there, and none a common word; a word of
 * respect after the name is no part of it.
 */
export function writtenAsName(words: string, original: string): boolean {
  const written = new Set(original.match(/[A-Za-z][A-Za-z'-]*/g) ?? []);
  return words
    .replace(HONORIFIC_AFTER, '')
    .split(' ')
    .every(
      (word) =>
        /^[a-z][a-z'-]*$/.test(word) &&
        !NOT_A_NAME.test(word) &&
        written.has(`${word.charAt(0).toUpperCase()}${word.slice(1)}`),
    );
}
