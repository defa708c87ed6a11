/**
 * One delivery attempt: POST the signed body, never follow a redirect, give up after the timeout, and keep
 * the status, the latency and the first bytes of the answer. Connections go through the SSRF guard: an IP
 * literal is checked before connecting, a host name by the `lookup` that returns the addresses connected to.
 */
import http from 'node:http';
import https from 'node:https';
import { signatureHeader } from './sign.js';
import {
  ForbiddenTargetError,
  forbiddenAddressReason,
  guardedLookup,
  normaliseHost,
  type Resolver,
  systemResolver,
  type UrlPolicy,
} from './url-policy.js';

export const USER_AGENT = 'Service-Webhooks/1.0';
export const DEFAULT_TIMEOUT_MS = 15_000;
const EXCERPT_BYTES = 1024;
/** Read at most this much of an answer before hanging up; the body is not used beyond the excerpt. */
const MAX_READ_BYTES = 64 * 1024;

export interface DeliveryRequest {
  url: string;
  messageId: string;
  eventType: string;
  body: string;
  secrets: readonly string[];
  /** Seconds since the epoch, fresh for every attempt. */
  timestamp: number;
}

export interface DeliveryResult {
  statusCode: number | null;
  latencyMs: number;
  excerpt: string | null;
  error: string | null;
  /** Retry-After of the answer, in milliseconds. */
  retryAfterMs: number | null;
  /** The target was refused by the SSRF guard. */
  refused: boolean;
}

export interface DeliveryOptions {
  policy: UrlPolicy;
  timeoutMs?: number;
  resolve?: Resolver;
  now?: () => number;
}

export function deliveryHeaders(request: DeliveryRequest): Record<string, string> {
  const signature = signatureHeader(request.secrets, request.messageId, request.timestamp, request.body);
  const timestamp = String(request.timestamp);
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'service-event': request.eventType,
    'service-delivery': request.messageId,
    'service-timestamp': timestamp,
    'service-signature': signature,
    'webhook-id': request.messageId,
    'webhook-timestamp': timestamp,
    'webhook-signature': signature,
  };
}

export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function deliver(request: DeliveryRequest, options: DeliveryOptions): Promise<DeliveryResult> {
  const started = performance.now();
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const result = (partial: Partial<DeliveryResult>): DeliveryResult => ({
    statusCode: null,
    excerpt: null,
    error: null,
    retryAfterMs: null,
    refused: false,
    latencyMs: performance.now() - started,
    ...partial,
  });

  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.resolve(result({ error: 'invalid URL', refused: true }));
  }
  const { host, ip } = normaliseHost(url.hostname);
  if (ip && !options.policy.allowPrivate) {
    const reason = forbiddenAddressReason(host);
    if (reason)
      return Promise.resolve(result({ error: `refused to connect: ${reason} address ${host}`, refused: true }));
  }

  const body = Buffer.from(request.body);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: DeliveryResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...deliveryHeaders(request), 'content-length': String(body.length) },
        lookup: guardedLookup(options.policy, options.resolve ?? systemResolver) as never,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () => {
          const text = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
          const retryAfter = res.headers['retry-after'];
          finish(
            result({
              statusCode: res.statusCode ?? null,
              excerpt: text.length > 0 ? text : null,
              retryAfterMs: parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, now()),
            }),
          );
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          if (read < EXCERPT_BYTES) chunks.push(chunk);
          read += chunk.length;
          if (read >= MAX_READ_BYTES) done();
        });
        res.on('end', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish(result({ error: `timed out after ${timeoutMs} ms` }));
      req.destroy();
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      const refused = error instanceof ForbiddenTargetError;
      finish(result({ error: error.message || error.code || 'connection failed', refused }));
    });
    req.end(body);
  });
}
