/** A sentence as both readers (wink's and the plain one) give it to the cues: its own file so neither reader imports the other for it. */
export interface ReadSentence {
  /** The sentence as written. */
  original: string;
  /**
   * Lower-case normal forms joined by single spaces, contractions expanded ("don't" becomes
   * "do not", "I'm" becomes "i am"), punctuation kept as tokens. Cue patterns match against this.
   */
  text: string;
  /** Offset in `text` where each token starts. */
  tokenStarts: number[];
  /** Per token: inside the scope of a negation ("I don't need a person": need, a, person). */
  negated: boolean[];
  /** wink's sentiment, -1..1; 0 when not asked for. */
  sentiment: number;
}

/**
 * The sentence's tokens from `first` up to (not including) `end`, with their negation, as a sentence of their own:
 * what follows a cue ("I'm an automated assistant" after a claim), or one part of a sentence said in pauses. The
 * part's `original` is the caller's to set; this keeps the whole sentence's.
 */
export function tokensOf(
  sentence: ReadSentence,
  first: number,
  end: number = sentence.tokenStarts.length,
): ReadSentence {
  const offset = sentence.tokenStarts[first] ?? sentence.text.length;
  const stop = sentence.tokenStarts[end] ?? sentence.text.length;
  return {
    ...sentence,
    text: sentence.text.slice(offset, stop).trimEnd(),
    tokenStarts: sentence.tokenStarts.slice(first, end).map((start) => start - offset),
    negated: sentence.negated.slice(first, end),
  };
}
