/**
 * Cues: patterns over a sentence's normalised token text (see nlp.ts), with negation read from
 * wink's negation scope. Patterns are built from word lists so that each one covers a family of
 * wordings rather than one sentence.
 */
import type { ReadSentence } from './read-sentence.js';

export interface Cue {
  /** The pattern without its token boundaries. */
  source: string;
  /** Answers "is it there at all?" cheaply; most sentences match no cue. */
  pattern: RegExp;
  /** The same pattern, global, to walk through the matches. */
  everyMatch: RegExp;
  /** Whether a negation in front of the match flips it ("I don't need a person"). */
  negatable: boolean;
}

export interface CueMatch {
  text: string;
  /** Index of the match's first token in the sentence. */
  firstToken: number;
  negated: boolean;
}

/** A non-capturing alternation of phrases, longest first so "real person" wins over "person". */
export function anyOf(...phrases: readonly string[]): string {
  const sorted = [...phrases].sort((a, b) => b.length - a.length);
  return `(?:${sorted.join('|')})`;
}

/** `phrase` or nothing, with the following space. */
export function optional(phrase: string): string {
  return `(?:${phrase} )?`;
}

/** Up to `count` arbitrary tokens, each followed by a space. */
export function gap(count: number): string {
  return `(?:[^ ]+ ){0,${count}}`;
}

function bounds(source: string): string {
  return `(?<![^ ])${source}(?![^ ])`;
}

/** Builds a cue that matches on token boundaries. */
export function cue(source: string, options: { negatable?: boolean } = {}): Cue {
  const bounded = bounds(source);
  return {
    source,
    pattern: new RegExp(bounded),
    everyMatch: new RegExp(bounded, 'g'),
    negatable: options.negatable ?? true,
  };
}

// Negation wink does not scope: "no need to transfer me", "without talking to anyone".
const NEGATING_LEAD = /(?:^| )(?:no need (?:to|for)|without|rather than|instead of) (?:[^ ]+ ){0,2}$/;

function tokenAt(sentence: ReadSentence, offset: number): number {
  let index = 0;
  while (index + 1 < sentence.tokenStarts.length && (sentence.tokenStarts[index + 1] ?? Infinity) <= offset) index += 1;
  return index;
}

export function matchCue(sentence: ReadSentence, { pattern, everyMatch, negatable }: Cue): CueMatch[] {
  const matches: CueMatch[] = [];
  if (!pattern.test(sentence.text)) return matches;
  for (const found of sentence.text.matchAll(everyMatch)) {
    const firstToken = tokenAt(sentence, found.index);
    const negated =
      negatable && (sentence.negated[firstToken] === true || NEGATING_LEAD.test(sentence.text.slice(0, found.index)));
    matches.push({ text: found[0], firstToken, negated });
  }
  return matches;
}

// Most sentences match none of a list's cues, and one pass of a combined pattern answers that
// several times faster than trying each cue. The token boundaries go around the whole alternation rather
// than around each cue: the same matches, and on the benchmark's conversations a third less time.
// V8 stops optimising a pattern longer than 20,480 characters (it then runs about fifteen times slower), so a
// long list is combined in chunks of at most COMBINED_PATTERN_CHARACTERS.
// Lists are module constants, so this cache stays small.
const COMBINED_PATTERN_CHARACTERS = 12_000;
const combinedPatterns = new WeakMap<readonly Cue[], RegExp[]>();

function combine(cues: readonly Cue[]): RegExp[] {
  const chunks: string[][] = [[]];
  let length = 0;
  for (const candidate of cues) {
    const current = chunks.at(-1) as string[];
    if (current.length > 0 && length + candidate.source.length > COMBINED_PATTERN_CHARACTERS) {
      chunks.push([]);
      length = 0;
    }
    (chunks.at(-1) as string[]).push(candidate.source);
    length += candidate.source.length + 1;
  }
  return chunks.map((sources) => new RegExp(bounds(`(?:${sources.join('|')})`)));
}

/** Whether any of the cues matches, negated or not. */
export function anyCueMatches(sentence: ReadSentence, cues: readonly Cue[]): boolean {
  // A one-cue list is often made on the spot ([ASKS_IF_MACHINE]): its own pattern needs no cache.
  if (cues.length === 1) return (cues[0] as Cue).pattern.test(sentence.text);
  let combined = combinedPatterns.get(cues);
  if (!combined) {
    combined = combine(cues);
    combinedPatterns.set(cues, combined);
  }
  return combined.some((pattern) => pattern.test(sentence.text));
}

/** The first affirmative (not negated) match of any of the cues, or null. */
export function firstAffirmed(sentence: ReadSentence, cues: readonly Cue[]): CueMatch | null {
  if (!anyCueMatches(sentence, cues)) return null;
  for (const candidate of cues) {
    for (const match of matchCue(sentence, candidate)) if (!match.negated) return match;
  }
  return null;
}
