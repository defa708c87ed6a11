import { monotonicFactory } from 'ulid';

/**
 * Ids are opaque strings: a prefix naming the kind, then a ULID. ULIDs sort by creation time, which
 * keeps inserts at the right edge of the primary-key index instead of scattering them like UUIDv4.
 */
const nextUlid = monotonicFactory();

export type IdPrefix = 'conv' | 'ws' | 'proj' | 'key' | 'lbl' | 'job';

export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  return `${prefix}_${nextUlid(now).toLowerCase()}`;
}
