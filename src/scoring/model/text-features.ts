/**
 * Word and word-pair features of a piece of text, the same at training and at scoring time. A tokenizer of
 * our own rather than wink's: the trained models must see exactly the tokens they were trained on, whatever
 * a language library's next version does, and this one costs a regular expression per text.
 */

/** The models read this much of a turn, as the rule-based reading does. */
const MAX_CHARACTERS = 4_000;

// Chat users and speech recognisers drop apostrophes ("dont", "cant"); the corpora mostly keep them. Both
// spell the same word once apostrophes are gone, so the tokens drop them.
const APOSTROPHES = /['\u2018\u2019`]/g;
const TOKEN = /[a-z]+|[0-9]+/g;

/** Lower-cased words, apostrophes dropped, every run of digits read as `0` (times and prices vary, their presence does not). */
export function tokens(text: string): string[] {
  const flat = (text.length > MAX_CHARACTERS ? text.slice(0, MAX_CHARACTERS) : text)
    .toLowerCase()
    .replace(APOSTROPHES, '');
  const found = flat.match(TOKEN) ?? [];
  return found.map((token) => (token.charCodeAt(0) <= 57 ? '0' : token));
}

/**
 * Each turn's words by transcript index, read once per conversation and shared by every model that reads the turn:
 * the same array each time, so that a shared vocabulary numbers its words once (vocabulary.ts).
 */
export type TurnWords = readonly (readonly string[])[];

export function turnWordsOf(turns: readonly { text: string }[]): TurnWords {
  return turns.map((turn) => tokens(turn.text));
}

/**
 * Each word and each pair of neighbouring words (with the start and the end of the text as words, so that
 * "sorry" opening a sentence differs from "sorry" inside one), named with `prefix` so that features of
 * different texts (the caller's turn, the agent's turn before it) stay apart.
 */
export function wordFeatures(words: readonly string[], prefix: string): string[] {
  const features: string[] = [];
  let previous = '<s>';
  for (const word of words) {
    features.push(`${prefix}${word}`, `${prefix}${previous} ${word}`);
    previous = word;
  }
  features.push(`${prefix}${previous} </s>`);
  return features;
}

/** Texts (each read as words and word pairs under its prefix) and flags: what a model scores, before any string is built. */
export interface FeatureBag {
  texts: { prefix: string; words: readonly string[] }[];
  flags: string[];
}

/** The bag's features as named strings, exactly as `wordFeatures` names them: what training reads. */
export function bagFeatures(bag: FeatureBag): string[] {
  return [...bag.texts.flatMap((text) => wordFeatures(text.words, text.prefix)), ...bag.flags];
}
