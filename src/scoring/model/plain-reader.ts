/**
 * Reads a turn into sentences without wink, for turns whose mood is never scored (the agent's, a person's who
 * took over). Reading was most of the model's time, and wink's tokenizer most of reading; what the cues need of
 * a sentence (normalised tokens, contractions expanded, a negation scope) is simple enough to produce here,
 * in the same form wink gives the caller's turns. Spelling normals ("through" reads "thru") still come from
 * wink, one word at a time, remembered.
 */
import type { ReadSentence } from './read-sentence.js';

/**
 * Tokens in order of precedence: links, addresses, dotted abbreviations, numbers, words with a contraction,
 * words, runs of dots, anything else. Addresses and words are tried only where a run of their characters
 * starts (and an address's parts are bounded), so a turn of 20,000 letters is read in linear time.
 */
const TOKEN =
  /https?:\/\/[^\s]+[^\s.,!?;:)]|(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+|(?:[A-Za-z]\.){2,}|(?:Dr|Mr|Mrs|Ms|St|Jr|Sr|Prof|Mt)\.|\$|\d+(?:[:.,/-]\d+)*(?:st|nd|rd|th)?|(?<![A-Za-z])[A-Za-z]+\d[A-Za-z\d]*|(?<![A-Za-z])[A-Za-z]+(?=n't)|n't|'(?:re|ve|ll|s|d|m)(?![A-Za-z])|(?<![A-Za-z])[A-Za-z]+(?='(?:re|ve|ll|s|d|m)(?![A-Za-z]))|[A-Za-z]+(?:'[A-Za-z]+)?|\.{2,}|[^\s]/gu;

/** Normal forms that are not spelling: contractions and the whole tokens the cues read expanded (as SPLIT_NORMALS in nlp.ts). */
const FIXED_NORMALS = new Map<string, string>([
  ["n't", 'not'],
  ["'re", 'are'],
  ["'ve", 'have'],
  ["'ll", 'will'],
  ["'d", 'would'],
  ["'m", 'am'],
  ['gonna', 'going to'],
  ['wanna', 'want to'],
  ['gotta', 'got to'],
  ['lemme', 'let me'],
  ['ok', 'okay'],
]);
/** Words after which "'s" is "is" ("it's", "there's"); elsewhere it is a possessive ("the clinic's"). */
const IS_AFTER = new Set([
  'it',
  'that',
  'there',
  'here',
  'what',
  'who',
  'where',
  'how',
  'he',
  'she',
  'this',
  'when',
  'why',
]);
/** The halves of "can't" and "won't" as wink names them. */
const STEM_NORMALS = new Map([
  ['ca', 'can'],
  ['wo', 'will'],
  ['sha', 'shall'],
]);
/** A token that ends a sentence: ".", "!" or "?" ("..." trails off inside a sentence, as wink reads it). */
function isSentenceEnd(raw: string): boolean {
  return raw === '.' || raw === '!' || raw === '?';
}
/** A time's "a.m." or "p.m.", which ends its sentence too when a capital follows ("from eight a.m. A technician"). */
const TIME_OF_DAY = /^[ap]\.m\.$/i;
const CAPITALISED = /^[A-Z]/;
/** Words wink may spell otherwise; longer runs of letters are not words anyone said. */
const WORD = /^[a-z]{1,30}$/;
const MAX_REMEMBERED = 50_000;

export type WordNormal = (lowerCaseWord: string) => string;

/**
 * The normal form of a lower-case token, remembered: wink's spelling normal for a word ("colour" reads
 * "color"), the fixed normals above, the token itself otherwise. Words are few and turns are many, so nearly
 * every token is one lookup.
 */
export function rememberedNormals(spelling: WordNormal): WordNormal {
  const remembered = new Map<string, string>();
  return (lower) => {
    let normal = remembered.get(lower);
    if (normal === undefined) {
      normal = FIXED_NORMALS.get(lower) ?? (WORD.test(lower) ? spelling(lower) : lower);
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      remembered.set(lower, normal);
    }
    return normal;
  };
}

interface Token {
  raw: string;
  start: number;
  normal: string;
}

function tokenize(text: string, normalOf: WordNormal): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let previous = '';
  for (let found = TOKEN.exec(text); found !== null; found = TOKEN.exec(text)) {
    const raw = found[0];
    const lower = raw.toLowerCase();
    let normal: string;
    if (lower === "'s") normal = previous === 'let' ? 'us' : IS_AFTER.has(previous) ? 'is' : "'s";
    else {
      const stem = lower.length <= 3 ? STEM_NORMALS.get(lower) : undefined;
      normal = stem !== undefined && text.startsWith("n't", TOKEN.lastIndex) ? stem : normalOf(lower);
    }
    tokens.push({ raw, start: found.index, normal });
    previous = normal;
  }
  return tokens;
}

export function readPlainSentences(
  text: string,
  normalOf: WordNormal,
  negationScope: (normals: readonly string[]) => boolean[],
): ReadSentence[] {
  const tokens = tokenize(text, normalOf);
  const sentences: ReadSentence[] = [];
  let first = 0;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    const next = tokens[index + 1];
    // A sentence ends after its last end mark ("Really?!"), when something follows.
    const ends =
      (isSentenceEnd(token.raw) && (next === undefined || !isSentenceEnd(next.raw))) ||
      (TIME_OF_DAY.test(token.raw) && next !== undefined && CAPITALISED.test(next.raw));
    if (!ends && next !== undefined) continue;
    const own = tokens.slice(first, index + 1);
    const tokenStarts: number[] = [];
    let joined = '';
    for (const { normal } of own) {
      if (joined.length > 0) joined += ' ';
      tokenStarts.push(joined.length);
      joined += normal;
    }
    const last = own.at(-1) as Token;
    sentences.push({
      original: text.slice(own[0]?.start ?? 0, last.start + last.raw.length),
      text: joined,
      tokenStarts,
      negated: negationScope(own.map((ownToken) => ownToken.normal)),
      sentiment: 0,
    });
    first = index + 1;
  }
  return sentences;
}
