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
