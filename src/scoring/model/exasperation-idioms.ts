/**
 * The stock phrases of exasperation, across the kinds of English callers speak: idioms of patience run out ("at the
 * end of my tether"), of a service judged a farce ("an absolute shambles"), of being unheard ("like talking to a
 * brick wall"), of questions that are complaints ("how hard can it be"), of the same failure again ("same old
 * story"), and of taking it further ("I'm taking this to the ombudsman").
 *
 * Unlike the families read from one batch's misses, these were written from what the language holds, before any
 * batch showed them, because a sealed batch's writers reach for the common idiom of their region far more often
 * than for a wording no list has seen. Each was measured on the held-out writers' turns (docs/decisions.md).
 */
import { anyOf, type Cue, cue, gap, optional } from './cue.js';

/** "you", "you lot", "your staff": the service addressed or named. */
const THE_SERVICE = anyOf(
  'you',
  'you lot',
  'you guys',
  'you people',
  'your lot',
  'your staff',
  'your people',
  'your company',
  'your team',
  'this company',
  'anyone there',
  'anyone over there',
  'anybody there',
  'anybody over there',
  'anyone',
  'anybody',
  'nobody',
  'no one',
);
/** What a service is called when the caller has had enough of it. */
const FARCE = anyOf(
  'joke',
  'shambles',
  'farce',
  'disgrace',
  'scam',
  'con',
  'rip off',
  'rip - off',
  'circus',
  'waste of time',
  'piss take',
  'piss - take',
  'liberty',
  'pantomime',
  'cowboy outfit',
  'clown show',
);
/** "a total", "an absolute", "a pure" (Irish and Scots English), "a right", "a proper": the farce, made bigger. */
const UTTER = anyOf('total', 'complete', 'absolute', 'utter', 'pure', 'right', 'proper', 'bloody', 'fucking');
/** "so", "always": what makes a task a struggle in "why is this always so hard". */
const INTENSE = anyOf('so', 'always', 'just', 'really', 'bloody');
/** Patience run out, said as the idioms say it. */
const PATIENCE_GONE = anyOf(
  'at the end of my tether',
  'at the end of my rope',
  'at my wits end',
  'at my wit s end',
  'my blood is boiling',
  'my blood boils',
  'makes my blood boil',
  'sick to death of',
  'sick to the back teeth',
  'fed up to the back teeth',
  'my patience is wearing thin',
  'my patience has run out',
  'my patience is running out',
  'i have been more than patient',
  'i have been patient enough',
  'i give up with',
  'i give up on you',
  'i am so done with',
  'i am done with you',
  'done with you lot',
  'done with your company',
  'had it with you',
  'beyond a joke',
  'beyond frustrated',
  'beyond annoyed',
  'beyond angry',
);

/** Each idiom's strength as a sign of frustration (frustration-signs.ts merges them into its SIGNS). */
export const EXASPERATION_IDIOMS: readonly { strength: number; cues: readonly Cue[] }[] = [
  {
    // Outbursts as the idioms say them: none of these is said calmly.
    strength: 0.7,
    cues: [
      cue(PATIENCE_GONE),
      // Aimed at the service or the matter, not at the children: "this is driving me up the wall".
      cue(
        `${anyOf('this', 'it', 'that', 'you', 'you lot', 'your')} ${gap(2)}driving me ${anyOf('up the wall', 'round the bend', 'around the bend', 'round the twist', 'mad', 'crazy', 'insane', 'nuts', 'spare')}`,
      ),
      // "Absolute shambles from start to finish": the farce named as the sentence opens.
      cue(`^${UTTER} ${FARCE}`),
      // "an absolute shambles", "this is a pure joke", "what a farce".
      cue(
        `${anyOf('a', 'an', 'what a', 'what an')} ${UTTER} ${FARCE}|what a ${anyOf('farce', 'shambles', 'carry on', 'carry - on', 'circus', 'disgrace', 'con', 'rip off', 'cowboy outfit')}`,
      ),
      cue(
        `${anyOf('this', 'that', 'it', 'you', 'you lot', 'your service')} ${anyOf('is', 'are', 'was', 'has been')} ${anyOf('a shambles', 'a farce', 'a disgrace', 'a circus', 'a con', 'a pantomime')}`,
      ),
      // Unheard: "like talking to a brick wall", "are you deaf", "about as much use as a chocolate teapot".
      cue(
        `${anyOf('like talking to a', 'like talking to the', 'talking to a', 'like speaking to a')} ${optional('brick')}wall|${anyOf('are you deaf', 'you deaf', 'are you thick', 'are you stupid', 'chocolate teapot', 'as much use as a', 'about as useful as a')}`,
        { negatable: false },
      ),
      // Incompetence charged: "you clearly have no idea", "does anyone there know what they are doing".
      cue(
        `${THE_SERVICE} ${optional(anyOf('clearly', 'obviously', 'really', 'honestly'))}${anyOf('have no idea', 'have not got a clue', 'have not a clue', 'do not have a clue', 'have no clue', 'have not the foggiest')}`,
      ),
      cue(
        `${anyOf('does', 'do', 'is')} ${THE_SERVICE} ${optional(anyOf('there', 'over there', 'even', 'actually', 'ever'))}${anyOf('know what they are doing', 'know what you are doing', 'actually competent', 'competent', 'know what is going on', 'read your emails', 'read the emails', 'read anything', 'check anything', 'talk to each other', 'listen')}`,
      ),
      cue(
        `${anyOf('you had one job', 'you had 0 job', 'do your job', 'do your bloody job', 'do your damn job', 'do your jobs')}`,
        {
          negatable: false,
        },
      ),
      // Taken further: "I'm taking this to the ombudsman", "you'll be hearing from my solicitor".
      cue(
        `${anyOf('taking this to', 'take this to', 'taking it to', 'take it to', 'escalating this to', 'reporting this to', 'report this to')} ${optional('the')}${anyOf('ombudsman', 'trading standards', 'small claims', 'court', 'the papers', 'the press', 'social media', 'my solicitor', 'my lawyer', 'my attorney', 'better business bureau', 'bbb', 'consumer council', 'regulator')}`,
        { negatable: false },
      ),
      // Shame and scorn: "shame on you", "you ought to be ashamed of yourselves", "couldn't organise a piss-up in a
      // brewery", "absolutely diabolical".
      cue(
        `${anyOf('shame on you', 'ashamed of yourselves', 'ashamed of yourself', 'should be ashamed', 'ought to be ashamed', 'piss up in a brewery', 'piss - up in a brewery', 'not a happy bunny', 'not a happy camper', 'diabolical', 'wickedness')}`,
        { negatable: false },
      ),
      cue(
        `${anyOf('this', 'that', 'it', 'you', 'your service')} ${anyOf('is', 'are', 'was', 'has been')} ${optional(anyOf('truly', 'absolutely', 'just', 'really', 'so', 'frankly'))}${anyOf('shocking', 'appalling', 'atrocious', 'abysmal', 'dreadful', 'criminal')}`,
      ),
      cue(
        `${anyOf('this is', 'that is', 'what', 'such', 'total', 'complete', 'absolute', 'utter')} ${optional('some')}${anyOf('bs', 'b . s .', 'bullcrap', 'horseshit', 'codswallop', 'cobblers', 'tosh', 'twaddle')}(?= |$)`,
      ),
      cue(
        `been ${anyOf('a nightmare', 'a joke', 'a shambles', 'a disaster', 'a farce', 'hell')} ${anyOf('from day one', 'since day one', 'from the start', 'from start to finish', 'from beginning to end', 'all along')}`,
      ),
      cue(
        `i ${anyOf('can not', 'cannot', 'honestly can not', 'just can not')} believe how ${anyOf('bad', 'poor', 'slow', 'rude', 'useless', 'terrible', 'awful', 'unhelpful', 'incompetent', 'long')}`,
        {
          negatable: false,
        },
      ),
      cue(
        `${anyOf('hearing from my', 'be hearing from my')} ${anyOf('solicitor', 'lawyer', 'attorney', 'lawyers', 'solicitors')}`,
      ),
      cue(
        `${anyOf('never', 'not')} ${anyOf('using', 'use', 'ordering from', 'order from', 'booking with', 'book with', 'shopping with', 'dealing with', 'recommending')} ${anyOf('you', 'you lot', 'your company', 'this company', 'you guys', 'you people')} again`,
        {
          negatable: false,
        },
      ),
    ],
  },
  {
    // Clear, but said by calm people too in some turns: each needs a second sign or the model to tip the call.
    strength: 0.5,
    cues: [
      // Questions that are complaints: "how hard can it be", "what am I paying you for".
      cue(
        `${anyOf('how hard can it be', 'how difficult can it be', 'what am i paying you for', 'what am i even paying', 'what am i paying for', 'am i speaking a different language', 'am i talking to myself', 'do i have to spell it out')}`,
        { negatable: false },
      ),
      cue(
        `why is ${anyOf('this', 'it', 'everything', 'that')} ${optional(INTENSE)}${anyOf('so difficult', 'so hard', 'so complicated', 'such a struggle', 'such a hassle', 'always a struggle')}`,
      ),
      // The same failure again: "not this again", "same old story" ("here we go again" is among the written signs).
      cue(
        `${anyOf('not this again', 'not again', 'same old story', 'same old same old', 'same old rubbish', 'same excuse', 'same excuses', 'once again nobody', 'once again no one', 'for the umpteenth time', 'for the nth time', 'the umpteenth time')}`,
        { negatable: false },
      ),
      cue(
        `for the ${anyOf('second', 'third', 'fourth', 'fifth', 'sixth', '0')} ${anyOf('week', 'month', 'day', 'time', 'year')} ${anyOf('running', 'in a row')}`,
      ),
      // Made to chase: "I shouldn't have to call five times", "I've had to chase you".
      cue(
        `i ${anyOf('should not have to', 'should not need to', 'should not be having to', 'have had to', 'keep having to')} ${gap(2)}${anyOf('chase', 'call', 'ring', 'phone', 'email', 'ask', 'explain', 'repeat', 'remind', 'follow up')}`,
      ),
      // Told to accept it: "and you expect me to accept that?", "so that's it? that's your answer?"
      cue(
        `${anyOf('you expect me to', 'and i am supposed to', 'am i supposed to just', 'that is your answer ?', 'is that your answer ?')}`,
        { negatable: false },
      ),
      // "Yet again", but not "thank you yet again".
      cue(`(?<!${anyOf('thank you', 'thanks', 'cheers', 'ta')} )yet again`, { negatable: false }),
      cue(`^just wow(?: [.!])*$`, { negatable: false }),
      // Scorn said plainly: "how is this even legal", "nobody is picking up", "this is so not okay".
      cue(
        `how is ${anyOf('this', 'that', 'it')} ${optional('even')}${anyOf('legal', 'allowed', 'acceptable', 'fair', 'possible')}`,
      ),
      cue(
        `${anyOf('no one', 'nobody')} ${anyOf('is', 'was', 'ever')} ${anyOf('picking', 'picking up', 'answering', 'responding', 'replying', 'calling back', 'calling me back', 'getting back')}`,
      ),
      cue(
        `${anyOf('this', 'that', 'it')} is ${optional(anyOf('so', 'just', 'really', 'totally', 'absolutely', 'seriously'))}not ${anyOf('okay', 'ok', 'on', 'cool')}(?= |$)`,
      ),
      cue(`^sort it out(?: [.!])*$`, { negatable: false }),
      cue(
        `${anyOf('formal complaint', 'official complaint', 'written complaint', 'chargeback', 'charge back', 'one star review', '0 star review', 'bad review', 'terrible review', 'scathing review', 'stinking review')}`,
      ),
    ],
  },
];
