/**
 * One numbering of the words the trained models know, shared by every model loaded together. A turn's words are
 * turned into numbers once for all the models that read that turn (the two review models, the turn and
 * dissatisfaction models read the same caller turns; see `turnWordsOf`), instead of being looked up in a map of
 * each model's own.
 */

export const UNKNOWN_WORD = -1;

export interface Vocabulary {
  /** The word's number, numbering it if it is new; only while models are being built (before any `idsOf`). */
  number(word: string): number;
  /** The number of each word (UNKNOWN_WORD for a word no model knows), remembered for as long as the array lives. */
  idsOf(words: readonly string[]): Int32Array;
  /** How many words are numbered. */
  readonly size: number;
}

export function createVocabulary(): Vocabulary {
  const ids = new Map<string, number>();
  // Keyed by the array itself: a turn's words are one array wherever that turn is read.
  const remembered = new WeakMap<readonly string[], Int32Array>();
  let read = false;
  return {
    number(word) {
      let id = ids.get(word);
      if (id === undefined) {
        // Numbers handed out after a text was read would leave its remembered numbers stale.
        if (read) throw new Error('a vocabulary cannot grow once texts have been read with it');
        id = ids.size;
        ids.set(word, id);
      }
      return id;
    },
    idsOf(words) {
      read = true;
      let found = remembered.get(words);
      if (!found) {
        found = new Int32Array(words.length);
        for (let at = 0; at < words.length; at += 1) found[at] = ids.get(words[at] as string) ?? UNKNOWN_WORD;
        remembered.set(words, found);
      }
      return found;
    },
    get size() {
      return ids.size;
    },
  };
}
