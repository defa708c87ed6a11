/**
 * The one place that talks to wink-nlp: splits a turn into sentences and gives, per sentence, the
 * normalised token text that the cue patterns run on, which tokens sit in the scope of a negation
 * (read here, see negationScope), and wink's sentiment.
 */

import model from 'wink-eng-lite-web-model';
import winkNLP from 'wink-nlp';
import { readPlainSentences, rememberedNormals } from './plain-reader.js';
import type { ReadSentence } from './read-sentence.js';

// Loaded once per process: the language model is a read-only resource, and loading it costs far
// more than reading a conversation. Only the annotations the scorers use are switched on, and
// sentiment, the costliest, only for the caller's turns (the only ones whose mood is scored).
const withSentiment = winkNLP(model, ['sbd', 'sentiment']);
const withoutSentiment = winkNLP(model, ['sbd']);
const its = withSentiment.its;

// Chat users and speech recognisers often drop apostrophes; wink only expands (and negates)
// contractions it recognises, so the common ones are restored before reading.
const MISSING_APOSTROPHES = new Map([
  ['dont', "don't"],
  ['doesnt', "doesn't"],
  ['didnt', "didn't"],
  ['cant', "can't"],
  ['couldnt', "couldn't"],
  ['wouldnt', "wouldn't"],
  ['shouldnt', "shouldn't"],
  ['isnt', "isn't"],
  ['arent', "aren't"],
  ['wasnt', "wasn't"],
  ['werent', "weren't"],
  ['havent', "haven't"],
  ['hasnt', "hasn't"],
  ['wont', "won't"],
  ['im', "I'm"],
  ['ive', "I've"],
  ['youre', "you're"],
  ['thats', "that's"],
  ['whats', "what's"],
  ['theres', "there's"],
]);
const MISSING_APOSTROPHE_PATTERN = new RegExp(`\\b(?:${[...MISSING_APOSTROPHES.keys()].join('|')})\\b`, 'gi');

function normalsOf(normals: readonly string[], first: number, last: number): string[] {
  return normals.slice(first, last + 1).map((normal) => normal.toLowerCase());
}

const WORD_WITH_PERIOD = /^[a-z]{2,}\.$/;

/** Token normals wink leaves unexpanded. A Map: an object would answer "constructor" with Object's own. */
const SPLIT_NORMALS = new Map([
  ["i'm", 'i am'],
  ['gonna', 'going to'],
  ['wanna', 'want to'],
  ['gotta', 'got to'],
  ['lemme', 'let me'],
  ["y'all", 'you all'],
  ['ok', 'okay'],
  ["'re", 'are'],
  // The plural "you" of Ireland, Scotland and the north of England: "do yous do gluten free scones".
  ['yous', 'you'],
  ['youse', 'you'],
]);

/** Characters prepare() rewrites; most turns have none, and then it returns the text as it is. */
const NEEDS_PREPARING = new RegExp(
  `[[\u2018\u2019\u02bc\u201c\u201d\u2014\u2013]|${MISSING_APOSTROPHE_PATTERN.source}`,
  'i',
);

function prepare(text: string): string {
  if (!NEEDS_PREPARING.test(text)) return text;
  return (
    text
      // Transcribers' annotations ("[inaudible]", "[crosstalk]") are not words anyone said.
      .replace(/\[[^\]]{0,40}\]/g, ' ')
      .replace(/[\u2018\u2019\u02bc]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/[\u2014\u2013]/g, ' - ')
      .replace(MISSING_APOSTROPHE_PATTERN, (word) => MISSING_APOSTROPHES.get(word.toLowerCase()) ?? word)
  );
}

const NEGATORS = new Set(['not', 'no', 'never', 'nothing', 'nobody', 'none', 'neither', 'nor', 'without', 'cannot']);
const INTERJECTIONS = new Set(['oh', 'uh', 'um', 'well', 'and', 'so', ',', '.', '!', 'please']);
/** Where a negation's scope ends at the latest. */
const SCOPE_ENDS = new Set([',', '.', ';', ':', '!', '?', '-', 'but', 'however', 'though']);
/** How far a negation reaches: "I do not want another appointment, I want the manager" negates the first want only. */
const NEGATION_REACH = 5;

/**
 * Which tokens a negation covers: those within a few tokens after a negator, up to punctuation or "but". In
 * speech a clause often runs over the whole turn, so a scope to the end of the clause would reach too far. A
 * "no" that opens a sentence is an answer ("No, let me talk to a pharmacist"), not a negation of what follows.
 */
export function negationScope(normals: readonly string[]): boolean[] {
  const negated: boolean[] = [];
  let lastNegator = Number.NEGATIVE_INFINITY;
  let opening = true;
  for (let index = 0; index < normals.length; index += 1) {
    const normal = normals[index] ?? '';
    if (opening && (normal === 'no' || normal === 'nope' || normal === 'nah')) {
      negated.push(false);
      continue;
    }
    if (!INTERJECTIONS.has(normal)) opening = false;
    if (SCOPE_ENDS.has(normal)) {
      lastNegator = Number.NEGATIVE_INFINITY;
      negated.push(false);
      continue;
    }
    negated.push(index - lastNegator <= NEGATION_REACH);
    if (NEGATORS.has(normal)) lastNegator = index;
  }
  return negated;
}

/** A wink document as whole-document arrays, read once: per-sentence calls into wink cost more than the reading. */
interface ReadDoc {
  normals: string[];
  /** wink's token types; a paragraph break ("\n\n") is `tabCRLF`. */
  types: string[];
  spans: [number, number][];
  originals: string[];
  sentiments: number[];
}

function readDoc(prepared: string, sentiment: boolean): ReadDoc {
  const doc = (sentiment ? withSentiment : withoutSentiment).readDoc(prepared);
  const tokens = doc.tokens();
  const sentenceList = doc.sentences();
  return {
    normals: tokens.out(its.normal) as string[],
    types: tokens.out(its.type) as string[],
    spans: sentenceList.out(its.span) as unknown as [number, number][],
    originals: sentenceList.out() as string[],
    sentiments: sentiment ? (sentenceList.out(its.sentiment) as unknown as number[]) : [],
  };
}

/** The sentence of `read` at `position`, made of its tokens `first` to `last`. */
function sentenceOf(read: ReadDoc, position: number, first: number, last: number): ReadSentence {
  const { normals } = read;
  const tokenStarts: number[] = [];
  let joined = '';
  for (let index = first; index <= last; index += 1) {
    if (joined.length > 0) joined += ' ';
    tokenStarts.push(joined.length);
    const normal = normals[index] ?? '';
    // wink keeps a sentence's final period on a word it takes for an abbreviation ("locked in.").
    joined +=
      SPLIT_NORMALS.get(normal) ??
      (index === last && WORD_WITH_PERIOD.test(normal) ? `${normal.slice(0, -1)} .` : normal);
  }
  return {
    original: read.originals[position] ?? '',
    text: joined,
    tokenStarts,
    negated: negationScope(normalsOf(normals, first, last)),
    sentiment: read.sentiments[position] ?? 0,
  };
}

function sentencesOf(read: ReadDoc): ReadSentence[] {
  return read.spans.map(([first, last], position) => sentenceOf(read, position, first, last));
}

export function readSentences(text: string, options: { sentiment: boolean }): ReadSentence[] {
  return sentencesOf(readDoc(prepare(text), options.sentiment));
}

/** What separates turns read in one document: wink ends a sentence at it and keeps it as a token of its own. */
const TURN_BREAK = '\n\n';
/** A turn that can share a document: no line breaks or tabs of its own, no whitespace around it. */
const JOINABLE = /^\S(?:[^\n\r\t]*\S)?$/;
/** Characters per shared document: a transcript of long turns is read in several, each of a bounded size. */
const MAX_SHARED_CHARACTERS = 16_000;

/**
 * The sentences of several turns read with sentiment, like `readSentences` on each, in one wink document:
 * wink's cost per document (setting up, then reading tokens and sentences out) was a third of reading a
 * conversation's caller turns one by one. The turns are joined with a paragraph break, at which wink always
 * ends a sentence; the break's token, which wink gives to one of the two sentences, is taken off again. Turns
 * that contain breaks of their own are read alone, and so is a group whose document does not split as expected.
 */
export function readTurnsWithSentiment(texts: readonly string[]): ReadSentence[][] {
  const prepared = texts.map(prepare);
  const read: ReadSentence[][] = prepared.map(() => []);
  const readAlone = (turn: number) => {
    read[turn] = sentencesOf(readDoc(prepared[turn] as string, true));
  };
  const readGroup = (group: number[]) => {
    const together =
      group.length > 1
        ? splitAtTurnBreaks(readDoc(group.map((turn) => prepared[turn]).join(TURN_BREAK), true), group.length)
        : null;
    for (const [position, turn] of group.entries()) {
      if (together) read[turn] = together[position] as ReadSentence[];
      else readAlone(turn);
    }
  };

  let group: number[] = [];
  let groupCharacters = 0;
  for (const [turn, text] of prepared.entries()) {
    if (!JOINABLE.test(text)) {
      readAlone(turn);
      continue;
    }
    if (group.length > 0 && groupCharacters + text.length > MAX_SHARED_CHARACTERS) {
      readGroup(group);
      group = [];
      groupCharacters = 0;
    }
    group.push(turn);
    groupCharacters += text.length + TURN_BREAK.length;
  }
  readGroup(group);
  return read;
}

/**
 * The sentences of each of `turns` turns joined by TURN_BREAK, or null when the document did not split so.
 * wink puts a break at the start of the next sentence after an end mark, at the end of the sentence otherwise.
 */
function splitAtTurnBreaks(read: ReadDoc, turns: number): ReadSentence[][] | null {
  const isBreak = (index: number) => read.types[index] === 'tabCRLF';
  const byTurn: ReadSentence[][] = [[]];
  for (let position = 0; position < read.spans.length; position += 1) {
    let [first, last] = read.spans[position] as [number, number];
    if (isBreak(first)) {
      byTurn.push([]);
      first += 1;
    }
    const endsTurn = last >= first && isBreak(last);
    if (endsTurn) last -= 1;
    if (last < first) return null;
    for (let index = first; index <= last; index += 1) if (isBreak(index)) return null;
    (byTurn.at(-1) as ReadSentence[]).push(sentenceOf(read, position, first, last));
    if (endsTurn) byTurn.push([]);
  }
  return byTurn.length === turns && byTurn.every((sentences) => sentences.length > 0) ? byTurn : null;
}

const normalOf = rememberedNormals(
  (word) => (withoutSentiment.readDoc(word).tokens().out(its.normal) as string[])[0] ?? word,
);

/** Sentences of a turn whose mood is not scored, read without wink's tokenizer (see plain-reader.ts). */
export function readPlain(text: string): ReadSentence[] {
  return readPlainSentences(prepare(text), normalOf, negationScope);
}
