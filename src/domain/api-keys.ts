/** API key format: `cqm_<env>_` + base62 random + base62 checksum. Only the SHA-256 hash is ever stored. */
import { hash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { Environment } from './conversation.js';

export const KEY_ROLES = ['full', 'ingest', 'read'] as const;
export type KeyRole = (typeof KEY_ROLES)[number];

export const KEY_PREFIXES: Record<Environment, string> = { test: 'cqm_test_', live: 'cqm_live_' };

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 24 random bytes = 192 bits, comfortably above the 128 the design asks for. */
const RANDOM_BYTES = 24;
const RANDOM_LENGTH = 33;
const CHECKSUM_LENGTH = 6;

function toBase62(value: bigint, length: number): string {
  let out = '';
  let rest = value;
  while (rest > 0n) {
    out = BASE62[Number(rest % 62n)] + out;
    rest /= 62n;
  }
  return out.padStart(length, '0');
}

function checksum(body: string): string {
  return toBase62(BigInt(crc32(body)), CHECKSUM_LENGTH);
}

export function generateApiKey(environment: Environment): string {
  const random = toBase62(BigInt(`0x${randomBytes(RANDOM_BYTES).toString('hex')}`), RANDOM_LENGTH);
  const body = `${KEY_PREFIXES[environment]}${random}`;
  return `${body}${checksum(body)}`;
}

const KEY_PATTERN = new RegExp(`^cqm_(test|live)_[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

/**
 * The environment a well-formed key claims, or null when the string cannot be one of our keys
 * (wrong prefix, length or checksum); such keys are refused without touching the store.
 */
export function parseApiKey(candidate: string): Environment | null {
  const match = KEY_PATTERN.exec(candidate);
  if (!match) return null;
  const body = candidate.slice(0, -CHECKSUM_LENGTH);
  if (checksum(body) !== candidate.slice(-CHECKSUM_LENGTH)) return null;
  return match[1] as Environment;
}

export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** Shown in lists so a person can tell keys apart: the prefix and the last four characters. */
export function keyHint(key: string): string {
  const environment = parseApiKey(key) ?? 'test';
  return `${KEY_PREFIXES[environment]}…${key.slice(-4)}`;
}
