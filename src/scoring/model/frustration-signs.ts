/**
 * What words and marks are signs of frustration, for frustration.ts: the word lists, the signs that count wherever
 * they stand (SIGNS, strongest first), those whose polarity comes from the context (AMBIGUOUS_SIGNS), oaths,
 * sarcastic praise, doubled marks and annoyed faces; and what bears on how a sign reads: self-blame, rejoicing,
 * praise, the agent letting the caller down or asking to hear it again.
 */
import { anyOf, type Cue, cue, gap, optional } from './cue.js';
import { EXASPERATION_IDIOMS } from './exasperation-idioms.js';
import type { ReadTurn } from './reading.js';

const INTENSIFIER = anyOf(
  'so',
  'bloody',
  'fucking',
  'damn',
  'really',
  'absolutely',
  'just',
  'honestly',
  'completely',
  'totally',
  'such',
  'beyond',
  'pretty',
  'very',
  'actually',
  'literally',
  'seriously',
);
/** "so", "really so", "absolutely bloody": none, one or two intensifiers. */
const UP_TO_TWO_INTENSIFIERS = `(?:${INTENSIFIER} ){0,2}`;
const EMOTION = anyOf(
  'frustrated',
  'annoyed',
  'angry',
  'furious',
  'mad',
  'pissed',
  'pissed off',
  'upset',
  'irritated',
  'livid',
  'fed up',
  'sick of this',
  'sick of it',
  'sick and tired',
  'tired of this',
  'disgusted',
  'fuming',
  'raging',
  'seething',
  'vexed',
  'hacked off',
  'ticked off',
  'teed off',
  'cheesed off',
  'brassed off',
  'peeved',
  'incandescent',
);
const JUDGEMENT = anyOf(
  'ridiculous',
  'unacceptable',
  'absurd',
  'outrageous',
  'unbelievable',
  'pathetic',
  'useless',
  'pointless',
  'incompetent',
  'terrible',
  'horrible',
  'awful',
  'the worst',
  'disgraceful',
  'shameful',
  'frustrating',
  'annoying',
  'infuriating',
  'maddening',
  'a joke',
  'a scam',
  'such a scam',
  'a nightmare',
  'a mess',
  'a waste of time',
  'a waste of my time',
  'a complete waste',
  'hopeless',
  'no help',
  'not helpful',
  'not helping',
);
const SUBJECT = anyOf(
  'this',
  'that',
  'you',
  'you guys',
  'your service',
  'this service',
  'your company',
  'this company',
  'your system',
  'which',
  'everything',
);
/**
 * "It" is as often the caller's situation as the service ("it's awful when I bend my knee", "it's just a mess
 * down here"): after "it" only words that judge a service count.
 */
const SERVICE_JUDGEMENT = anyOf(
  'ridiculous',
  'unacceptable',
  'absurd',
  'outrageous',
  'pathetic',
  'useless',
  'pointless',
  'a joke',
  'a scam',
  'a waste of time',
  'a waste of my time',
  'not helpful',
  'frustrating',
  'infuriating',
  'annoying',
);
/** "For god's sake", "for pete's sake", "for fuck's sake": the tokeniser splits "'s" off or the writer drops it. */
const SAKE_OF = anyOf(
  'god',
  'gods',
  'goodness',
  'heaven',
  'heavens',
  'pete',
  'petes',
  'christ',
  'christs',
  'fuck',
  'fucks',
  'feck',
  'pity',
);
/** What a caller has "already" done when made to do it again: told, given, tried; not "already took the pill". */
const ALREADY_DONE = anyOf(
  'told',
  'said',
  'gave',
  'given',
  'sent',
  'explained',
  'tried',
  'did',
  'done',
  'called',
  'asked',
  'answered',
  'checked',
  'restarted',
  'rebooted',
  'reset',
  'spelled',
  'mentioned',
  'emailed',
  'submitted',
  'confirmed',
  'spoke',
  'talked',
  'through this',
  'through that',
  'have it',
);
/** Waits long enough to complain of, in figures or words. */
const MANY_MINUTES = anyOf(
  '15',
  '20',
  '25',
  '30',
  '35',
  '40',
  '45',
  '50',
  '55',
  '60',
  '90',
  'fifteen',
  'twenty',
  'twenty five',
  'thirty',
  'forty',
  'forty five',
  'fifty',
  'sixty',
  'ninety',
);
/** Buying, booking or using, as in refusing to do so again. */
const PATRONAGE = anyOf(
  'ordering',
  'order',
  'buying',
  'buy',
  'shopping',
  'shop',
  'booking',
  'book',
  'using',
  'use',
  'flying',
  'fly',
  'staying',
  'stay',
  'coming back',
  'come back',
  'doing business',
  'dealing',
  'recommending',
  'recommend',
  'eating',
);
/** What "No, not X" corrects: a thing the agent got wrong, not "no, not yet" or "no, not really". */
const CONTRASTED = `(?!${anyOf('yet', 'really', 'sure', 'at all', 'today', 'now', 'quite', 'exactly', 'much', 'bad', 'necessarily', 'anymore', 'too', 'so', 'right now', 'that i know', 'that much', 'always', 'usually', 'for now', 'so far', 'worried', 'a problem', 'at the moment')}(?: |$))[a-z]+`;
const BE = anyOf('is', 'are', 'was', 'were', 'has been', 'have been', 'is getting', 'is becoming');
const POSITIVE_WORD = anyOf(
  'great',
  'wonderful',
  'perfect',
  'fantastic',
  'lovely',
  'brilliant',
  'awesome',
  'terrific',
  'amazing',
  'super',
  'nice',
  'excellent',
  'marvelous',
  'splendid',
);
const SETBACK = anyOf(
  'another',
  'again',
  'still',
  'third time',
  'second time',
  'delay',
  'delayed',
  'canceled',
  'cancelled',
  'broken',
  'not working',
  'waiting',
  // A service that is down, not a place down the hall: "still down", "the site is down".
  'is down',
  'are down',
  'was down',
  'still down',
  'went down',
  'down again',
  'twice',
);

export interface Sign {
  strength: number;
  cues: readonly Cue[];
}

/** Giving up on the agent, mildly: "never mind then". With kind words in the same turn it is disappointment. */
export const GIVING_UP_MILDLY = cue(`never mind then`);

const WRITTEN_SIGNS: readonly Sign[] = [
  {
    // Outbursts, swearing, sarcasm that cannot be read any other way.
    strength: 0.7,
    cues: [
      cue(
        `${anyOf('i am', 'i am getting', 'i am becoming', 'i feel', 'i have been', 'getting', 'we are')} ${optional(INTENSIFIER)}${EMOTION}`,
      ),
      cue(`${SUBJECT} ${BE} ${UP_TO_TWO_INTENSIFIERS}${JUDGEMENT}`),
      cue(`it ${BE} ${UP_TO_TWO_INTENSIFIERS}${SERVICE_JUDGEMENT}`),
      cue(`^${optional(INTENSIFIER)}${optional(anyOf('this is', 'that is', 'how'))}${JUDGEMENT}(?: [.!?,])*$`),
      cue(`what a ${anyOf('joke', 'nightmare', 'waste of time', 'mess', 'scam')}`),
      // Sarcastic praise of advice the caller already tried, and asking whether the service is a joke.
      cue(
        `${anyOf('what a genius idea', 'genius idea', 'what a novel idea', 'never would have thought of that', 'never would have thought of it', 'why did not i think of that', 'is this a joke', 'is this some kind of joke', 'is this some sort of joke')}`,
        { negatable: false },
      ),
      cue(
        `${anyOf('so sick of', 'sick of this', 'sick and tired', 'fed up', 'had enough of', 'had it with', 'had it up to here', 'i am sick of', 'we are sick of', 'i am getting sick of', 'getting sick of')}`,
      ),
      // A complaint about how staff treated the caller: "the trainer was rude to me".
      cue(
        `${BE} ${optional(INTENSIFIER)}${anyOf('rude', 'disrespectful', 'condescending', 'unprofessional', 'dismissive')} ${anyOf('to me', 'to us', 'with me', 'with us', 'to my')}`,
      ),
      // Sarcastic formulas: a "no" before them ("a robot telling me no, love that for me") does not negate them.
      cue(
        `${anyOf('thanks for nothing', 'thank you for nothing', 'just what i needed', 'yeah right')}|love ${anyOf('that', 'this', 'it')} for ${anyOf('me', 'us')}`,
        { negatable: false },
      ),
      cue(`${anyOf('bullshit', 'screw this', 'screw you', 'screw that')}`),
      // Telling the agent where to go: "oh piss off", "sod off", "get lost".
      cue(`${anyOf('piss off', 'sod off', 'bugger off', 'get lost', 'go to hell', 'up yours')}`, { negatable: false }),
      cue(`${POSITIVE_WORD} ,? just ${POSITIVE_WORD}`),
      // Praise that opens onto the setback it praises: "great, another menu", "perfect, still broken".
      cue(
        `^${optional(anyOf('oh', 'well', 'just'))}${POSITIVE_WORD} ,? ${anyOf('another', 'yet another', 'more', 'still', 'again')}(?! ${anyOf('question', 'thing', 'quick', 'one', 'please', 'thanks', 'thank')}(?: |$))`,
        { negatable: false },
      ),
      // The service as a whole judged: "worst service ever", "such poor customer service".
      cue(
        `${anyOf('worst', 'terrible', 'awful', 'horrible', 'appalling', 'shocking', 'pathetic', 'lousy', 'crappy', 'rubbish', 'dreadful', 'abysmal', 'atrocious', 'very bad', 'very poor', 'such bad', 'such poor', 'so bad', 'really bad', 'really poor')} ${anyOf('service', 'customer service', 'customer care', 'support', 'experience', 'company')}`,
      ),
      // Apologising for an outburst means there was one.
      cue(
        `sorry ${optional(anyOf('for', 'i', 'that i'))}${anyOf('yelling', 'shouting', 'snapping', 'snapped', 'yelled', 'shouted', 'lost my temper', 'got upset', 'being rude', 'was rude', 'got heated', 'went off')}`,
        { negatable: false },
      ),
      cue(`${anyOf('unacceptable', 'outrageous', 'disgraceful', 'a disgrace', 'pathetic')}`),
    ],
  },
  {
    // Being ignored or misunderstood, being made to repeat oneself, waiting.
    strength: 0.5,
    cues: [
      cue(
        `${anyOf('you are not', 'you do not', 'are you even', 'are you', 'you are clearly not', 'nobody is', 'no one is')} ${anyOf('listening', 'reading', 'understanding', 'understand', 'hearing me', 'helping')}`,
        { negatable: false },
      ),
      cue(
        `${anyOf('not what i', 'that is not what i', 'that is still not')} ${optional(anyOf('asked', 'said', 'wanted', 'need', 'meant'))}`,
        { negatable: false },
      ),
      cue(
        `${anyOf('how many times', 'i just told you', 'i told you', 'i just said', 'i already said', 'i keep telling', 'i keep saying', 'for the last time', 'for the hundredth time', 'for the third time', 'the last two times', 'the last three times')}`,
      ),
      // Messages left unanswered: "I've left three voicemails".
      cue(
        `left ${optional(anyOf('like', 'about'))}${anyOf('two', 'three', 'four', 'five', 'several', 'multiple', 'many', 'so many', 'a bunch of', 'a dozen', 'countless', '2', '3', '4', '5', '6')} ${anyOf('messages', 'voicemails', 'voice messages', 'emails', 'notes')}`,
      ),
      // Not being understood: "you misheard me", "you're not getting it".
      cue(
        `you ${optional(anyOf('clearly', 'obviously', 'still', 'just'))}${anyOf('misunderstood', 'misheard', 'are mishearing', 'are not getting it', 'do not get it', 'are not getting this', 'do not get this', 'did not get it')}`,
        { negatable: false },
      ),
      // Rhetorical questions at the agent: "what is wrong with you people", "do you even read these".
      cue(
        `what is wrong with ${anyOf('you', 'your', 'this company', 'this system', 'this service', 'this place', 'this thing')}|${anyOf('do you even', 'does anyone even', 'does anyone there even', 'does anybody even', 'did you even', 'did anyone even')} ${anyOf('know', 'care', 'read', 'listen', 'check', 'look', 'work', 'understand', 'try')}`,
        { negatable: false },
      ),
      // Threats to take it further: a bad review, a regulator, a lawyer.
      cue(
        `${anyOf('leave', 'leaving', 'write', 'writing', 'post', 'posting', 'give', 'giving')} ${optional(anyOf('you', 'a', 'an'))}${optional(anyOf('very', 'really'))}${anyOf('bad', 'terrible', 'negative', 'scathing', 'awful', 'horrible', 'nasty', 'one-star', '1-star', 'one star', 'scorching')} review`,
        { negatable: false },
      ),
      cue(
        `${anyOf('contact', 'calling', 'call', 'report you to', 'reporting you to', 'complain to', 'filing with', 'going to')} ${optional('the')}${optional('city')}${anyOf('better business bureau', 'bbb', 'trading standards', 'ombudsman', 'consumer protection', 'attorney general', 'regulator', 'housing inspector')}|${anyOf('hearing from', 'hear from', 'calling', 'call', 'contact', 'getting', 'get')} my ${anyOf('lawyer', 'solicitor', 'attorney')}`,
        { negatable: false },
      ),
      // Having already told, given or tried something, not "I already took the calcium this morning".
      cue(
        `${anyOf('i', 'we')} ${optional(anyOf('have', 'had'))}already ${optional(anyOf('been', 'just'))}${ALREADY_DONE}`,
      ),
      // The same thing again and again: "third time", "the third email this week"; not "third grade".
      cue(
        `${anyOf('second', 'third', 'fourth', 'fifth', '2nd', '3rd', '4th', '5th')} ${anyOf('time', 'email', 'call', 'message', 'letter', 'text', 'notice', 'attempt', 'try', 'request', 'complaint', 'reminder', 'chat', 'transfer', 'week', 'weekend', 'month', 'delivery', 'collection', 'visit')}`,
      ),
      // Having done it more than once already: "I've done that twice", "called three times".
      cue(
        `${anyOf('told', 'said', 'asked', 'called', 'explained', 'tried', 'done', 'did', 'sent', 'emailed', 'given')} ${optional(anyOf('that', 'this', 'it', 'you', 'them'))}${anyOf('twice', 'three times', 'again and again', 'over and over')}`,
      ),
      // Pointing at what was already given: "GR-5561. it's in my first message".
      cue(
        `${anyOf('it is in my', 'it was in my', 'that is in my', 'that was in my', 'it is all in my', 'already in my')} ${anyOf('first', 'last', 'previous', 'earlier', 'original', 'opening')} ${anyOf('message', 'msg', 'email', 'text', 'post')}`,
        { negatable: false },
      ),
      // How easy it should have been: "it's not a difficult postcode", "it's not that hard".
      cue(
        `${anyOf('it is not', 'this is not', 'that is not', 'it is hardly')} ${optional(anyOf('a', 'that', 'exactly', 'rocket'))}${anyOf('difficult', 'hard', 'complicated', 'science')}`,
        {
          negatable: false,
        },
      ),
      // Time wasted, said as thanks: "so glad I took the time 👍".
      cue(`so glad i ${anyOf('took the time', 'bothered', 'wasted')}`, { negatable: false }),
      // Waiting made sarcastic: "shall I just put the kettle on and hang about here all morning then?"
      cue(`^shall i just (?:[^ ]+ ){1,12}then(?: [?.!])*$`, { negatable: false }),
      // Heading off advice already tried: "please don't tell me to restart the router".
      cue(`do not tell me to`, { negatable: false }),
      // Not "four times what it usually is": that is a multiple, not a repetition.
      cue(
        `${anyOf('three', 'four', 'five', 'several', 'multiple', 'many', 'so many', '3', '4', '5', '6', '10')} times(?! ${anyOf('what', 'more', 'as', 'the', 'higher', 'bigger', 'larger', 'my', 'our')}(?: |$))`,
      ),
      cue(
        `${anyOf('been', 'was', 'sat', 'sitting', 'waited', 'waiting', 'stuck')} ${optional(anyOf('on hold', 'waiting', 'trying', 'calling', 'sitting at home', 'sitting here'))}${anyOf('for', 'over', 'more than', 'almost', 'nearly', 'all')} ${gap(2)}${anyOf('hour', 'hours', 'days', 'weeks', 'week', 'day', 'morning', 'afternoon', 'forever', 'ages', 'an hour', 'two hours')}`,
      ),
      cue(
        `${anyOf('been', 'was', 'sat', 'sitting', 'waited', 'waiting', 'stuck', 'on hold')} ${optional(anyOf('on hold', 'waiting', 'trying', 'calling'))}${anyOf('for', 'over', 'more than', 'almost', 'nearly')} ${anyOf('twenty', 'thirty', 'forty', 'forty five', 'fifty', 'sixty', '20', '30', '40', '45', '50', '60', '90')} minutes`,
      ),
      cue(
        `${anyOf('nobody', 'no one', 'no-one')} ${gap(1)}${anyOf('calls back', 'called back', 'responded', 'responds', 'helps', 'answers', 'answered', 'can tell me', 'told me', 'tells me', 'gets back')}`,
      ),
      cue(`${anyOf('nobody told me', 'no one told me', 'you never', 'you guys never', 'you people')}`),
      cue(
        `${anyOf('nobody', 'no one')} ${optional(anyOf('has', 'have', 'ever'))}${anyOf('come', 'came', 'showed up', 'shown up', 'fixed', 'called', 'replied', 'bothered')}`,
      ),
      cue(
        `${anyOf('you better', 'you had better')}|you ${optional(anyOf('literally', 'only'))}just ${anyOf('told me', 'said')}`,
        {
          negatable: false,
        },
      ),
      cue(`i ${optional(anyOf('have', 'already'))}paid ${gap(6)}for ${anyOf('this', 'that', 'it')}`, {
        negatable: false,
      }),
      cue(`i said ${anyOf('i want', 'i wanted', 'i need', 'i would like', 'no')}`, { negatable: false }),
      // "Whatever" on its own, at the end or between commas ("alright, whatever, I'll call back"); not "whatever works".
      cue(`(?:^|, )whatever(?: [.!?,])*(?:$| ,)`, { negatable: false }),
      cue(
        `${anyOf('just great', 'just perfect', 'just wonderful', 'just fantastic', 'just lovely', 'just brilliant')}`,
      ),
      cue(
        `${anyOf('or i am', 'or i will', 'or we are', 'or we will')} ${anyOf('cancelling', 'canceling', 'cancel', 'leaving', 'switching', 'going elsewhere', 'done')}|${anyOf('one star', '1 star', 'bad review', 'terrible review')}`,
        { negatable: false },
      ),
      // Not "I'll leave a message then": leaving means leaving the service.
      cue(
        `${anyOf('about to', 'going to', 'i will')} ${optional('just')}${anyOf('cancel', 'switch', 'complain', 'report', 'leave(?= [.!,]|$| you| this| your)')}`,
      ),
      // Threats to leave or to go public: "I'm switching to another carrier", "posting this all over Twitter".
      cue(
        `${anyOf('switching to', 'switch to', 'going to', 'go to', 'use', 'move to', 'moving to')} ${anyOf('another', 'a different', 'a competitor', 'your competitor', 'the competition')}`,
        { negatable: false },
      ),
      cue(
        `${anyOf('all over twitter', 'all over social media', 'all over facebook', 'on social media', 'posting this', 'post this online', 'report you to', 'filing with the', 'file a complaint with')}`,
      ),
      cue(
        // "It'd better." reads "it would better".
        `^${anyOf('it', 'this', 'that', 'you', 'he', 'she', 'they')} ${anyOf('better', 'had better', 'would better')}|${anyOf('someone', 'somebody', 'some body', 'they')} ${anyOf('better', 'had better', 'would better')} ${optional('actually')}${anyOf('come', 'show', 'turn up', 'call', 'fix', 'sort')}`,
        { negatable: false },
      ),
      // A job that should not have needed doing twice: "this should've been right the first time".
      cue(
        `should have been ${anyOf('right', 'done right', 'done properly', 'sorted', 'fixed', 'done')} ${optional('the')}first time`,
        { negatable: false },
      ),
      // Chasing the service: "I've been chasing three week", "having to chase you again"; not "chasing the kids all
      // day".
      cue(
        `${anyOf('been chasing', 'still chasing', 'keep chasing', 'had to chase', 'having to chase', 'have to keep chasing')}(?: ${anyOf('you', 'this', 'it', 'them', 'for', 'since', 'up', 'two', 'three', 'four', 'five', 'six', 'weeks', 'months', '[0-9]+')}(?= )| [.!?,]|$)`,
        { negatable: false },
      ),
      // Reproach for what came late: "would've been nice to hear that 5 weeks ago", "please get it right this time".
      cue(
        `would have been nice to ${anyOf('hear', 'know', 'be told', 'get', 'have', 'find out')}|${anyOf('get it right this time', 'get it right for once', 'for once in your life')}`,
        { negatable: false },
      ),
      // Charged too much: "overcharging", "double charged" ("never turned up" found one held-out fed-up turn for one
      // false alarm, and is left out).
      cue(
        `${anyOf('overcharging', 'overcharged', 'over charged', 'over - charged', 'double charged', 'double - charged', 'charged me twice', 'charged twice')}`,
        { negatable: false },
      ),
      // The service called worthless: "your prepaid is useless if drivers are doing this openly".
      cue(
        `your ${gap(2)}${BE} ${UP_TO_TWO_INTENSIFIERS}${anyOf('useless', 'pointless', 'hopeless', 'rubbish', 'a joke', 'a scam', 'a waste of time', 'worthless')}`,
        { negatable: false },
      ),
      // Sarcasm by formula: "Oh wonderful, pending. My favourite word. Can't wait."
      cue(
        `${anyOf('my favourite word', 'my favorite word', 'my favourite thing', 'my favorite thing', 'my favourite part', 'my favorite part')}`,
        {
          negatable: false,
        },
      ),
      // Price and treatment called a swindle or a liberty: "daylight robbery", "that's taking the mick".
      cue(
        `${anyOf('daylight robbery', 'highway robbery', 'a rip off', 'a rip-off', 'a ripoff', 'taking the mick', 'taking the piss', 'taking the michael', 'having a laugh')}`,
        {
          negatable: false,
        },
      ),
      // Doubt that anything will come of it: "I'll believe it when I see it", "not that it'll make any difference".
      cue(
        `${anyOf('i will believe it when i', 'i will believe that when i')}|not that it ${anyOf('will', 'would')} ${anyOf('make any difference', 'make a difference', 'change anything', 'do any good', 'help')}`,
        { negatable: false },
      ),
      // "This is not at all acceptable", "kinda over it tbh".
      cue(
        `${anyOf('not acceptable', 'not at all acceptable', 'not really acceptable', 'not good enough', 'simply not good enough')}`,
        {
          negatable: false,
        },
      ),
      cue(
        `${anyOf('kinda', 'kind of', 'so', 'really', 'totally', 'a bit', 'just', 'honestly')} over it(?= [.!,]| tbh| now| at this point| honestly|$)`,
        {
          negatable: false,
        },
      ),
      // A judgement of anything the caller names: "24 hours to say yes or no is ridiculous honestly" (where the "no"
      // of "yes or no" would otherwise negate it; "is not ridiculous" never matches).
      cue(
        `${BE} ${UP_TO_TWO_INTENSIFIERS}${anyOf('ridiculous', 'absurd', 'ludicrous', 'laughable', 'unacceptable', 'disgraceful')}`,
        { negatable: false },
      ),
      cue(
        `${anyOf('is that too much to ask', 'is it too much to ask', 'was that too much to ask', 'too much to ask ?', 'not impressed', 'not very impressed', 'not happy at all', 'far from happy')}`,
        {
          negatable: false,
        },
      ),
      // An ultimatum: "or do I have to come down there?".
      cue(
        `or do i ${anyOf('have to', 'need to')} ${anyOf('come down', 'come in', 'come round', 'come over', 'come there', 'drive down', 'drive over', 'turn up')}`,
        { negatable: false },
      ),
      // Affronted: "I'm not daft", "I wasn't born yesterday".
      cue(
        `i ${anyOf('am not', 'was not')} ${anyOf('daft', 'stupid', 'an idiot', 'thick', 'a fool', 'dumb', 'simple', 'born yesterday')}`,
        { negatable: false },
      ),
      cue(
        `${anyOf('why is it so', 'why is this so', 'why is everything so', 'why does this have to be so')} ${anyOf('hard', 'difficult', 'complicated', 'confusing', 'slow')}|${anyOf('why do i have to', 'why does it take', 'why can not you', 'why can not anyone')}`,
      ),
      cue(
        `${anyOf('on hold', 'waiting', 'waited')} ${gap(2)}${anyOf('forty-five', 'forty - five', 'an hour', 'ninety')}`,
      ),
      cue(`${anyOf('i have a complaint', 'want to complain', 'want to make a complaint', 'have a complaint about')}`),
      cue(
        `${anyOf('switch providers', 'switching providers', 'take my business elsewhere', 'speak to a lawyer', 'never using you again')}`,
      ),
      cue(
        `${anyOf('losing my patience', 'running out of patience', 'lost my patience', 'out of patience', 'at my wits end', 'wasted my', 'wasting my time', 'wasted so much time', 'wasted an hour', 'wasted the whole')}`,
      ),
      cue(`${anyOf('a dozen', 'dozens of', 'a hundred', 'a million', 'countless')} times`),
      cue(
        `${anyOf('why is this so hard', 'how hard is it', 'is it that hard', 'you could have said', 'you should have said', 'i can not keep doing this', 'i am done with this', 'unbelievable')}`,
      ),
      // "Whatever." or "Useless!" opening a sentence; not "whatever time works for you".
      cue(`^whatever(?= [.!,?]|$)|^useless`),
      // Waiting without end: "this is taking forever", "I've been waiting since 8".
      cue(
        `taking ${anyOf('forever', 'ages', 'so long', 'too long', 'way too long')}|${anyOf('been waiting', 'been on hold', 'been sitting here', 'been stuck here', 'been trying')} since`,
      ),
      // Curt verdicts and refusals: "Typical.", "This is the last time I use you", "I don't have time for this".
      cue(`^${optional(anyOf('how', 'so', 'just'))}typical(?: [.!])*$`, { negatable: false }),
      cue(`this is the last time i|time for this(?= [.!,?]|$)|not good enough`, { negatable: false }),
      cue(
        `what kind of ${anyOf('service', 'company', 'business', 'operation', 'place', 'support', 'outfit', 'system')} ${anyOf('is this', 'are you', 'do you run', 'are you running')}`,
        { negatable: false },
      ),
      cue(
        `^${optional(anyOf('please', 'just', 'can you', 'can you please'))}stop ${anyOf('asking me', 'repeating', 'saying that', 'saying the same', 'telling me', 'reading me', 'sending me the same', 'transferring me')}`,
        { negatable: false },
      ),
      // Giving up on the agent: "forget it, I'll go to the store".
      cue(`${anyOf('forget it', 'forget about it', 'forget the whole thing')}`),
      GIVING_UP_MILDLY,
      cue(
        `${anyOf('you did not answer', 'you do not answer', 'you never answered', 'you are not answering', 'what is the point', 'what was the point', 'nobody thought to', 'no one thought to', 'nobody bothered to', 'no one bothered to')}`,
      ),
      cue(
        `${anyOf('bounced', 'passed', 'transferred', 'shuffled', 'sent')} ${anyOf('around', 'between', 'back and forth', 'from department to department')}|${anyOf('the runaround', 'a runaround', 'run around')}`,
      ),
      cue(
        `^${anyOf('wow', 'gee', 'oh', 'well')} ,? ${anyOf('super', 'very', 'so', 'really', 'extremely', 'how')} ${anyOf('helpful', 'useful')}`,
      ),
      // Waits in any unit a writer uses: "been clicking around your site for 20 min", "on hold 25 minutes".
      cue(
        `${anyOf('been', 'spent', 'wasted', 'waited', 'waiting', 'sat', 'sitting', 'stuck', 'on hold', 'trying')} ${gap(5)}${optional(anyOf('for', 'over', 'more than', 'almost', 'nearly'))}${optional(anyOf('like', 'about', 'a good'))}${MANY_MINUTES} ${anyOf('min', 'mins', 'minutes')}`,
      ),
      // Threats to leave, dispute or go elsewhere, given as a condition: "if this shows up again I'm cancelling".
      cue(
        `if ${gap(8)}${optional(anyOf('then', ','))}${anyOf('i am', 'i will', 'we are', 'we will', 'i am going to', 'i will be')} ${optional(anyOf('just', 'definitely', 'seriously'))}${anyOf('cancelling', 'canceling', 'cancel', 'leaving', 'leave', 'switching', 'switch', 'done', 'going elsewhere', 'disputing', 'dispute', 'reporting', 'report', 'closing my account', 'close my account', 'taking my business')}`,
        { negatable: false },
      ),
      // Threatening to take the money back through the bank: "I'll dispute every charge you've made", "have my
      // bank reverse it". Not "I need to dispute a charge": asking the service to dispute one is a request.
      cue(
        `${anyOf('i will', 'i am going to', 'i am gon na', 'i will just', 'i am just going to', 'we will')} ${anyOf('dispute', 'charge back', 'chargeback', 'reverse', 'cancel the payment', 'stop the payment')}|${anyOf('call', 'calling', 'ring', 'phone', 'contact', 'get', 'have')} my ${anyOf('bank', 'card company', 'credit card company')} ${gap(3)}${anyOf('reverse', 'dispute', 'charge back', 'chargeback', 'block the payment')}|${anyOf('have them', 'get them')} ${anyOf('reverse', 'charge back')}`,
        { negatable: false },
      ),
      // Refusing future business: "I'm not ordering from you lot again", "never booking with you again".
      cue(
        `${anyOf('never', 'not', 'no longer')} ${gap(2)}${PATRONAGE} ${gap(1)}${optional(anyOf('from', 'with', 'at', 'through'))}${anyOf('you', 'your', 'this', 'here')} ${gap(2)}${anyOf('again', 'anymore', 'any more')}`,
        { negatable: false },
      ),
      // Refusing to go through it all again: "I'm not doing this again", "not explaining this again to a machine".
      cue(
        `${anyOf('i am not', 'i will not', 'not going to', 'i refuse to')} ${anyOf('doing', 'do', 'explaining', 'explain', 'going through', 'go through', 'repeating', 'repeat')} ${anyOf('this', 'that', 'it', 'all this', 'all of this', 'myself')} ${anyOf('again', 'anymore', 'any more', 'with a', 'to a', 'one more time')}`,
        { negatable: false },
      ),
      // Blaming the service: "ten business days for your mistake", "this is your fault".
      cue(
        `${anyOf('your', 'your own', 'you guys')} ${anyOf('mistake', 'mistakes', 'fault', 'error', 'screw up', 'screw-up', 'screwup', 'mess up', 'mess-up', 'incompetence', 'cock up', 'cock-up')}|fix your ${anyOf('system', 'website', 'site', 'app', 'software', 'process', 'records', 'billing', 'mess', 'mistake')}|you ${optional(anyOf('guys', 'people', 'lot'))}${anyOf('messed up', 'screwed up', 'mucked up', 'botched', 'cocked up', 'messed it up', 'screwed it up')}`,
      ),
      // The call going nowhere: "this is going nowhere", "we're going round in circles".
      cue(
        `${anyOf('going nowhere', 'getting nowhere', 'not getting anywhere', 'going round in circles', 'going around in circles', 'going in circles', 'round in circles', 'round we go', 'here we go again', 'we go again')}`,
        { negatable: false },
      ),
      // Telling the agent to listen or read: "read what I actually write", "listen to me".
      cue(
        `${anyOf('read what i', 'listen to what i', 'listen to me', 'pay attention', 'hear what i', 'read my message', 'read my messages', 'read the message', 'read the chat')}`,
        { negatable: false },
      ),
      // The agent repeating itself: "you keep asking me that", "you keep sending me the same link".
      cue(`(?<!do )you ${optional(anyOf('just', 'guys', 'people'))}keep [a-z]+ing`, { negatable: false }),
      // Asking in exasperation why the obvious is not done: "can't you just put me through?".
      cue(
        `${anyOf('can not you', 'could not you', 'why can not you', 'why could not you', 'why will not you', 'will not you')} ${optional('even')}just`,
        { negatable: false },
      ),
      // Families read from the spent eval/fresh-13. Relief that comes too late: "'Bout time summat were", "about
      // bloody time".
      cue(
        `^${optional("'")}${optional(anyOf('well', 'and', 'oh'))}${optional(',')}${anyOf('about time', 'bout time', 'about bloody time', 'about damn time', 'and about time', 'it is about time', 'high time')}`,
        {
          negatable: false,
        },
      ),
      // Half a day lost reaching the service: "I've bin on the phone 'alf the mornin' tryin' to get through to ya".
      cue(
        `${anyOf('half the morning', 'half the day', 'half the afternoon', 'half my morning', 'half my day', 'all morning', 'all afternoon', 'all day', 'the whole morning', 'the whole day', 'the whole afternoon', 'all week')} ${gap(1)}${anyOf('trying', 'waiting', 'chasing', 'on hold', 'ringing', 'calling')}`,
      ),
      // The same as every time before: "Like the other two times.", "Last time also like that.", "same as last time".
      cue(
        `${anyOf('like the other', 'same as the other', 'just like the other')} ${anyOf('two', 'three', 'four', 'few', 'times', 'time')}|${anyOf('last time also', 'last time also like that', 'same as last time', 'just like last time', 'exactly like last time', 'like every other time', 'like last time')}`,
        { negatable: false },
      ),
      // A warning given: "Somebody's gonna get a earful", "If he fails me this time, I will come to that factory
      // myself", "Thursday means Thursday".
      cue(
        `${anyOf('get an earful', 'get a earful', 'give them an earful', 'give you an earful', 'give him an earful', 'give her an earful', 'an earful from me')}`,
        {
          negatable: false,
        },
      ),
      cue(
        `if ${anyOf('you', 'he', 'she', 'they', 'it', 'this', 'your driver', 'your people', 'the driver')} ${gap(3)}${anyOf('this time', 'again')} ,? ${anyOf('i will', 'i am going to', 'i am gonna', 'i swear', 'then i will', 'you will')}`,
        { negatable: false },
      ),
      // A named group: cue lists are joined into one pattern (cue.ts), where a numbered group would be another's.
      cue(`(?<said>[a-z]+) means \\k<said>(?= [.!,]|$)`, { negatable: false }),
    ],
  },
  {
    // Mild: sighs, corrections, relief after a struggle.
    strength: 0.3,
    cues: [
      cue(`^${anyOf('ugh', 'argh', 'sigh', 'come on', 'oh come on', 'jeez', 'geez', 'ugh ,', 'finally')}`),
      cue(
        `${anyOf('thank you , finally', 'thanks , finally', 'finally .', 'finally !', 'still not', 'still down', 'still broken', 'still waiting', 'still have not', 'still no', 'every time', 'every single time', 'keeps crashing', 'keeps happening', 'keeps dropping', 'in a row', 'of course you can not', 'of course not')}|, not this(?: [.!?])*$`,
      ),
      cue(`^${anyOf('no', 'no ,', 'no !')} ${optional(',')}${anyOf('i said', 'i asked', 'i wanted')}`),
      cue(`^${anyOf('i said', 'i asked about', 'i asked for')}`),
      // Reminding the agent in passing: "Last Easter, like I said."
      cue(`${anyOf('as i said', 'like i said', 'as i mentioned', 'like i mentioned', 'as i explained')}`),
      // A sigh drawn out: "ughhh", "uggh".
      cue(`^u+g+h+h(?: |$)|^u+g+g+h+(?: |$)`, { negatable: false }),
      // Waiting on the agent: "hello?? so is it booked or not???"
      cue(`^${optional(anyOf('so', 'well', 'and'))}is it ${gap(2)}or not(?: \\?){2,}`, { negatable: false }),
      cue(
        `${anyOf('a different answer', 'the same thing last', 'what they said last', 'what you said last', 'what it said')}`,
      ),
      // The same answer as before: "that's exactly what I got last week", "I don't want the policy read to me again".
      cue(
        `exactly what ${anyOf('i got', 'i was told', 'they said', 'they told me', 'you said', 'i heard', 'the last person said')}|${anyOf('read to me', 'read out to me', 'quoted at me', 'quoted to me')} again`,
        { negatable: false },
      ),
      cue(`${anyOf('file a complaint', 'make a complaint', 'lodge a complaint')}`),
      cue(`^already ${anyOf('did that', 'did', 'tried that', 'tried', 'done that')}`, { negatable: false }),
      cue(`${anyOf('yes or no', 'simple question', 'it is a simple', 'answer the question', 'answer my question')}`),
      // Correcting with a contrast: "I want a refund, not more questions", "I don't want a text sent, I want someone".
      cue(
        `i ${anyOf('want', 'wanted', 'need', 'needed', 'asked for', 'said', 'meant')} ${gap(4)}${optional(',')}not ${optional(anyOf('a', 'an', 'the', 'more', 'another', 'some', 'to'))}[a-z]+`,
      ),
      cue(`i do not want ${gap(5)}${optional(',')}i ${anyOf('want', 'need', 'asked')}`, { negatable: false }),
      // The contrast alone, in or after the correction: "No, not the blue one.", "No, mice. Not ants."
      cue(
        `^(?:no ,? )?not ${optional(anyOf('a', 'an', 'the', 'my', 'that', 'this'))}${CONTRASTED}(?: [a-z]+)?(?: [.!,]|$)`,
        {
          negatable: false,
        },
      ),
      // Lowering the demand after a refusal: "can you at least tell me if it's ready".
      cue(`${anyOf('can you', 'could you', 'can i', 'could i', 'can someone')} ${optional('not')}at least`, {
        negatable: false,
      }),
      // Taking the business elsewhere, said mildly: "I'll just order from somewhere else".
      cue(
        `${anyOf('go', 'going', 'order', 'ordering', 'shop', 'book', 'try', 'look')} ${anyOf('somewhere else', 'elsewhere')}`,
      ),
      cue(
        `${anyOf('that', 'this', 'it')} ${anyOf('does not', 'did not', 'is not')} ${anyOf('help', 'helping', 'helpful')}`,
        {
          negatable: false,
        },
      ),
      // A curt "Fine." standing alone: accepting what the caller does not like.
      cue(`^${optional(anyOf('okay ,', 'okay', 'oh'))}fine(?: [.!])*$`, { negatable: false }),
    ],
  },
  {
    // Faint: doubting or correcting the agent, as dissatisfied users of task assistants do.
    strength: 0.15,
    cues: [
      cue(
        `${anyOf('are you sure', 'check again', 'that is wrong', 'that is not right', 'that is incorrect', 'you got it wrong', 'not correct', 'that is not it', 'not that one', 'i do not like', 'i do not want that', 'something else', 'too expensive', 'that does not work for me')}`,
      ),
      cue(`^${anyOf('no', 'actually no', 'wait')} ,`),
    ],
  },
];

/** The written signs and the stock idioms, strongest first (a sentence takes the strength of the first that matches). */
export const SIGNS: readonly Sign[] = [...WRITTEN_SIGNS, ...EXASPERATION_IDIOMS].sort(
  (a, b) => b.strength - a.strength,
);

const PRAISE_ALONE = new RegExp(`^${optional(anyOf('oh', 'well', 'just'))}${POSITIVE_WORD}(?: [.!,])*$`);
const MENTIONS_SETBACK = new RegExp(`(?:^| )${SETBACK}(?: |$)`);

/** The caller apologising or thanking: "sorry again about the mix-up" is no setback. */
const APOLOGY_OR_THANKS = /(?:^| )(?:sorry|apologies|thanks|thank you)(?: |$)/;

/** Praise, or disbelief, standing as a whole sentence: "Incredible.", "oh. great.", "Un-be-lievable.", "typical". */
const EXCLAMATION_ALONE = new RegExp(
  `^${optional(anyOf('oh', 'well', 'just', 'oh just', 'how'))}(?:${POSITIVE_WORD}|${anyOf('incredible', 'unbelievable', 'un - be - lievable', 'typical', 'marvellous', 'marvelous', 'what a treat', 'love that', 'love it', 'charming', 'super')})(?: [.!,])*$`,
);

/**
 * Praise or disbelief standing alone as the caller's first words. Right after the agent let the caller down ("I'm
 * afraid we're fully booked." "Brilliant.") it is sarcasm; after good news the same word is joy (frustration.ts
 * tells which).
 */
export function exclaimsAlone(turn: ReadTurn): boolean {
  return turn.sentences.slice(0, 2).some((sentence) => EXCLAMATION_ALONE.test(sentence.text));
}

/** Being left with nothing: "forty-eight quid for nothing and no one to talk to". */
const LEFT_WITH_NOTHING =
  /(?:^| )(?:for nothing|no one to talk to|nobody to talk to|no one to help|nothing to show for it)(?: |$)/;

/** A setback named for the praise around it to be sarcasm: not a caller's own apology or thanks. */
const namesSetback = (sentence: ReadTurn['sentences'][number]) =>
  (MENTIONS_SETBACK.test(sentence.text) || LEFT_WITH_NOTHING.test(sentence.text)) &&
  !APOLOGY_OR_THANKS.test(sentence.text);

/**
 * Praise that only frames a complaint: "Wonderful." followed by "Another delay.", or after it, "So forty-eight quid
 * for nothing and no one to talk to. Brilliant. Absolutely brilliant."
 */
export function sarcasticPraise(turn: ReadTurn): boolean {
  return turn.sentences.some(
    (sentence, position) =>
      PRAISE_ALONE.test(sentence.text) &&
      (turn.sentences.slice(position + 1).some(namesSetback) || turn.sentences.slice(0, position).some(namesSetback)),
  );
}

/**
 * Signs whose polarity comes from the context. Surprise ("oh my god", "seriously?", "no way"), swearing used as
 * an intensifier ("holy shit", "this bloody storm") and "insane" or "crazy" are as common in joy, fear or a
 * story about a third party as in anger at the service: they count only in a turn anchored in annoyance
 * (see `anchored`).
 */
export const AMBIGUOUS_SIGNS: readonly Sign[] = [
  {
    strength: 0.7,
    cues: [
      cue(`${anyOf('shit', 'holy shit', 'crap', 'holy crap', 'bloody', 'damn', 'freaking', 'frigging')}`),
      cue(
        `${anyOf('this', 'that', 'it', 'you')} ${BE} ${optional(INTENSIFIER)}${anyOf('insane', 'crazy', 'nuts', 'unreal')}`,
      ),
      cue(
        `^${optional(anyOf('this is', 'that is', 'how', 'so', 'just'))}${anyOf('insane', 'crazy', 'unreal')}(?: [.!?,])*$`,
      ),
      // Insults to a thing: "this stupid thing keeps cutting out"; the caller's own "stupid fault" is no complaint.
      cue(`${anyOf('this', 'that', 'the', 'your', 'stupid', 'bloody')} ${anyOf('stupid', 'idiotic', 'dumb')}`),
    ],
  },
  {
    strength: 0.5,
    cues: [
      // Incredulity: "are you serious", "I can't believe this".
      cue(
        `${anyOf('are you serious', 'you are serious', 'you can not be serious', 'seriously \\?', 'seriously ,', 'seriously !', 'i can not believe', 'i cannot believe')}`,
        { negatable: false },
      ),
      cue(
        `^${anyOf('seriously', 'no way', 'wow', 'oh my god', 'omg', 'oh my gosh', 'oh my goodness', 'my god', 'good grief', 'jesus')}(?: [.!,?])*`,
        {
          negatable: false,
        },
      ),
    ],
  },
];
/**
 * Exasperated oaths: "what the hell", "for god's sake", "damn it". Rarely joyful, but as often aimed at oneself
 * ("oh for fucks sake, sorry, I put the wrong date") as at the service: they count unless the caller blames
 * themselves or rejoices in the same turn.
 */
export const OATHS: readonly Cue[] = [
  // "Are you kidding me?": incredulity that joy rarely uses outside a rejoicing turn.
  cue(
    `${anyOf('are you kidding', 'you are kidding', 'you have got to be kidding', 'you must be kidding', 'you are joking', 'you must be joking', 'you have got to be joking', 'are you freaking kidding', 'are you fucking kidding', 'are you joking')}`,
    { negatable: false },
  ),
  cue(
    `${anyOf('what the hell', 'what the heck', 'what the fuck', 'wtf', 'wtaf', 'ffs', 'jfc', 'omfg', 'fml', 'smh', 'tabarnak', 'tabarnac', 'tabarnouche', 'calisse', 'câlisse', 'wah lau', 'walao', 'que relajo', 'qué relajo', 'carajo', 'for crying out loud', 'give me a break', 'dammit', 'damn it', 'goddammit', 'god damn it')}`,
  ),
  // An oath is never negated: "I'm not selling anything for goodness' sake" is exasperated all the same.
  cue(`for ${SAKE_OF} ${optional(anyOf("'s", "'"))}sake`, { negatable: false }),
  // "Where the hell is my order?", "why the heck": the oath in a question.
  cue(`${anyOf('where', 'why', 'how', 'who', 'when', 'what')} the ${anyOf('hell', 'heck', 'fuck', 'devil')}`),
  // The strongest swearing is rarely joyful outside a rejoicing turn: "my fucking order", "fuck this".
  cue(`${anyOf('fuck', 'fucking', 'fucked', 'effing', 'motherfucking')}`),
];
/** Blaming oneself, or owning up: frustration with oneself is not frustration with the service. */
export const SELF_BLAME: readonly Cue[] = [
  cue(
    `my ${optional('own')}${optional(anyOf('stupid', 'silly', 'dumb'))}${anyOf('fault', 'mistake', 'error')}|${anyOf('my bad', 'silly me', 'stupid me', 'i am an idiot', 'i am such an idiot', 'i am so stupid', 'i forgot', 'i completely forgot', 'i totally forgot', 'oops', 'whoops', 'wrong tab', 'wrong window', 'wrong number', 'i put the wrong', 'i typed the wrong', 'i got the wrong', 'i mixed up', 'i messed up', 'i screwed up')}`,
    { negatable: false },
  ),
  // Laughing at the situation: "omg wrong tab lol".
  cue(`${anyOf('lol', 'lmao', 'lmaooo', 'haha', 'hahaha', 'hehe', 'rofl')}`, { negatable: false }),
  // The caller apologising ("Sorry! She grabbed my phone", "sorry dear"), not "sorry, but this is ridiculous"
  // or the incredulous "I'm sorry, what?".
  cue(`sorry(?! ,? ${anyOf('but', 'what', 'to say', 'to bother', 'are you', 'is this', 'did you', 'you')}(?: |$))`, {
    negatable: false,
  }),
];
/** A sentence that praises or thanks: surprise in it is delight ("omg perfect", "no way, thank you!"). */
export const PLEASED = new RegExp(
  `(?:^| )(?:${POSITIVE_WORD}|thank|thanks|thx|ty|yes|yay|yess|yesss|love|lovely|good way|phew|relief|relieved)(?: |$)`,
);
/**
 * The agent's turn just before let the caller down: refused, could not, did not understand. Surprise right
 * after that is exasperation ("Seriously?" after "I'm not able to issue refunds").
 */
export const LET_DOWN: readonly Cue[] = [
  cue(
    `${anyOf('not able to', 'unable to', 'can not', 'could not', 'unfortunately', 'i am afraid', 'afraid that', 'afraid we', 'afraid i', 'afraid it', 'no longer', 'not possible', 'not available', 'fully booked', 'no availability', 'sold out', 'did not catch', 'did not get that', 'did not quite', 'did not understand', 'do not understand', 'having trouble', 'not allowed', 'no record', 'there are no', 'there is no', 'do not have access', 'only way', 'try again later', 'call back', 'is overbooked', 'non-refundable', 'not refundable', 'an error', 'failed', 'did not go thru', 'did not go through', 'did not complete', 'did not work', 'went wrong', 'timed out')}`,
    { negatable: false },
  ),
];
/** The agent asking the caller to say it again: repeating oneself then is no complaint. */
export const ASKED_TO_REPEAT =
  /\b(?:repeat|say (?:that|it) again|didn'?t (?:catch|get|hear|quite)|did not (?:catch|get|hear|quite)|confirm|spell|one more time|come again|pardon|did you mean|do you mean|is that right|is that correct)\b/i;

/** Every sign's cues: most sentences show no sign at all, and one pattern tells so. */
export const ANY_SIGN: readonly Cue[] = SIGNS.flatMap((sign) => sign.cues);
export const ANY_AMBIGUOUS_SIGN: readonly Cue[] = AMBIGUOUS_SIGNS.flatMap((sign) => sign.cues);

/** Doubled marks ("!!", "?!"), which say how strongly, not what. */
export const REPEATED_EXCLAMATION = /!!|\?!|!\?|\?\?/;
/** Eye-rolls and angry faces say what words may not. */
export const ANNOYED_EMOJI = /\u{1F644}|\u{1F612}|\u{1F624}|\u{1F620}|\u{1F621}|\u{1F92C}|\u{1F611}/u;
/**
 * The upside-down smile: sarcasm at the service in a turn that speaks to it ("you've just charged me £59.99. very
 * zen. very calming. thanks 🙃"), a shrug at oneself otherwise ("I locked myself out again 🙃").
 */
export const IRONIC_EMOJI = /\u{1F643}/u;
/**
 * Joy is loud too: "YES thank you so much!!!" or "omg that's amazing". In a turn that rejoices, capitals and
 * exclamation marks are not anger, and milder signs count for half.
 */
export const REJOICING: readonly Cue[] = [
  cue(
    `${anyOf('thank you so much', 'thanks so much', 'so happy', 'so excited', 'amazing', 'awesome', 'yay', 'woohoo', 'love it', 'best news', 'wonderful news', 'great news', 'so grateful', 'you are the best', 'lifesaver', 'life saver', 'legend', 'in a good way', 'congratulations', 'congrats')}`,
  ),
];
/**
 * The good news the agent gives ("Good news: the dial glass turned up and it's fitted"): surprise right after it
 * is delight ("unbelievable! I'd completely given up").
 */
export const GOOD_NEWS: readonly Cue[] = [
  cue(
    `${anyOf('good news', 'great news', 'brilliant news', 'fantastic news', 'wonderful news', 'happy to say', 'pleased to say', 'you will be glad', 'you will be pleased', 'you are in luck', 'in luck')}`,
    { negatable: false },
  ),
];
export const SURPRISE =
  /(?:^| )(?:unbelievable|incredible|no way|you are kidding|you are joking|i can not believe it|i do not believe it)(?: |$)/;

/**
 * The caller thanking without irony ("Thank you.", "thanks anyway", "dear"): a give-up said so is disappointment,
 * not anger ("never mind then, dear. Thank you.").
 */
/**
 * The weather named in the turn: a curt "typical" or "this BLOODY rain" there is at the sky, unless the caller
 * speaks to the service ("you", "your") in the same turn.
 */
export const AT_THE_WEATHER =
  /(?:^| )(?:rain|raining|rained|weather|forecast|snow|snowing|storm|wind|chucks it down|chucking it down|pouring|drizzle|fog|flood|flooded|waterlogged)(?: |$)/;
/**
 * Someone else the caller has to deal with, named in the turn: "my bank has blocked my card AGAIN 🙄", "the airline
 * lost our bags". Anger there is at them, unless the caller speaks to the service in the same turn.
 */
export const AT_A_THIRD_PARTY =
  /(?:^| )(?:(?:my|our|the) (?:bank|airline|council|landlord|insurer|insurance company|mortgage lender|employer|boss|neighbour|neighbor|neighbours|neighbors|ex)|my (?:husband|wife|partner)|the (?:government|dvla|irs|hmrc)|hmrc|the tax office)(?: |$)/;
/**
 * Another business doing the same work, the subject of its sentence: "another firm does them every 6 weeks but they
 * keep missing visits, it's a joke", "our last cleaners were useless". Complaints about them bring the caller here;
 * "I had to pay another shop to redo it" blames whoever made that necessary.
 */
export const AT_ANOTHER_PROVIDER =
  /^(?:(?:and|but|so|because|well|honestly|,) )*(?:another|the other|(?:our|my|the) (?:old|current|last|previous|usual|existing))(?: [a-z]+)? (?:firm|company|contractor|contractors|provider|supplier|plumber|builder|builders|garage|agency|cleaner|cleaners|electrician|installer|installers|mechanic|landscaper|gardener|dentist|vet|clinic|salon|shop|place|lot|crowd|outfit)(?: |$)/;
export const SPEAKS_TO_THE_SERVICE = /(?:^| )(?:you|your|yours|you lot|you guys|this service|this company)(?: |$)/;

export const KIND_WORDS = /(?:^| )(?:thank you|thanks|thank u|ta|cheers|dear|love|pet)(?! for nothing)(?: |$)/;

/**
 * Frustration with oneself, or declared not to be with the service, is not frustration with the service: "I'm so
 * frustrated with myself", "I'm fuming, but not with you".
 */
export const AT_ONESELF =
  / (?:with|at) (?:myself|me)(?: |$)|(?:^| )not (?:with|at) (?:you|your (?:lot|team|staff))(?: |$)|(?:^| )not your fault(?: |$)/;
