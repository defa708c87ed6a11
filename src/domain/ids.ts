import { randomBytes } from 'node:crypto';

/**
 * Ids are opaque strings: a prefix naming the kind, then 10 characters of millisecond time and 16 random
 * characters (80 bits), both in lower-case Crockford base32 — the ULID layout. Ids sort by creation time,
 * which keeps inserts at the right edge of the primary-key index instead of scattering them like UUIDv4.
 * Randomness is drawn from a pooled buffer: asking the system for 10 bytes per id was a measurable share
 * of the ingest path.
 */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const POOL_BYTES = 4096;
const RANDOM_CHARS = 16;
const TIME_CHARS = 10;

let pool = randomBytes(POOL_BYTES);
let offset = 0;

function randomDigits(): number[] {
  if (offset + RANDOM_CHARS > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  // 256 is a multiple of 32, so the low five bits of a random byte are uniform.
  const digits = Array.from({ length: RANDOM_CHARS }, (_, i) => (pool[offset + i] as number) & 31);
  offset += RANDOM_CHARS;
  return digits;
}

/**
 * Ids made in the same millisecond follow one another, as monotonic ULIDs do: the random part of the first is
 * drawn, and each later one in that millisecond adds one to it. Without this, labels given in one millisecond
 * sorted at random, and "the newest label counts" could pick the wrong one.
 */
let lastTime = -1;
let lastDigits: number[] = [];

function randomChars(time: number): string {
  if (time === lastTime && increment(lastDigits)) return lastDigits.map((digit) => ALPHABET[digit]).join('');
  lastTime = time;
  lastDigits = randomDigits();
  return lastDigits.map((digit) => ALPHABET[digit]).join('');
}

/** Adds one to base-32 digits in place; false when they were all 31 (then a fresh draw is needed). */
function increment(digits: number[]): boolean {
  for (let i = digits.length - 1; i >= 0; i--) {
    if ((digits[i] as number) < 31) {
      digits[i] = (digits[i] as number) + 1;
      return true;
    }
    digits[i] = 0;
  }
  return false;
}

function timeChars(now: number): string {
  let out = '';
  let rest = Math.max(0, Math.floor(now));
  for (let i = 0; i < TIME_CHARS; i++) {
    out = ALPHABET[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

export type IdPrefix =
  | 'conv'
  | 'ws'
  | 'proj'
  | 'key'
  | 'lbl'
  | 'job'
  | 'htr'
  | 'we'
  | 'msg'
  | 'evt'
  | 'watt'
  | 'usr'
  | 'ses'
  | 'inv'
  /** A check's status change (its history). */
  | 'chg';

export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  const time = Math.max(0, Math.floor(now));
  return `${prefix}_${timeChars(time)}${randomChars(time)}`;
}
