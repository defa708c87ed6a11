/**
 * How frustrated the caller was. Each user turn is read for signs of frustration, each with a
 * strength; signs within a turn and across turns combine as independent evidence (noisy-or), so
 * one strong outburst or several milder signs both count. wink's sentiment only adds a little:
 * callers describe bad situations (a burst pipe, a stolen card) without being upset with anyone.
 */
import { anyCueMatches, anyOf, type Cue, cue, firstAffirmed, gap, optional } from './cue.js';
import type { DissatisfactionReading } from './dissatisfaction.js';
import { citeTurn, type Finding, turnNames, uniqueSorted } from './finding.js';
import type { ReadSentence } from './read-sentence.js';
import type { ConversationReading, ReadTurn } from './reading.js';

/** Score at and above which the caller counts as frustrated (calibrated on eval/data). */
export const FRUSTRATION_THRESHOLD = 0.5;

const INTENSIFIER = anyOf(
  'so',
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
);
const JUDGEMENT = anyOf(
  'ridiculous',
  'unacceptable',
  'absurd',
  'outrageous',
  'insane',
  'crazy',
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
  'down',
);

interface Sign {
  strength: number;
  cues: readonly Cue[];
}

const SIGNS: readonly Sign[] = [
  {
    // Outbursts, swearing, sarcasm that cannot be read any other way.
    strength: 0.7,
    cues: [
      cue(
        `${anyOf('i am', 'i am getting', 'i am becoming', 'i feel', 'i have been', 'getting', 'we are')} ${optional(INTENSIFIER)}${EMOTION}`,
      ),
      cue(`${SUBJECT} ${BE} ${optional(INTENSIFIER)}${optional(INTENSIFIER)}${JUDGEMENT}`),
      cue(`it ${BE} ${optional(INTENSIFIER)}${optional(INTENSIFIER)}${SERVICE_JUDGEMENT}`),
      cue(`^${optional(INTENSIFIER)}${optional(anyOf('this is', 'that is', 'how'))}${JUDGEMENT}(?: [.!?,])*$`),
      cue(`what a ${anyOf('joke', 'nightmare', 'waste of time', 'mess', 'scam')}`),
      // Sarcastic praise of advice the caller already tried, and asking whether the service is a joke.
      cue(
        `${anyOf('what a genius idea', 'genius idea', 'what a novel idea', 'never would have thought of that', 'never would have thought of it', 'why did not i think of that', 'is this a joke', 'is this some kind of joke', 'is this some sort of joke')}`,
        { negatable: false },
      ),
      cue(`${anyOf('so sick of', 'sick of this', 'sick and tired', 'fed up', 'had enough of', 'had it with')}`),
      // A complaint about how staff treated the caller: "the trainer was rude to me".
      cue(
        `${BE} ${optional(INTENSIFIER)}${anyOf('rude', 'disrespectful', 'condescending', 'unprofessional', 'dismissive')} ${anyOf('to me', 'to us', 'with me', 'with us', 'to my')}`,
      ),
      cue(
        `${anyOf('thanks for nothing', 'thank you for nothing', 'love that for me', 'just what i needed', 'yeah right')}`,
      ),
      cue(
        `${anyOf('what the hell', 'what the heck', 'what the fuck', 'wtf', 'for god sake', "for god's sake", 'for crying out loud', 'are you kidding', 'you have got to be kidding', 'you must be kidding', 'give me a break')}`,
      ),
      cue(
        `${anyOf('damn', 'dammit', 'damn it', 'shit', 'bullshit', 'crap', 'fucking', 'fuck', 'bloody', 'screw this')}`,
      ),
      cue(`${POSITIVE_WORD} ,? just ${POSITIVE_WORD}`),
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
        `${anyOf('how many times', 'i already', 'i have already', 'i just told you', 'i told you', 'as i said', 'like i said', 'i keep telling', 'i keep saying')}`,
      ),
      cue(`${anyOf('second', 'third', 'fourth', 'fifth', '2nd', '3rd', '4th', '5th')} time`),
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
      cue(`${anyOf('are you serious', 'you better', 'you had better', 'you just told me', 'you just said')}`, {
        negatable: false,
      }),
      cue(`i paid ${gap(3)}for ${anyOf('this', 'that', 'it')}`, { negatable: false }),
      cue(`i said ${anyOf('i want', 'i wanted', 'i need', 'i would like', 'no')}`, { negatable: false }),
      cue(`(?:^| )whatever(?: [.!?,])*$`, { negatable: false }),
      cue(
        `${anyOf('just great', 'just perfect', 'just wonderful', 'just fantastic', 'just lovely', 'just brilliant')}`,
      ),
      cue(
        `${anyOf('or i am', 'or i will', 'or we are', 'or we will')} ${anyOf('cancelling', 'canceling', 'cancel', 'leaving', 'switching', 'going elsewhere', 'done')}|${anyOf('one star', '1 star', 'bad review', 'terrible review')}`,
        { negatable: false },
      ),
      cue(`${anyOf('about to', 'going to', 'i will')} ${anyOf('cancel', 'switch', 'leave', 'complain', 'report')}`),
      // Threats to leave or to go public: "I'm switching to another carrier", "posting this all over Twitter".
      cue(
        `${anyOf('switching to', 'switch to', 'going to', 'go to', 'use', 'move to', 'moving to')} ${anyOf('another', 'a different', 'a competitor', 'your competitor', 'the competition')}`,
        { negatable: false },
      ),
      cue(
        `${anyOf('all over twitter', 'all over social media', 'all over facebook', 'on social media', 'posting this', 'post this online', 'report you to', 'filing with the', 'file a complaint with')}`,
      ),
      cue(`^${anyOf('it', 'this', 'that', 'you')} ${anyOf('better', 'had better')}`, { negatable: false }),
      cue(
        `${anyOf('why is it so hard', 'why is it so difficult', 'why do i have to', 'why does it take', 'why can not you', 'why can not anyone')}`,
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
        `${anyOf('why is this so hard', 'how hard is it', 'is it that hard', 'you could have said', 'you should have said', 'i can not keep doing this', 'i am done with this', 'unbelievable', 'seriously ?', 'seriously ,')}`,
      ),
      cue(`^${anyOf('whatever', 'oh my god', 'omg', 'useless')}(?: [.!,?])*`),
      cue(
        `${anyOf('you did not answer', 'you do not answer', 'you never answered', 'you are not answering', 'what is the point', 'what was the point', 'nobody thought to', 'no one thought to', 'nobody bothered to', 'no one bothered to')}`,
      ),
      cue(
        `${anyOf('bounced', 'passed', 'transferred', 'shuffled', 'sent')} ${anyOf('around', 'between', 'back and forth', 'from department to department')}|${anyOf('the runaround', 'a runaround', 'run around')}`,
      ),
      cue(
        `^${anyOf('wow', 'gee', 'oh', 'well')} ,? ${anyOf('super', 'very', 'so', 'really', 'extremely', 'how')} ${anyOf('helpful', 'useful')}`,
      ),
    ],
  },
  {
    // Mild: sighs, corrections, relief after a struggle.
    strength: 0.3,
    cues: [
      cue(`^${anyOf('ugh', 'argh', 'sigh', 'come on', 'oh come on', 'jeez', 'geez', 'ugh ,', 'finally')}`),
      cue(
        `${anyOf('thank you , finally', 'thanks , finally', 'finally .', 'finally !', 'still not', 'still down', 'still broken', 'still waiting', 'still have not', 'still no', 'every time', 'keeps crashing', 'keeps happening', 'keeps dropping', 'in a row', 'of course you can not', 'of course not')}|, not this(?: [.!?])*$`,
      ),
      cue(`^${anyOf('no', 'no ,', 'no !')} ${optional(',')}${anyOf('i said', 'i asked', 'i wanted')}`),
      cue(`^${anyOf('i said', 'i asked about', 'i asked for')}`),
      cue(
        `${anyOf('a different answer', 'the same thing last', 'what they said last', 'what you said last', 'what it said')}`,
      ),
      cue(`${anyOf('file a complaint', 'make a complaint', 'lodge a complaint')}`),
      cue(`${anyOf('forget it', 'forget about it')}`),
      cue(`^already ${anyOf('did that', 'did', 'tried that', 'tried', 'done that')}`, { negatable: false }),
      cue(`${anyOf('yes or no', 'simple question', 'it is a simple', 'answer the question', 'answer my question')}`),
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

const PRAISE_ALONE = new RegExp(`^${optional(anyOf('oh', 'well', 'just'))}${POSITIVE_WORD}(?: [.!,])*$`);
const MENTIONS_SETBACK = new RegExp(`(?:^| )${SETBACK}(?: |$)`);

/** "Wonderful." followed by "Another delay.": praise that only sets up a complaint. */
function sarcasticPraise(turn: ReadTurn): boolean {
  return turn.sentences.some(
    (sentence, position) =>
      PRAISE_ALONE.test(sentence.text) &&
      turn.sentences.slice(position + 1).some((next) => MENTIONS_SETBACK.test(next.text)),
  );
}

/** Every sign's cues: most sentences show no sign at all, and one pattern tells so. */
const ANY_SIGN: readonly Cue[] = SIGNS.flatMap((sign) => sign.cues);

function signStrength(sentence: ReadSentence): number {
  if (!anyCueMatches(sentence, ANY_SIGN)) return 0;
  let strength = 0;
  for (const sign of SIGNS)
    if (sign.strength > strength && firstAffirmed(sentence, sign.cues)) strength = sign.strength;
  return strength;
}

/** A little weight for wink's reading of clearly negative sentences. */
function sentimentStrength(sentence: ReadSentence): number {
  return Math.max(0, -sentence.sentiment - 0.4) * 0.4;
}

interface TurnReading {
  turn: ReadTurn;
  strength: number;
  said: string;
}

const SARCASM_STRENGTH = 0.7;
const SHOUTING_STRENGTH = 0.5;
const EXCLAMATIONS_STRENGTH = 0.35;
const REPEATED_EXCLAMATION = /!!|\?!|!\?|\?\?/;
/** Eye-rolls and angry faces say what words may not. */
const ANNOYED_EMOJI = /\u{1F644}|\u{1F612}|\u{1F624}|\u{1F620}|\u{1F621}|\u{1F92C}|\u{1F611}/u;
const ANNOYED_EMOJI_STRENGTH = 0.6;
/**
 * Joy is loud too: "YES thank you so much!!!" or "omg that's amazing". In a turn that rejoices, capitals and
 * exclamation marks are not anger, and milder signs count for half.
 */
const REJOICING: readonly Cue[] = [
  cue(
    `${anyOf('thank you so much', 'thanks so much', 'so happy', 'so excited', 'amazing', 'awesome', 'yay', 'woohoo', 'love it', 'best news', 'wonderful news', 'great news', 'so grateful', 'you are the best', 'lifesaver', 'life saver')}`,
  ),
];
/** Frustration with oneself is not frustration with the service: "I'm so frustrated with myself". */
const AT_ONESELF = / (?:with|at) (?:myself|me)(?: |$)/;
/** Having to ask for a person more than once is itself a sign of frustration. */
const REPEATED_ASK_STRENGTH = 0.35;
const MAX_SCORE = 0.98;

function readTurn(turn: ReadTurn): TurnReading {
  let clear = 1;
  let strongest = { strength: 0, said: turn.text };
  const rejoicing = turn.sentences.some((sentence) => firstAffirmed(sentence, REJOICING) !== null);
  for (const sentence of turn.sentences) {
    let strength = AT_ONESELF.test(sentence.text) ? 0 : Math.max(signStrength(sentence), sentimentStrength(sentence));
    if (rejoicing && strength < SARCASM_STRENGTH) strength /= 2;
    clear *= 1 - strength;
    if (strength > strongest.strength) strongest = { strength, said: sentence.original };
  }
  if (sarcasticPraise(turn)) {
    clear *= 1 - SARCASM_STRENGTH;
    strongest = { strength: SARCASM_STRENGTH, said: turn.text };
  }
  if (turn.shouting && !rejoicing) clear *= 1 - SHOUTING_STRENGTH;
  if (REPEATED_EXCLAMATION.test(turn.text) && !rejoicing) clear *= 1 - EXCLAMATIONS_STRENGTH;
  if (ANNOYED_EMOJI.test(turn.text)) {
    clear *= 1 - ANNOYED_EMOJI_STRENGTH;
    if (strongest.strength < ANNOYED_EMOJI_STRENGTH) strongest = { strength: ANNOYED_EMOJI_STRENGTH, said: turn.text };
  }
  return { turn, strength: 1 - clear, said: strongest.said };
}

function combine(readings: readonly TurnReading[], weigh: (turn: ReadTurn) => number, repeatedAsk: number): number {
  const calm = readings.reduce((clear, reading) => clear * (1 - reading.strength * weigh(reading.turn)), 1);
  return 1 - calm * (1 - repeatedAsk);
}

export function frustrationFinding(
  reading: ConversationReading,
  personRequests: number,
  dissatisfaction: DissatisfactionReading | null = null,
): Finding {
  const turns = reading.turns.filter((turn) => turn.speaker === 'user').map(readTurn);
  const signs = turns.filter((turnReading) => turnReading.strength > 0);
  const repeatedAsk = personRequests > 1 ? REPEATED_ASK_STRENGTH : 0;
  // Possibly misheard turns count for less in the score; a verdict they alone would carry is
  // left uncertain.
  const weighted = combine(signs, (turn) => turn.weight, repeatedAsk);
  const score = withDissatisfaction(Math.min(MAX_SCORE, weighted), dissatisfaction);
  const asHeard = combine(signs, () => 1, repeatedAsk);
  const fromClearTurns = combine(signs, (turn) => (turn.misheard ? 0 : 1), repeatedAsk);
  const cited = [...signs]
    .sort((a, b) => b.strength - a.strength)
    .slice(0, 2)
    .sort((a, b) => a.turn.index - b.turn.index);
  const evidence = uniqueSorted(cited.map((sign) => sign.turn.index));
  const citations = cited.map((sign) => citeTurn(sign.turn, sign.said)).join(' and ');
  const dissatisfied = dissatisfactionNote(reading, dissatisfaction);

  if (asHeard < FRUSTRATION_THRESHOLD) {
    const reason =
      cited.length > 0
        ? `The caller showed mild signs of frustration in ${citations}, not enough to count as frustrated.`
        : 'The caller stayed calm; no signs of frustration.';
    return { verdict: 'pass', score, reason: `${reason}${dissatisfied}`, evidence_turns: evidence };
  }
  if (fromClearTurns < FRUSTRATION_THRESHOLD) {
    return {
      verdict: 'uncertain',
      score,
      reason: `The signs of frustration are in ${turnNames(evidence)}, which may have been misheard.${dissatisfied}`,
      evidence_turns: evidence,
    };
  }
  const repeated = repeatedAsk > 0 ? ' They also had to ask for a person more than once.' : '';
  return {
    verdict: 'fail',
    score,
    reason: `The caller sounded frustrated in ${citations}.${repeated}${dissatisfied}`,
    evidence_turns: evidence,
  };
}

/**
 * The score: the probability that the caller was frustrated or dissatisfied at some point. The signs of
 * frustration give one probability, the model trained on satisfaction ratings another (calibrated, see
 * models/dissatisfaction.md); taken as independent evidence, the caller was calm and satisfied throughout
 * only if neither happened. The verdict stays with the signs of frustration at FRUSTRATION_THRESHOLD: a
 * caller who was merely disappointed passes (eval/README.md), and the ratings speak of disappointment as
 * much as of anger.
 */
function withDissatisfaction(frustrated: number, dissatisfaction: DissatisfactionReading | null): number {
  const either = 1 - (1 - frustrated) * (1 - (dissatisfaction?.atSomePoint ?? 0));
  return Math.round(Math.min(MAX_SCORE, either) * 100) / 100;
}

/** Below this the dissatisfaction model's reading is not worth a sentence in the reason. */
const NOTEWORTHY_DISSATISFACTION = 0.5;

function dissatisfactionNote(reading: ConversationReading, dissatisfaction: DissatisfactionReading | null): string {
  const likeliest = dissatisfaction?.likeliest;
  if (!dissatisfaction || !likeliest || dissatisfaction.atSomePoint < NOTEWORTHY_DISSATISFACTION) return '';
  const turn = reading.turns[likeliest.index];
  if (!turn) return '';
  return ` The model trained on satisfaction ratings puts the chance they were dissatisfied at some point at ${dissatisfaction.atSomePoint.toFixed(2)}, most of all in ${citeTurn(turn)}.`;
}
