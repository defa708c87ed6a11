/**
 * Password hashing with scrypt (node:crypto). A stored hash names its scheme version and parameters, so the
 * cost can be raised later without invalidating existing hashes:
 *   `scrypt$1$<log2 N>$<r>$<p>$<salt, base64url>$<hash, base64url>`
 * Hashing runs on libuv's thread pool (the asynchronous scrypt), never on the thread answering requests.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptParams {
  /** log2 of N, the CPU and memory cost. */
  logN: number;
  r: number;
  p: number;
}

/**
 * OWASP's password storage guidance lists N=2^15, r=8, p=3 among its minimum scrypt settings: 32 MiB of
 * memory per hash. About 0.15-0.3 s on the development machine.
 */
export const PASSWORD_PARAMS: ScryptParams = { logN: 15, r: 8, p: 3 };

export const PASSWORD_MIN_LENGTH = 10;
/** scrypt reads the whole password; an unbounded one would let a request buy unbounded work. */
export const PASSWORD_MAX_LENGTH = 200;

const SALT_BYTES = 16;
const HASH_BYTES = 32;
const VERSION = '1';

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const N = 2 ** params.logN;
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFC'),
      salt,
      HASH_BYTES,
      // scrypt needs 128 * N * r * p bytes at most; node's default ceiling (32 MiB) is just below that.
      { N, r: params.r, p: params.p, maxmem: 256 * N * params.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string, params: ScryptParams = PASSWORD_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, params);
  return [
    'scrypt',
    VERSION,
    params.logN,
    params.r,
    params.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

const STORED = /^scrypt\$1\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

/** Whether `password` matches a stored hash, compared in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = STORED.exec(stored);
  if (!match) return false;
  const [, logN, r, p, salt, hash] = match as unknown as [string, string, string, string, string, string];
  const params = { logN: Number(logN), r: Number(r), p: Number(p) };
  if (params.logN < 10 || params.logN > 20 || params.r < 1 || params.p < 1 || params.p > 16) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), params);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** What is wrong with a new password, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}

/** A password for `cqm users create|reset-password` when none is given: 20 characters, about 119 bits. */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}
