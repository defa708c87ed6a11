/**
 * How frustrated the caller was. Each user turn is read for signs of frustration, each with a
 * strength; signs within a turn and across turns combine as independent evidence (noisy-or), so
 * one strong outburst or several milder signs both count. wink's sentiment only adds a little:
 * callers describe bad situations (a burst pipe, a stolen card) without being upset with anyone.
 *
 * Signs are of three kinds. Firm signs (complaints about the service, sarcasm, threats, curt dismissal) count
 * wherever they stand. Oaths ("for god's sake") count unless the caller blames themselves or rejoices in the same
 * turn. Surprise, swearing as an intensifier, capitals and doubled marks take their polarity from the context:
 * they count only in a turn anchored in annoyance (a firm sign in it, a let-down by the agent just before, a
 * request said again unasked, annoyance elsewhere in the call). Saying a request again unasked is a sign itself.
 */
import { anyCueMatches, type Cue, firstAffirmed } from './cue.js';
import type { DissatisfactionReading } from './dissatisfaction.js';
import { citeTurn, type Finding, turnNames, uniqueSorted } from './finding.js';
import {
  AMBIGUOUS_SIGNS,
  ANNOYED_EMOJI,
  ANY_AMBIGUOUS_SIGN,
  ANY_SIGN,
  ASKED_TO_REPEAT,
  AT_A_THIRD_PARTY,
  AT_ANOTHER_PROVIDER,
  AT_ONESELF,
  AT_THE_WEATHER,
  exclaimsAlone,
  GIVING_UP_MILDLY,
  GOOD_NEWS,
  IRONIC_EMOJI,
  KIND_WORDS,
  LET_DOWN,
  OATHS,
  PLEASED,
  REJOICING,
  REPEATED_EXCLAMATION,
  SELF_BLAME,
  SIGNS,
  type Sign,
  SPEAKS_TO_THE_SERVICE,
  SURPRISE,
  sarcasticPraise,
} from './frustration-signs.js';
import type { LearnedTurn } from './learned-turns.js';
import { MIN_REPEATED_STATEMENT_WORDS } from './lexicon.js';
import type { ReadSentence } from './read-sentence.js';
import type { ConversationReading, ReadTurn } from './reading.js';

/** Score at and above which the caller counts as frustrated (calibrated on eval/data). */
export const FRUSTRATION_THRESHOLD = 0.5;

/** The strongest of `signs` (listed strongest first) affirmed in the sentence, or 0. */
function strongestSign(sentence: ReadSentence, signs: readonly Sign[]): number {
  for (const sign of signs) if (firstAffirmed(sentence, sign.cues)) return sign.strength;
  return 0;
}

function signStrength(sentence: ReadSentence, signs: readonly Sign[] = SIGNS, any = ANY_SIGN): number {
  return anyCueMatches(sentence, any) ? strongestSign(sentence, signs) : 0;
}

/** A little weight for wink's reading of clearly negative sentences. */
function sentimentStrength(sentence: ReadSentence): number {
  return Math.max(0, -sentence.sentiment - 0.4) * 0.4;
}

interface TurnReading {
  turn: ReadTurn;
  strength: number;
  said: string;
  /** The strength is the turn model's, not the written signs': the reason says so. */
  byModel?: boolean;
}

/** A caller turn's signs before the context is known. */
interface TurnSigns {
  turn: ReadTurn;
  /** Signs that mean frustration wherever they stand, combined (0 when none). */
  firm: number;
  firmSaid: string;
  strongestFirm: number;
  /** Oaths, combined. */
  oaths: number;
  oathSaid: string;
  /** Signs whose polarity comes from the context (surprise, swearing, capitals, doubled marks), combined. */
  ambiguous: number;
  ambiguousSaid: string;
  /** The caller rejoices or blames themselves in this turn. */
  benign: boolean;
  /** The caller says the anger goes elsewhere: at themselves, the weather, someone else. */
  aimedElsewhere: boolean;
}

const OATH_STRENGTH = 0.7;
const SARCASM_STRENGTH = 0.7;
const SHOUTING_STRENGTH = 0.5;
const EXCLAMATIONS_STRENGTH = 0.35;
const ANNOYED_EMOJI_STRENGTH = 0.6;
/** Having to ask for a person more than once is itself a sign of frustration, the more so the more often. */
const REPEATED_ASK_STRENGTH = 0.35;
const THRICE_ASKED_STRENGTH = 0.5;
/** Saying again, unasked, what one already said: the agent did not take it in. */
const REPEATED_REQUEST_STRENGTH = 0.35;
/** A firm sign at least this strong anchors surprise and swearing in annoyance in its turn... */
const ANCHOR_STRENGTH = 0.3;
/** ... and one at least this strong anchors them anywhere in the call. */
const CALL_ANCHOR_STRENGTH = 0.5;
const MAX_SCORE = 0.98;
/** The strength of "never mind then" among the signs: a sentence with nothing stronger is a give-up alone. */
const GIVING_UP_STRENGTH = 0.5;

function noisyOr(strengths: readonly number[]): number {
  return 1 - strengths.reduce((clear, strength) => clear * (1 - strength), 1);
}

/** Signs whose reading depends on the context. */
const ANY_CONTEXTUAL: readonly Cue[] = [...ANY_AMBIGUOUS_SIGN, ...OATHS];
/** Every sign a caller's sentence is read for: most sentences show none, and one pattern tells so. */
const ANY_CUE: readonly Cue[] = [...ANY_SIGN, ...ANY_CONTEXTUAL];

function readTurnSigns(turn: ReadTurn): TurnSigns {
  const kind = turn.sentences.some((sentence) => KIND_WORDS.test(sentence.text));
  // "not your fault, love, it's them thieving sods. I'm livid": the caller says where the anger goes, for the turn.
  const notAtService = turn.sentences.some((sentence) => AT_ONESELF.test(sentence.text));
  const toTheService = turn.sentences.some((sentence) => SPEAKS_TO_THE_SERVICE.test(sentence.text));
  const atTheWeather = turn.sentences.some((sentence) => AT_THE_WEATHER.test(sentence.text)) && !toTheService;
  // Another firm named as the one at fault ("another firm does them but they keep missing visits, it's a joke"): the
  // whole complaint is about them, and it is why the caller is here.
  const atAnotherProvider = turn.sentences.some((sentence) => AT_ANOTHER_PROVIDER.test(sentence.text)) && !toTheService;
  // Someone else named ("my bank has blocked my card AGAIN 🙄"): an eye-roll or the turn model's reading is at them.
  // A written sign still counts: "I'll just have my bank reverse it then" threatens the service.
  const atAThirdParty = turn.sentences.some((sentence) => AT_A_THIRD_PARTY.test(sentence.text)) && !toTheService;
  const read = turn.sentences.map((sentence) => {
    if (!anyCueMatches(sentence, ANY_CUE) || notAtService) return { sentence, firm: 0, contextual: false };
    // "never mind then, dear. Thank you.": a polite give-up is disappointment.
    if (kind && firstAffirmed(sentence, [GIVING_UP_MILDLY]) && strongestSign(sentence, SIGNS) <= GIVING_UP_STRENGTH)
      return { sentence, firm: 0, contextual: false };
    return { sentence, firm: strongestSign(sentence, SIGNS), contextual: anyCueMatches(sentence, ANY_CONTEXTUAL) };
  });
  const loud = turn.shouting || REPEATED_EXCLAMATION.test(turn.text);
  // Joy and self-blame only matter in a turn that shows some sign, and are read only there.
  const marked = loud || read.some((sentence) => sentence.firm > 0 || sentence.contextual);
  const rejoicing = marked && turn.sentences.some((sentence) => firstAffirmed(sentence, REJOICING) !== null);
  const benign =
    rejoicing ||
    atTheWeather ||
    atAnotherProvider ||
    (marked && turn.sentences.some((sentence) => firstAffirmed(sentence, SELF_BLAME) !== null));
  let firmClear = 1;
  let oathClear = 1;
  let ambiguousClear = 1;
  let firmSaid = { strength: 0, said: turn.text };
  let oathSaid = turn.text;
  let ambiguousSaid = { strength: 0, said: turn.text };
  for (const { sentence, firm, contextual } of read) {
    let strength = Math.max(firm, sentimentStrength(sentence));
    if (rejoicing && strength < SARCASM_STRENGTH) strength /= 2;
    // "typical." with the rain named: a verdict on the sky.
    if (atTheWeather && strength < SARCASM_STRENGTH) strength = 0;
    if (atAnotherProvider && AT_ANOTHER_PROVIDER.test(sentence.text)) strength = 0;
    firmClear *= 1 - strength;
    if (strength > firmSaid.strength) firmSaid = { strength, said: sentence.original };
    if (!contextual) continue;
    if (firstAffirmed(sentence, OATHS)) {
      oathClear *= 1 - OATH_STRENGTH;
      oathSaid = sentence.original;
    }
    if (!PLEASED.test(sentence.text)) {
      const surprise = signStrength(sentence, AMBIGUOUS_SIGNS, ANY_AMBIGUOUS_SIGN);
      ambiguousClear *= 1 - surprise;
      if (surprise > ambiguousSaid.strength) ambiguousSaid = { strength: surprise, said: sentence.original };
    }
  }
  if (sarcasticPraise(turn)) {
    firmClear *= 1 - SARCASM_STRENGTH;
    firmSaid = { strength: SARCASM_STRENGTH, said: turn.text };
  }
  const ironicAtTheService = IRONIC_EMOJI.test(turn.text) && toTheService;
  if ((ANNOYED_EMOJI.test(turn.text) || ironicAtTheService) && !atTheWeather && !atAThirdParty) {
    firmClear *= 1 - ANNOYED_EMOJI_STRENGTH;
    if (firmSaid.strength < ANNOYED_EMOJI_STRENGTH) firmSaid = { strength: ANNOYED_EMOJI_STRENGTH, said: turn.text };
  }
  // Capitals and doubled marks say how strongly, not what: they take their polarity from the context too.
  if (turn.shouting) ambiguousClear *= 1 - SHOUTING_STRENGTH;
  if (loud && REPEATED_EXCLAMATION.test(turn.text)) ambiguousClear *= 1 - EXCLAMATIONS_STRENGTH;
  return {
    turn,
    firm: 1 - firmClear,
    firmSaid: firmSaid.said,
    strongestFirm: firmSaid.strength,
    oaths: 1 - oathClear,
    oathSaid,
    ambiguous: 1 - ambiguousClear,
    ambiguousSaid: ambiguousSaid.strength > 0 ? ambiguousSaid.said : turn.text,
    benign,
    aimedElsewhere: notAtService || atTheWeather || atAThirdParty || atAnotherProvider,
  };
}

/** What the rest of the call says about a caller turn. */
interface TurnContext {
  /** The agent's turn just before, if any. */
  agentBefore: ReadTurn | null;
  /** That turn says again, word for word, a statement the agent had already made: the agent is going round. */
  agentRepeated: boolean;
  /** The caller says again, unasked, what they said before. */
  repeats: boolean;
  /** Elsewhere in the call the caller shows annoyance, or asked for a person more than once. */
  annoyedElsewhere: boolean;
}

/**
 * Whether surprise, swearing and loudness in a turn read as annoyance: the turn itself complains, follows a
 * let-down, repeats an unheeded request, or the caller is annoyed elsewhere in the call; and the caller neither
 * rejoices nor blames themselves in it.
 */
function anchored(signs: TurnSigns, context: TurnContext): boolean {
  if (signs.benign) return false;
  return (
    signs.strongestFirm >= ANCHOR_STRENGTH ||
    signs.oaths > 0 ||
    context.repeats ||
    context.annoyedElsewhere ||
    letDownBefore(context)
  );
}

/**
 * The agent's turn just before let the caller down ("I'm afraid", "fully booked", "that didn't go through"), or
 * said again what it had already said ("I can help with orders, quotes and deliveries..." a second time).
 */
function letDownBefore(context: TurnContext): boolean {
  return (
    context.agentRepeated ||
    (context.agentBefore?.sentences.some((sentence) => anyCueMatches(sentence, LET_DOWN)) ?? false)
  );
}

/** Words enough for an echo to be one: "Someone will be in touch." */
const MIN_ECHO_WORDS = 3;

/**
 * The caller's first sentence says again what the agent just said ("Someone will be in touch. Oh, marvellous."): praise
 * standing alone after the agent's own words thrown back is sarcasm, whatever those words were.
 */
function echoesTheAgent(turn: ReadTurn, agentBefore: ReadTurn | null): boolean {
  const first = turn.sentences[0]?.text.replace(/ [.!?,]+$/, '') ?? '';
  if (!agentBefore || first.split(' ').length < MIN_ECHO_WORDS) return false;
  return agentBefore.sentences.some((sentence) => ` ${sentence.text} `.includes(` ${first} `));
}

/**
 * Surprise right after good news is delight: "Good news, the dial glass turned up" / "unbelievable! I'd completely
 * given up". Only a turn whose every other sentence shows no sign reads so.
 */
function delightedBy(signs: TurnSigns, context: TurnContext): boolean {
  const { sentences } = signs.turn;
  return (
    sentences.some((sentence) => SURPRISE.test(sentence.text)) &&
    sentences.every((sentence) => SURPRISE.test(sentence.text) || strongestSign(sentence, SIGNS) === 0) &&
    (context.agentBefore?.sentences.some((sentence) => firstAffirmed(sentence, GOOD_NEWS) !== null) ?? false)
  );
}

function readTurn(signs: TurnSigns, context: TurnContext): TurnReading {
  if (delightedBy(signs, context)) return { turn: signs.turn, strength: 0, said: signs.turn.text };
  const oaths = signs.benign ? 0 : signs.oaths;
  const ambiguous = signs.ambiguous > 0 && anchored(signs, context) ? signs.ambiguous : 0;
  const repeats = context.repeats ? REPEATED_REQUEST_STRENGTH : 0;
  const sarcasm =
    exclaimsAlone(signs.turn) && (letDownBefore(context) || echoesTheAgent(signs.turn, context.agentBefore))
      ? SARCASM_STRENGTH
      : 0;
  const strength = noisyOr([signs.firm, oaths, ambiguous, repeats, sarcasm]);
  const candidates: [number, string][] = [
    [signs.strongestFirm, signs.firmSaid],
    [oaths, signs.oathSaid],
    [ambiguous, signs.ambiguousSaid],
    [repeats, signs.turn.text],
    [sarcasm, signs.turn.text],
  ];
  const said = candidates.reduce((best, candidate) => (candidate[0] > best[0] ? candidate : best))[1];
  return { turn: signs.turn, strength, said };
}

/**
 * Words of three letters or more, not parts of an address, a link or a figure: details given again after a typo
 * ("marco.belli@gmail.com") make no repeated request.
 */
const CONTENT_WORD = /(?<![\w@./-])[a-z]{3,}(?![\w@/-]|\.\w)/g;
/** Words that carry no request, for telling whether the caller repeats one. */
const NOT_CONTENT = new Set([
  'the',
  'and',
  'you',
  'for',
  'not',
  'but',
  'can',
  'are',
  'was',
  'has',
  'had',
  'its',
  'his',
  'her',
  'our',
  'how',
  'why',
  'who',
  'yes',
  'any',
  'all',
  'get',
  'got',
  'one',
  'now',
  'too',
  'did',
  'out',
  'see',
  'say',
  'let',
  'may',
  'him',
  'she',
  'hey',
  'hiya',
  'yep',
  'bye',
  'that',
  'this',
  'have',
  'with',
  'from',
  'your',
  'just',
  'okay',
  'yeah',
  'what',
  'would',
  'could',
  'should',
  'please',
  'thank',
  'thanks',
  'there',
  'they',
  'them',
  'then',
  'when',
  'been',
  'were',
  'about',
  'like',
  'really',
  'much',
  'very',
  'good',
  'great',
  'well',
  'will',
  'want',
  'need',
  'know',
  'sure',
  'right',
  'hello',
  'alright',
]);
const MIN_REPEATED_WORDS = 3;
const SHORTEST_REQUEST = 16;
/** A request is said early in a turn: only its opening is compared, which keeps long turns cheap. */
const REQUEST_READ_CHARACTERS = 200;
const REPEATED_SHARE = 0.75;

/** A turn's content words (see CONTENT_WORD and NOT_CONTENT). */
function contentWords(turn: ReadTurn): Set<string> {
  const words = new Set<string>();
  // Too short to hold a request of MIN_REPEATED_WORDS words: "yes", "okay thanks".
  if (turn.text.length < SHORTEST_REQUEST) return words;
  const opening = turn.text.length > REQUEST_READ_CHARACTERS ? turn.text.slice(0, REQUEST_READ_CHARACTERS) : turn.text;
  for (const word of opening.toLowerCase().match(CONTENT_WORD) ?? []) if (!NOT_CONTENT.has(word)) words.add(word);
  return words;
}

/** How many of the caller's earlier turns a repetition is looked for in. */
const REPEAT_LOOKBACK = 6;

/** Whether `words` say again most of what one of the caller's last few turns said. */
function saysAgain(words: ReadonlySet<string>, earlier: readonly ReadonlySet<string>[]): boolean {
  if (words.size < MIN_REPEATED_WORDS) return false;
  for (let index = Math.max(0, earlier.length - REPEAT_LOOKBACK); index < earlier.length; index += 1) {
    const before = earlier[index] as ReadonlySet<string>;
    if (before.size < MIN_REPEATED_WORDS) continue;
    let shared = 0;
    for (const word of before) if (words.has(word)) shared += 1;
    if (shared / before.size >= REPEATED_SHARE) return true;
  }
  return false;
}

/** Each caller turn in its context: what the agent said just before, and what the caller said earlier. */
function turnContexts(reading: ConversationReading): Map<number, Omit<TurnContext, 'annoyedElsewhere'>> {
  const contexts = new Map<number, Omit<TurnContext, 'annoyedElsewhere'>>();
  const said: Set<string>[] = [];
  const agentStatements = new Set<string>();
  let agentBefore: ReadTurn | null = null;
  let agentRepeated = false;
  for (const turn of reading.turns) {
    if (turn.speaker !== 'user') {
      agentBefore = turn;
      const statements = turn.sentences
        .map((sentence) => sentence.text)
        .filter((text) => text.split(' ').length >= MIN_REPEATED_STATEMENT_WORDS);
      agentRepeated = statements.some((text) => agentStatements.has(text));
      for (const text of statements) agentStatements.add(text);
      continue;
    }
    const words = contentWords(turn);
    const repeats = saysAgain(words, said) && !(agentBefore !== null && ASKED_TO_REPEAT.test(agentBefore.text));
    contexts.set(turn.index, { agentBefore, agentRepeated, repeats });
    said.push(words);
  }
  return contexts;
}

function combine(readings: readonly TurnReading[], weigh: (turn: ReadTurn) => number, repeatedAsk: number): number {
  const calm = readings.reduce((clear, reading) => clear * (1 - reading.strength * weigh(reading.turn)), 1);
  return 1 - calm * (1 - repeatedAsk);
}

function repeatedAskStrength(personRequests: number): number {
  if (personRequests > 2) return THRICE_ASKED_STRENGTH;
  return personRequests > 1 ? REPEATED_ASK_STRENGTH : 0;
}

/**
 * A turn the turn model reads as fed up counts with the model's probability where the written signs found
 * less: it reads wordings nobody listed ("third time I'm explaining this, genius").
 */
function withLearned(readings: readonly TurnReading[], learned: readonly LearnedTurn[]): TurnReading[] {
  return readings.map((reading) => {
    const flagged = learned.find((candidate) => candidate.turn === reading.turn);
    return flagged && flagged.probability > reading.strength
      ? {
          turn: reading.turn,
          strength: flagged.probability,
          said: reading.strength > 0 ? reading.said : reading.turn.text,
          byModel: true,
        }
      : reading;
  });
}

export function frustrationFinding(
  reading: ConversationReading,
  personRequests: number,
  dissatisfaction: DissatisfactionReading | null = null,
  learned: readonly LearnedTurn[] = [],
  pitchTurns: ReadonlySet<number> = new Set(),
): Finding {
  const repeatedAsk = repeatedAskStrength(personRequests);
  const contexts = turnContexts(reading);
  // A pitch's urgency ("ACT NOW - offer expires today!!") is selling, not annoyance with the service.
  const callerSigns = reading.turns
    .filter((turn) => turn.speaker === 'user' && !pitchTurns.has(turn.index))
    .map(readTurnSigns);
  const annoyedTurns = callerSigns.filter(
    (signs) => signs.strongestFirm >= CALL_ANCHOR_STRENGTH || (signs.oaths > 0 && !signs.benign),
  );
  const turns = withLearned(
    callerSigns.map((signs) =>
      readTurn(signs, {
        agentBefore: null,
        agentRepeated: false,
        repeats: false,
        ...contexts.get(signs.turn.index),
        annoyedElsewhere: repeatedAsk > 0 || annoyedTurns.some((other) => other !== signs),
      }),
    ),
    // The turn model's reading counts neither for a pitch's turn nor for one whose anger the caller aims elsewhere
    // ("bloody rain's done for half me first cut"): it reads the anger's words, not where they go.
    learned.filter(
      (flagged) =>
        !pitchTurns.has(flagged.turn.index) &&
        !callerSigns.some((signs) => signs.turn === flagged.turn && signs.aimedElsewhere),
    ),
  );
  const signs = turns.filter((turnReading) => turnReading.strength > 0);
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
  const citations = cited
    .map((sign) => `${citeTurn(sign.turn, sign.said)}${sign.byModel ? " (the turn model's reading)" : ''}`)
    .join(' and ');
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
