/**
 * Where webhooks may go. A target must be a public address: loopback, private, link-local, CGNAT, multicast,
 * unspecified, reserved and documentation ranges are refused, for IPv4 and IPv6 and for IPv4 embedded in
 * IPv6 (mapped, compatible, NAT64, 6to4). The check runs at registration and again on the address actually
 * connected to (a `lookup` that validates every resolved address), so DNS rebinding cannot slip past it.
 */

import type { LookupAddress, LookupOptions } from 'node:dns';
import dns from 'node:dns';
import net from 'node:net';

export interface UrlPolicy {
  /** Private and loopback targets allowed (local development and tests). */
  allowPrivate: boolean;
  /** Plain http allowed in the live environment (it always is in test). */
  allowHttp: boolean;
}

export const DEFAULT_URL_POLICY: UrlPolicy = { allowPrivate: false, allowHttp: false };

type Range = readonly [base: bigint, prefix: number, label: string];

function v4(text: string): bigint {
  return text.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

const V4_BLOCKED: readonly Range[] = [
  [v4('0.0.0.0'), 8, 'unspecified ("this network")'],
  [v4('10.0.0.0'), 8, 'private'],
  [v4('100.64.0.0'), 10, 'carrier-grade NAT'],
  [v4('127.0.0.0'), 8, 'loopback'],
  [v4('169.254.0.0'), 16, 'link-local'],
  [v4('172.16.0.0'), 12, 'private'],
  [v4('192.0.0.0'), 24, 'reserved (IETF protocol assignments)'],
  [v4('192.0.2.0'), 24, 'documentation'],
  [v4('192.88.99.0'), 24, 'reserved (6to4 relay)'],
  [v4('192.168.0.0'), 16, 'private'],
  [v4('198.18.0.0'), 15, 'reserved (benchmarking)'],
  [v4('198.51.100.0'), 24, 'documentation'],
  [v4('203.0.113.0'), 24, 'documentation'],
  [v4('224.0.0.0'), 4, 'multicast'],
  [v4('240.0.0.0'), 4, 'reserved'],
];

function inRange(value: bigint, bits: number, [base, prefix]: Range): boolean {
  const shift = BigInt(bits - prefix);
  return value >> shift === base >> shift;
}

/** Parses an IPv6 literal (with or without brackets or a zone) into 128 bits; null when it is not one. */
function parseV6(text: string): bigint | null {
  let address = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (net.isIPv6(address) === false) return null;
  // A trailing dotted IPv4 becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted?.[1]) {
    const value = v4(dotted[1]);
    address = `${address.slice(0, -dotted[1].length)}${(value >> 16n).toString(16)}:${(value & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array(missing).fill('0'), ...tailGroups];
  if (groups.length !== 8) return null;
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

function v6(text: string): bigint {
  const value = parseV6(text);
  if (value === null) throw new Error(`bad IPv6 constant ${text}`);
  return value;
}

const V6_BLOCKED: readonly Range[] = [
  [v6('::'), 128, 'unspecified'],
  [v6('::1'), 128, 'loopback'],
  [v6('100::'), 64, 'reserved (discard)'],
  [v6('2001:db8::'), 32, 'documentation'],
  [v6('fc00::'), 7, 'unique local (private)'],
  [v6('fe80::'), 10, 'link-local'],
  [v6('fec0::'), 10, 'site-local'],
  [v6('ff00::'), 8, 'multicast'],
];

/** IPv6 ranges that carry an IPv4 address; the embedded address decides. */
const V6_EMBEDDING: readonly { range: Range; extract: (value: bigint) => bigint }[] = [
  { range: [v6('::ffff:0:0'), 96, 'IPv4-mapped'], extract: (v) => v & 0xffffffffn },
  { range: [v6('::'), 96, 'IPv4-compatible'], extract: (v) => v & 0xffffffffn },
  { range: [v6('64:ff9b::'), 96, 'NAT64'], extract: (v) => v & 0xffffffffn },
  { range: [v6('64:ff9b:1::'), 48, 'local NAT64'], extract: (v) => v & 0xffffffffn },
  { range: [v6('2002::'), 16, '6to4'], extract: (v) => (v >> 80n) & 0xffffffffn },
];

function blockedV4(value: bigint): string | null {
  for (const range of V4_BLOCKED) if (inRange(value, 32, range)) return range[2];
  if (value === 0xffffffffn) return 'broadcast';
  return null;
}

function blockedV6(value: bigint): string | null {
  for (const range of V6_BLOCKED) if (inRange(value, 128, range)) return range[2];
  for (const { range, extract } of V6_EMBEDDING) {
    if (inRange(value, 128, range)) {
      const reason = blockedV4(extract(value));
      if (reason) return `${reason} (${range[2]})`;
    }
  }
  return null;
}

/**
 * Normalises a host as a URL parser would (so `127.1`, `0x7f000001` and `017700000001` are all 127.0.0.1)
 * and says whether it is an IP literal.
 */
export function normaliseHost(host: string): { host: string; ip: 4 | 6 | 0 } {
  let normalised = host;
  try {
    normalised = new URL(`http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}/`).hostname;
  } catch {
    // Not a valid host at all; the caller refuses it as a URL.
  }
  const bare = normalised.replace(/^\[|\]$/g, '');
  const ip = net.isIP(bare);
  return { host: ip ? bare : normalised, ip: ip as 4 | 6 | 0 };
}

/** Why an address may not be a webhook target, or null when it is public. Accepts any spelling of an IP. */
export function forbiddenAddressReason(address: string): string | null {
  const { host, ip } = normaliseHost(address);
  if (ip === 4) return blockedV4(v4(host));
  if (ip === 6) {
    const value = parseV6(host);
    return value === null ? 'not a valid address' : blockedV6(value);
  }
  return 'not an IP address';
}

export class ForbiddenTargetError extends Error {
  readonly code = 'EWEBHOOKTARGET';
}

/** Problems with a URL as a webhook target before any name is resolved; null when its shape is fine. */
export function urlShapeProblem(raw: string, environment: 'test' | 'live', policy: UrlPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https URL';
  if (url.protocol === 'http:' && environment === 'live' && !policy.allowHttp) {
    return 'must use https in the live environment';
  }
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.hash) return 'must not have a fragment';
  if (raw.length > 2000) return 'must be at most 2000 characters';
  const { host, ip } = normaliseHost(url.hostname);
  if (!host) return 'must name a host';
  if (ip && !policy.allowPrivate) {
    const reason = forbiddenAddressReason(host);
    if (reason) return `must not point at a ${reason} address (${host})`;
  }
  return null;
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * Resolves the URL's host and refuses it when any address is not public: used at registration, so a
 * customer learns at once. Delivery checks again on the address it connects to.
 */
export async function checkTarget(
  raw: string,
  environment: 'test' | 'live',
  policy: UrlPolicy,
  resolve: Resolver = systemResolver,
): Promise<string | null> {
  const shape = urlShapeProblem(raw, environment, policy);
  if (shape || policy.allowPrivate) return shape;
  const { host, ip } = normaliseHost(new URL(raw).hostname);
  if (ip) return null;
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    return `host ${host} could not be resolved`;
  }
  if (addresses.length === 0) return `host ${host} could not be resolved`;
  for (const { address } of addresses) {
    const reason = forbiddenAddressReason(address);
    if (reason) return `must not point at a ${reason} address (${host} resolves to ${address})`;
  }
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request / net.connect that refuses the connection when any resolved address is not
 * public. The socket connects only to addresses this function returned, so the check covers what is used.
 */
export function guardedLookup(policy: UrlPolicy, resolve: Resolver = systemResolver) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = addresses.filter((a) => wanted === 0 || a.family === wanted);
        if (usable.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`no address for ${hostname}`);
          error.code = 'ENOTFOUND';
          callback(error, '');
          return;
        }
        if (!policy.allowPrivate) {
          for (const { address } of usable) {
            const reason = forbiddenAddressReason(address);
            if (reason) {
              callback(
                new ForbiddenTargetError(`refused to connect: ${hostname} resolves to a ${reason} address ${address}`),
                '',
              );
              return;
            }
          }
        }
        if (options.all) callback(null, usable);
        else {
          const first = usable[0] as LookupAddress;
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
