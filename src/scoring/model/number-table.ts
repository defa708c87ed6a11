/**
 * A map from non-negative 31-bit integers to non-negative integers, in two typed arrays with open addressing: what
 * the linear models look word pairs up in (linear-model.ts), several times a word. Built once at load; a lookup is
 * a multiply, a shift and usually one probe, without the boxing and hashing of a `Map`.
 */
export interface NumberTable {
  /** The value stored for `key`, or -1. */
  get(key: number): number;
}

const EMPTY = -1;

export function numberTable(entries: ReadonlyMap<number, number>): NumberTable {
  // At most half full, so that a probe sequence stays short.
  let bits = 1;
  while (1 << bits < entries.size * 2) bits += 1;
  const mask = (1 << bits) - 1;
  const shift = 32 - bits;
  const keys = new Int32Array(1 << bits).fill(EMPTY);
  const values = new Int32Array(1 << bits);
  // Fibonacci hashing: the top bits of the key times 2^32 / golden ratio.
  const slotOf = (key: number) => Math.imul(key, 0x9e3779b1) >>> shift;
  for (const [key, value] of entries) {
    let slot = slotOf(key);
    while (keys[slot] !== EMPTY) slot = (slot + 1) & mask;
    keys[slot] = key;
    values[slot] = value;
  }
  return {
    get(key) {
      let slot = slotOf(key);
      for (;;) {
        const found = keys[slot] as number;
        if (found === key) return values[slot] as number;
        if (found === EMPTY) return EMPTY;
        slot = (slot + 1) & mask;
      }
    },
  };
}
