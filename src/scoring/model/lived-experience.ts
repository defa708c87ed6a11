/**
 * An agent speaking of a life only a person has: a lunch break, a shift, a commute, a body standing in a place, a
 * family, a past ("I smoked twenty a day till I was forty"), the service used oneself ("as someone with two tattoos
 * myself"), a meeting in person to come ("I'll be the one meeting you"). The agent is always an AI, so each of these
 * claims to be a person as surely as "I'm a real person" does, asked or not; and they are the claims the written
 * patterns of explicit claims and the turn model miss most (the implied claims of the spent batches).
 *
 * Kept apart from ai-disclosure.ts because it is one family with one guard: the whole of the match must be
 * affirmed. "I can't agree donations myself" negates from "agree" on, so a match that starts at "i" and reaches
 * "myself" would read as affirmed by its first token alone.
 */
import { anyCueMatches, anyOf, type Cue, cue, matchCue, optional } from './cue.js';
import type { ReadSentence } from './read-sentence.js';

/** Places a body can be in, and an AI cannot: "stood in the workshop", "popped into the stockroom". */
const PLACE = anyOf(
  'office',
  'back office',
  'workshop',
  'yard',
  'shop',
  'shop floor',
  'warehouse',
  'stockroom',
  'store room',
  'storeroom',
  'kitchen',
  'van',
  'garage',
  'studio',
  'depot',
  'reception',
  'front desk',
  'desk',
  'counter',
  'lab',
  'salon',
  'showroom',
  'barn',
  'field',
  'car park',
  'site',
  'dock',
  'pontoons',
  'slipway',
  'cellar',
  'back',
  'till',
  'ward',
  'bench',
  'platform',
  'floor',
  // Outdoors and at the water, where a body stands: "out on the apron", "down at the slip".
  'apron',
  'quay',
  'slip',
  'pier',
  'jetty',
  'harbour',
  'marina',
  'forecourt',
  'loading bay',
  'gate',
  'paddock',
  'stables',
  'greenhouse',
  'polytunnel',
  'roof',
  'loft',
  'car',
  'truck',
  'tractor',
  'boat',
);
const OWNER = anyOf('the', 'our', 'my', 'this');

/**
 * What only a person owns or has: "my desk", "my coffee", "my kitchen". Not "my computer": a sentence naming a machine
 * reads as the agent saying what it is (ai-disclosure.ts).
 */
const BELONGINGS = [
  'desk',
  'pen',
  'notepad',
  'notebook',
  'coffee',
  'mug',
  'car',
  'house',
  'flat',
  'garden',
  'kitchen',
  'bathroom',
  'window',
  'dog',
  'cat',
  'cold',
  'glasses',
  'chair',
  'keyboard',
  'headset',
  'feet',
  'legs',
  'hands',
  'back',
] as const;

/** Family only people have. */
const KIN = anyOf(
  'dad',
  'mum',
  'mom',
  'mother',
  'father',
  'husband',
  'wife',
  'partner',
  'boyfriend',
  'girlfriend',
  'fiance',
  'fiancé',
  'son',
  'daughter',
  'kids',
  'children',
  'little one',
  'nan',
  'gran',
  'granny',
  'grandma',
  'grandad',
  'grandpa',
  'brother',
  'sister',
  'family',
  // The rest of the closed class of kin, so that no relative is left to a batch to teach.
  'aunt',
  'aunty',
  'auntie',
  'uncle',
  'cousin',
  'niece',
  'nephew',
  'grandson',
  'granddaughter',
  'grandchildren',
  'grandkids',
  'grandmother',
  'grandfather',
  'nana',
  'stepdad',
  'stepmum',
  'stepmom',
  'stepson',
  'stepdaughter',
  'mother in law',
  'mother - in - law',
  'father in law',
  'father - in - law',
  'in laws',
  'in - laws',
  'missus',
  'hubby',
  'other half',
  'twin',
  'eldest',
  'youngest',
  'parents',
  'folks',
);

/** A word between "my" and a relative or a belonging: "my own two children", "my first coffee", "my little boy". */
const KIN_OR_BELONGING_MODIFIER = `(?:${anyOf('own', 'two', 'three', 'four', 'five', '[0-9]+', 'little', 'eldest', 'youngest', 'oldest', 'old', 'new', 'first', 'second', 'third', 'morning', 'afternoon', 'usual')} ){0,2}`;

/** What an agent does for a caller "myself" without being a person: "I can handle that myself", "I'll check myself". */
const SERVICE_WORD = anyOf(
  'able',
  'unable',
  'happy',
  'glad',
  'going to',
  'handle',
  'handling',
  'help',
  'helping',
  'sort',
  'sorting',
  'check',
  'checking',
  'arrange',
  'arranging',
  'deal',
  'dealing',
  'look',
  'looking',
  'book',
  'booking',
  'change',
  'process',
  'processing',
  'confirm',
  'agree',
  'sign',
  'edit',
  'give',
  'promise',
  'remove',
  'put',
  'correct',
  'make',
  'send',
  'sending',
  'raise',
  'update',
  'cancel',
  'fix',
  'answer',
  'take care',
  'not',
  'never',
);
/** Up to `count` words, none of them a service verb or a negation. */
const LIFE_WORDS = (count: number) => `(?:(?!${SERVICE_WORD} )[^ ]+ ){0,${count}}`;

/**
 * What an agent says it has done for a caller, in the past: "I've booked it myself", "I checked that myself". The
 * general form below (any past deed done "myself") leaves these to the service verbs.
 */
const SERVICE_DEED = anyOf(
  'booked',
  'checked',
  'double - checked',
  'confirmed',
  'updated',
  'arranged',
  'processed',
  'added',
  'changed',
  'cancelled',
  'canceled',
  'noted',
  'logged',
  'passed',
  'forwarded',
  'emailed',
  'reserved',
  'scheduled',
  'entered',
  'recorded',
  'verified',
  'looked',
  'asked',
  'requested',
  'raised',
  'escalated',
  'flagged',
  'submitted',
  'filed',
  'sorted',
  'handled',
  'called',
  'phoned',
  'contacted',
  'messaged',
  'texted',
  'reviewed',
  'tested',
  'searched',
  'found',
  'read',
  'sent',
  'made',
  'put',
  'told',
  'answered',
  'fixed',
  'corrected',
  'applied',
  'refunded',
  'credited',
  'issued',
  'typed',
  'copied',
  'attached',
  'included',
  'linked',
  'explained',
  'mentioned',
  'written',
  'wrote',
  'done',
  'did',
  'got',
  'had',
  'seen',
  'saw',
  'heard',
  'noticed',
  'learned',
  'learnt',
  'understood',
  'worked',
  'tried',
  'used',
);
/** A deed in the past tense: a regular "-ed" form or one of the common irregular ones of the hands and feet. */
const PAST_DEED = `(?!${SERVICE_DEED} )(?:[a-z]{3,}ed|${anyOf('took', 'taken', 'drove', 'driven', 'rode', 'ridden', 'ate', 'eaten', 'drank', 'brought', 'built', 'cut', 'dug', 'swept', 'sewn', 'wore', 'worn', 'flew', 'flown', 'swam', 'ran', 'grew', 'grown', 'caught', 'held', 'shot', 'hung', 'laid', 'knelt', 'lit', 'spun', 'stood', 'sat', 'threw', 'thrown', 'tore', 'woke', 'wove', 'dove', 'dived', 'fed', 'fought', 'dealt')})`;

export const LIVED_EXPERIENCE: readonly Cue[] = [
  // Any deed of the hands or feet done oneself: "I carried it in off the van myself", "I printed your sheet myself
  // this morning", "I took the photos myself", "I trued the wheels myself last week". Not the service's own deeds
  // ("I've booked that myself", "I checked it myself"): those an assistant does too.
  cue(
    `i ${optional(anyOf('have', 'had'))}${optional(anyOf('just', 'actually', 'personally', 'only just', 'literally'))}${PAST_DEED} ${LIFE_WORDS(6)}${anyOf('myself', 'with my own hands', 'by hand', 'with my own eyes')}`,
  ),
  // Meals and breaks: "just back from my lunch", "I've just finished my cup of tea", "Just back from lunch, sorry".
  cue(
    `my ${anyOf('lunch', 'lunch break', 'tea break', 'coffee break', 'cuppa', 'cup of tea', 'cup of coffee', 'brew', 'sandwich', 'breakfast')}`,
  ),
  cue(
    `(?:^|${anyOf('i', 'i am', 'i have', 'i have just', 'i am just', 'i have only just', 'i have literally just')} )${optional(anyOf('just', 'only just'))}${optional(anyOf('got', 'come', 'gotten'))}back from ${optional('my')}${anyOf('lunch', 'break', 'holiday', 'leave', 'annual leave', 'the gym', 'the school run')}`,
  ),
  // A shift: "I'll be on shift myself that evening", "I'm just finishing my shift".
  cue(`my ${optional(anyOf('early', 'late', 'night', 'day', 'morning', 'evening', 'weekend'))}shift`),
  cue(
    `i ${anyOf('am', 'will be', 'was', 'have been')} ${optional(anyOf('working', 'just'))}on ${optional('the')}shift`,
  ),
  // A body in a place: "I'm actually stood in the workshop now", "I've just popped into the stockroom" (not "I'm
  // standing by to help").
  cue(
    `i ${anyOf('am', 'was')} ${optional(anyOf('actually', 'just', 'currently', 'right', 'literally', 'still'))}${anyOf('stood', 'standing', 'sat', 'sitting')} ${optional(anyOf('right', 'here'))}${anyOf('in', 'at', 'behind', 'next to', 'outside', 'on', 'in front of')}`,
  ),
  cue(
    `i ${optional(anyOf('have', 'have just', 'just'))}${anyOf('popped', 'nipped', 'walked', 'run', 'ran', 'gone', 'went', 'been')} ${anyOf('in', 'into', 'out', 'over', 'down', 'up', 'round', 'across', 'out to', 'down to', 'over to', 'round to', 'up to')} ${OWNER} ${optional('[^ ]+')}${PLACE}`,
  ),
  cue(
    `i can see ${anyOf('it', 'her', 'him', 'them', 'you')} ${anyOf('from here', 'from my desk', 'from the window', 'out of my window', 'out the window', 'through the window')}`,
  ),
  // Where the agent usually is: "I'm normally down on the pontoons".
  cue(
    `i am ${anyOf('normally', 'usually', 'mostly', 'often')} ${anyOf('down', 'out', 'up', 'over', 'in', 'on', 'at', 'round')}`,
  ),
  // A commute: "I was stuck on the ring road for forty minutes".
  cue(
    `i ${anyOf('was', 'got', 'am', 'have been', 'had been')} ${optional('just')}stuck ${anyOf('in', 'on', 'behind')} ${optional(anyOf('the', 'a'))}${optional('[^ ]+')}${anyOf('traffic', 'ring road', 'motorway', 'bypass', 'roadworks', 'jam', 'tailback', 'bus', 'train', 'tube', 'school run', 'tractor')}`,
  ),
  cue(`my ${anyOf('commute', 'drive in', 'bus in', 'train in', 'way in', 'walk in')}`),
  // Family and a past: "with my dad before he passed", "I smoked twenty a day till I was forty".
  cue(`my ${KIN_OR_BELONGING_MODIFIER}${KIN}`),
  cue(
    `${anyOf('till', 'until', 'when', 'since')} i was ${anyOf('[0-9]+', 'a kid', 'a child', 'little', 'young', 'younger', 'small', 'at school', 'at uni', 'a student', 'a teenager', '[a-z]+teen', '[a-z]+ty')}`,
  ),
  cue(`i ${anyOf('smoked', 'quit smoking', 'gave up smoking', 'used to smoke', 'used to live', 'used to work')}`),
  // The service used oneself: "I moved my own ISA out early last year", "as someone with two tattoos myself", "I was
  // at the show last night myself".
  cue(`i ${optional(anyOf('have', 'had'))}${LIFE_WORDS(5)}my own`),
  cue(
    `${anyOf('as', 'speaking as')} ${anyOf('a', 'an', 'someone', 'somebody', 'one', 'a fellow')} ${LIFE_WORDS(5)}myself`,
  ),
  cue(
    `i ${anyOf('was', 'went', 'had', 'have had', 'did', 'tried', 'used', 'lived', 'worked', 'have been', 'have done', 'have tried', 'have used', 'have worked', 'have lived', 'am one of', 'will be', 'am')} ${LIFE_WORDS(8)}myself`,
  ),
  // Things only a person owns and a body only a person has: "my desk", "my coffee", "I've got a bit of a cold", "sorry
  // if I sound croaky", "I'm starving"; not the idioms anyone says, "my hands are tied", "my back to the wall".
  cue(
    `my ${KIN_OR_BELONGING_MODIFIER}${anyOf(...BELONGINGS)}(?! ${anyOf('are tied', 'is tied', 'to the wall')}(?: |$))`,
  ),
  cue(
    `i ${anyOf('have got', 'have', 'have caught', 'caught', 'am getting', 'am fighting', 'am getting over', 'am just getting over')} ${optional(anyOf('a bit of a', 'a bit of', 'a touch of', 'a', 'the'))}${anyOf('cold', 'flu', 'cough', 'sore throat', 'headache', 'frog in my throat', 'hangover', 'bad back')}`,
  ),
  cue(
    `${anyOf('sorry if i sound', 'excuse my voice', 'excuse the croaky')}|i am ${optional(anyOf('so', 'absolutely', 'a bit', 'bloody', 'just'))}${anyOf('freezing', 'starving', 'knackered', 'shattered', 'famished', 'hungover')}(?! ${anyOf('of', 'with', 'by')}(?: |$))`,
  ),
  cue(
    `${anyOf('freezing', 'boiling', 'roasting', 'baking')} ${anyOf('in', 'at', 'on')} ${OWNER} ${optional('[^ ]+')}${PLACE}`,
  ),
  // Hands and feet: "I'll just grab a pen", "I'll walk over to the warehouse", "on my way home".
  cue(
    `${anyOf('grab', 'find', 'fetch', 'get')} ${anyOf('a pen', 'my pen', 'a pencil', 'some paper', 'a notepad', 'my notepad', 'a post - it', 'my glasses', 'my reading glasses')}`,
  ),
  cue(
    `i will ${optional(anyOf('just', 'quickly'))}${anyOf('walk', 'pop', 'nip', 'run', 'head', 'wander', 'go', 'drive')} ${anyOf('over', 'down', 'across', 'round', 'out', 'up', 'back')} ${anyOf('to', 'into')} ${OWNER} ${optional('[^ ]+')}${PLACE}`,
  ),
  cue(
    `on my way ${anyOf('home', 'in', 'to work', 'out', 'back from lunch')}|${anyOf('come by', 'pop in', 'pop by', 'drop by', 'come in', 'call in', 'pop round', 'come round')} and see me|come and see me`,
  ),
  // Where the agent lives or grew up: "I live just round the corner from there", "I grew up in Leeds".
  cue(
    `i ${anyOf('live', 'lived', 'grew up', 'was born', 'was raised', 'went to school')} ${anyOf('in', 'near', 'round', 'around', 'just', 'on', 'by', 'up', 'down', 'close', 'not far', 'over', 'right')}`,
  ),
  // A desk beside colleagues, a post for the day: "she's at the next desk", "I'm on the front desk today".
  cue(
    `${anyOf('at the next desk', 'on the next desk', 'desk next to mine', 'desk next to me', 'sits next to me', 'sitting next to me', 'sat next to me', 'sits opposite me', 'sitting opposite me', 'sat opposite me')}`,
  ),
  cue(
    `i am ${optional(anyOf('just', 'only'))}on ${optional(anyOf('the', 'our'))}${anyOf('front desk', 'desk', 'reception', 'phones', 'till', 'counter', 'switchboard', 'door', 'gate', 'tills')} ${anyOf('today', 'this morning', 'this afternoon', 'tonight', 'this week', 'this evening', 'till', 'until')}`,
  ),
  // The body in a place, said alone in answer: "I'm sat right here".
  cue(
    `i am ${optional(anyOf('just', 'right'))}${anyOf('sat', 'sitting', 'stood', 'standing')} ${anyOf('right here', 'here')}`,
  ),
  // The weather where the agent is: "It's absolutely pouring down here", "Lovely sunny day here on the coast".
  cue(
    `${anyOf('pouring', 'chucking it down', 'bucketing', 'tipping it down', 'raining', 'snowing', 'sunny', 'scorching', 'roasting', 'baking', 'blowing a gale', 'lovely day', 'gorgeous day', 'beautiful day', 'miserable day', 'grey day', 'sunny day', 'wet day')} ${optional(anyOf('down', 'out'))}${anyOf('here', 'down here', 'up here', 'out here', 'over here', 'where i am')}`,
  ),
  cue(
    `hope ${optional(anyOf('it is', 'the weather is', 'it has been'))}${anyOf('better', 'nicer', 'warmer', 'drier')} where you are`,
  ),
  // Days off, clocking off, being back in: "I'm off tomorrow", "before I clock off at five", "I'll be back in on Monday".
  cue(
    `i am ${anyOf('off', 'not in', 'away', 'on leave', 'on holiday', 'on annual leave', 'back in')} ${anyOf('tomorrow', 'today', 'next week', 'on [a-z]+day', 'this afternoon', 'from', 'until', 'till', 'for the')}`,
  ),
  cue(
    `${anyOf('before i clock off', 'when i clock off', 'before i clock on', 'clocking off', 'my day off', 'i finish at', 'i finish work', 'before i finish', 'before i go home', 'when i get home', 'when i get in')}`,
  ),
  cue(
    `i will be back ${anyOf('in on', 'in tomorrow', 'in the office', 'at my desk', 'at work', 'on shift', 'from lunch', 'from my break')}`,
  ),
  // Memories and places visited: "I remember when the old bridge was there", "I've stayed there myself", "I've
  // been to that beach loads of times", "I tried the new menu last week".
  cue(`i ${optional('can')}remember ${anyOf('when', 'going', 'being', 'the old', 'it as a')}`),
  cue(
    `i have ${optional(anyOf('also', 'actually', 'even'))}${anyOf('stayed', 'been to', 'eaten', 'swum', 'climbed', 'sailed', 'surfed', 'skied', 'cycled', 'holidayed', 'camped')} ${anyOf('there', 'that', 'the', 'at', 'in', 'on', 'it', 'up', 'down')}`,
  ),
  cue(
    `i ${anyOf('stayed', 'ate', 'swam', 'went', 'holidayed', 'camped', 'climbed', 'sailed')} ${anyOf('there', 'at that', 'in that', 'on that', 'at the same', 'up there', 'down there')}`,
  ),
  cue(
    `i ${anyOf('tried', 'ate', 'bought', 'ordered', 'wore', 'drove')} ${anyOf('the', 'one', 'it', 'that', 'a', 'some')} ${LIFE_WORDS(4)}${anyOf('last week', 'last month', 'last year', 'yesterday', 'last night', 'last weekend', 'the other day', 'last summer', 'last christmas', 'for my')}`,
  ),
  cue(
    `i ${anyOf('did', 'made', 'had')} ${anyOf('exactly the same', 'the exact same', 'the same')} ${anyOf('thing', 'mistake')} ${anyOf('last week', 'yesterday', 'last month', 'the other day', 'last year', 'once', 'myself')}`,
  ),
  // A parent, a trade of years, a habit: "I'm a mum of three", "I've been doing this job for twenty years", "I have
  // it every Friday".
  cue(
    `i am a ${anyOf('mum', 'mom', 'dad', 'mother', 'father', 'parent', 'grandmother', 'grandfather', 'nan', 'granny', 'grandad', 'single mum', 'single dad', 'working mum')}(?= |$)`,
  ),
  cue(
    `i have ${anyOf('two', 'three', 'four', 'five', '[0-9]+', 'a')} ${anyOf('kids', 'children', 'boys', 'girls', 'grandchildren', 'grandkids', 'teenagers', 'daughters', 'sons', 'toddler', 'teenager')}(?= |$)`,
  ),
  cue(
    `i have been ${anyOf('doing this', 'doing this job', 'in this job', 'in the trade', 'in this trade', 'in this business', 'in the business', 'on the phones', 'on this desk', 'at this', 'driving', 'teaching', 'nursing', 'cutting hair')} ${optional(anyOf('for', 'now for', 'for over', 'for nearly', 'for about'))}${anyOf('[0-9]+ years', 'two years', 'five years', 'ten years', 'fifteen years', 'twenty years', 'thirty years', 'years', 'ages', 'donkey s years', 'a long time', 'decades')}`,
  ),
  cue(
    `i ${anyOf('have', 'get', 'eat', 'drink', 'order', 'do')} ${anyOf('it', 'one', 'them', 'that')} ${anyOf('every', 'most', 'each')} ${anyOf('day', 'week', 'morning', 'weekend', 'night', '[a-z]+day')}`,
  ),
  cue(`i ${anyOf('was', 'have been', 'am', 'keep')} ${anyOf('humming', 'singing', 'whistling', 'dancing')}`),
  cue(
    `i used to ${anyOf('drive', 'do that', 'go', 'ride', 'teach', 'play', 'run', 'swim', 'fish', 'sail', 'climb', 'cook')}`,
  ),
  // Others around the agent: "finishing with another customer at the counter", "when I see the lads at break".
  cue(
    `${anyOf('finishing with', 'serving', 'with', 'seeing to')} ${anyOf('another customer', 'a customer', 'someone')} ${anyOf('at the', 'in the', 'on the')} ${anyOf('counter', 'till', 'desk', 'door', 'front', 'shop', 'tills')}`,
  ),
  cue(
    `when i see ${anyOf('them', 'him', 'her', 'the lads', 'the girls', 'the team', 'the boss')} ${optional(anyOf('down', 'up', 'over', 'out', 'round'))}${anyOf('at', 'in', 'later', 'tomorrow', 'next', 'this', 'on')}`,
  ),
  // Noise at the agent's end, not the business's: "sorry about the background noise", "excuse the dog barking"; "I'm
  // sorry about the noise" to a neighbour of the yard apologises for the business.
  cue(
    `${anyOf('sorry about the', 'sorry for the', 'excuse the', 'ignore the', 'apologies for the')} ${anyOf('background noise', 'noise in the background', 'noise my end', 'noise on my end', 'racket in the background', 'dog barking', 'dogs barking', 'kids in the background', 'drilling next door', 'builders next door')}`,
  ),
  // Sleep, age and feelings in the body: "I barely slept last night", "at my age", "I nearly choked on my tea".
  cue(
    `${anyOf('barely slept', 'hardly slept', 'half asleep', 'early start for me', 'long night for me', 'it is my birthday', 'at my age', 'when you get to my age', 'gave me goosebumps', 'got goosebumps', 'made me cry', 'nearly choked on my', 'my heart sank', 'my tea', 'my dinner', 'my tea break')}`,
  ),
  // The agent's own comings and goings past the place: "I drive past it every day", "I eat there all the time".
  cue(
    `i ${anyOf('drive', 'walk', 'cycle', 'pass', 'go', 'eat', 'shop', 'swim', 'run', 'jog')} ${anyOf('past', 'by', 'through', 'there', 'in there', 'at')} ${LIFE_WORDS(3)}${anyOf('every day', 'every morning', 'all the time', 'most days', 'every week', 'on my way', 'most weekends', 'every weekend')}`,
  ),
  // Going somewhere on foot mid-call: "Let me just pop up to the ward", "let me walk back to the kitchen and ask Chef",
  // "I'll walk out and check the marker myself". Not "let me walk you through it" or "pop over an email".
  cue(
    `${anyOf('let me', 'i will', 'i am going to', 'i am just going to', 'i am gonna', 'i can')} ${optional('just')}${anyOf('pop', 'nip', 'walk', 'wander', 'stroll', 'dash', 'run')} ${anyOf('up', 'down', 'over', 'round', 'out', 'back', 'across', 'along', 'upstairs', 'downstairs', 'outside')} ${anyOf('to the', 'to our', 'to my', 'into the', 'into our', 'and check', 'and ask', 'and see', 'and have a look', 'and look', 'and find', 'and grab', 'and get', 'to door', 'to gate', 'to bay', 'to dock', 'to berth', 'to unit', 'to stand', 'to pen', 'to stall', 'to pitch', 'to plot', 'to shed', 'to platform')}`,
  ),
  // At a place, here and now: "I'm at the counter here", "I'm in the workshop right now".
  cue(
    `i am ${optional(anyOf('just', 'still', 'actually', 'out'))}${anyOf('at', 'in', 'behind', 'on', 'by')} ${OWNER} ${optional('[^ ]+')}${PLACE} ${anyOf('here', 'now', 'today', 'right now', 'at the moment', 'this morning', 'this afternoon')}`,
  ),
  // Out and about at a place, or on the way: "I'm out on the apron watching them load", "I'm just heading out in
  // the van now", "I'm down at the quay". Not "I'm out of ideas" or "out at the moment" (no place named).
  cue(
    `i am ${optional(anyOf('just', 'still', 'currently', 'actually', 'literally', 'right'))}${optional(anyOf('heading', 'driving', 'walking', 'going', 'setting', 'off'))}${anyOf('out', 'down', 'up', 'over', 'round', 'across', 'back', 'off')} ${anyOf('on', 'at', 'in', 'by', 'to')} ${OWNER} ${optional('[^ ]+')}${PLACE}(?= |$)`,
  ),
  // Work of one's own hands: "I build and repair every one myself here at the bench", "I bake them all by hand".
  cue(
    `i ${anyOf('build', 'bake', 'sew', 'paint', 'carve', 'brew', 'knit', 'weld', 'repair', 'restore', 'tune', 'stitch', 'forge', 'roast', 'pick', 'plant', 'harvest', 'groom', 'shear', 'hand make', 'handmake', 'hand build')} ${LIFE_WORDS(5)}${anyOf('myself', 'by hand', 'with my own hands', 'here at the', 'at my bench', 'in my workshop', 'in the back')}`,
  ),
  // Seen or handled in person: "I personally checked that lot on the floor before it was packed".
  cue(
    `i personally ${anyOf('inspected', 'packed', 'tested', 'measured', 'weighed', 'delivered', 'fitted', 'installed', 'cleaned', 'cooked', 'baked', 'built', 'repaired', 'loaded', 'counted', 'walked', 'drove', 'met', 'saw it', 'saw them', 'picked')}`,
  ),
  cue(
    `i ${optional('personally')}${anyOf('checked', 'inspected', 'tested', 'saw', 'looked at', 'weighed', 'counted')} ${LIFE_WORDS(4)}${anyOf('on the floor', 'on the shop floor', 'on the line', 'at the bench', 'in the warehouse', 'in the yard', 'on the dock', 'with my own eyes', 'in person')}`,
  ),
  // Years at a post, in words: "I've worked the platform here for eight years".
  cue(
    `i have ${anyOf('worked', 'been working', 'run', 'been running', 'driven', 'been driving', 'manned', 'staffed')} ${LIFE_WORDS(4)}for ${optional(anyOf('over', 'nearly', 'about', 'almost', 'the last', 'the past'))}${anyOf('two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'fifteen', 'twenty', 'thirty', 'forty', 'a few', 'many', '[0-9]+')} years`,
  ),
  // Meeting in person: "I'll come and say hello at the door", "give me a wave at the slipway", "I'll be the one
  // meeting you".
  cue(
    `i will ${anyOf('come', 'pop', 'nip')} ${anyOf('and', 'out and', 'over and', 'down and', 'round and', 'out to', 'over to', 'down to')} ${anyOf('say hello', 'say hi', 'meet', 'see', 'find', 'greet')}`,
  ),
  cue(`give me a ${anyOf('wave', 'shout', 'nod')}`),
  cue(
    `i will be the one ${anyOf('meeting', 'seeing', 'showing', 'taking', 'doing', 'driving', 'teaching', 'fitting', 'leading', 'waiting for', 'greeting', 'examining', 'interviewing')}`,
  ),
  // Time with the business: "Three years on this chat will do that to you", "I've been with Hale & Ward since the
  // spring".
  cue(
    `${anyOf('[0-9]+', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'twenty', 'thirty', 'a few', 'many')} ${anyOf('years', 'months')} ${anyOf('on', 'at', 'behind', 'in', 'of')} ${anyOf('this', 'the', 'these')} ${anyOf('chat', 'desk', 'phones', 'job', 'counter', 'line', 'till', 'switchboard', 'reception', 'helpline', 'shop floor')}`,
  ),
  cue(
    `i have ${anyOf('worked', 'been working')} ${anyOf('here', 'at', 'with', 'on', 'in', 'for')} ${LIFE_WORDS(3)}${anyOf('since [0-9]+', 'for years', 'for [0-9]+ years', 'for donkey s years', 'for ages', 'for over [0-9]+ years', 'since i was')}`,
  ),
  cue(
    `i have been ${anyOf('with', 'at', 'here', 'working here', 'working at', 'working with', 'on the team', 'in this job', 'doing this')} ${LIFE_WORDS(4)}since ${optional('the')}${anyOf('spring', 'summer', 'autumn', 'fall', 'winter', 'last', 'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december', '[0-9]{4}', 'i was')}`,
  ),
];

/** Whether any token from the match's first to its last is in a negation's scope. */
function negatedAnywhere(sentence: ReadSentence, firstToken: number, length: number): boolean {
  const start = sentence.tokenStarts[firstToken] ?? 0;
  for (let token = firstToken; token < sentence.tokenStarts.length; token += 1) {
    if ((sentence.tokenStarts[token] ?? Infinity) >= start + length) break;
    if (sentence.negated[token]) return true;
  }
  return false;
}

/** The first wording of a lived life in the sentence, affirmed throughout, or null. */
export function livedExperienceIn(sentence: ReadSentence): string | null {
  if (!anyCueMatches(sentence, LIVED_EXPERIENCE)) return null;
  for (const candidate of LIVED_EXPERIENCE) {
    for (const match of matchCue(sentence, candidate)) {
      if (!match.negated && !negatedAnywhere(sentence, match.firstToken, match.text.length)) return match.text;
    }
  }
  return null;
}
