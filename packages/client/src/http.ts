/**
 * One logical request to the service: sent, and sent again when the retry rules allow, with the same body
 * bytes and the same `Idempotency-Key` every time (the service compares the bytes of a retried body).
 */
import {
  type ApiError,
  ConnectionError,
  type CqmError,
  errorFromResponse,
  retryAfterMs,
  TimeoutError,
  UnexpectedResponseError,
} from './errors.js';
import { backoffMs, DEFAULT_MAX_RETRY_AFTER_MS, isRetryableStatus, isSafeToRetry, MAX_RETRIES } from './retry.js';
import { defaultFetch, defaultSleep, type Fetch, type Sleep } from './runtime.js';

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: Fetch;
  sleep?: Sleep;
  /** A number in [0, 1) for backoff jitter. */
  random?: () => number;
  /** Milliseconds since the epoch (for `Retry-After` given as a date). */
  now?: () => number;
  /** Retries of a safe request, 0 to 3 (default 3, the specification's budget). */
  maxRetries?: number;
  /** Each attempt is abandoned after this long (default 30 s); that counts as a network error. */
  timeoutMs?: number;
  /** A longer `Retry-After` is not waited for; the error is thrown at once (default 60 s). */
  maxRetryAfterMs?: number;
  /** Sent with every request (after the client's own, so they can add but not replace `Authorization`). */
  headers?: Record<string, string>;
  /** Told before each retry, for logs and metrics. */
  onRetry?: (retry: RetryInfo) => void;
}

export interface RetryInfo {
  method: string;
  path: string;
  /** 1 for the first retry. */
  retry: number;
  delayMs: number;
  /** What failed: the typed error of the answer, or the connection error. */
  error: CqmError;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface CallOptions {
  method: string;
  /** The path as sent, without the query (`/v1/conversations/conv_123`). */
  path: string;
  query?: Record<string, QueryValue> | undefined;
  body?: unknown;
  idempotencyKey?: string | undefined;
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
}

export interface CallResult<T> {
  status: number;
  headers: Headers;
  body: T;
  /** How many retries it took (0: the first attempt answered). */
  retries: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function isAbortFrom(signal: AbortSignal | undefined, error: unknown): boolean {
  return signal?.aborted === true && (error === signal.reason || (error as Error)?.name === 'AbortError');
}

export class Transport {
  private readonly baseUrl: string;
  private readonly fetch: Fetch;
  private readonly sleep: Sleep;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly maxRetries: number;
  private readonly timeoutMs: number;
  private readonly maxRetryAfterMs: number;

  constructor(private readonly options: TransportOptions) {
    if (!options.baseUrl) throw new TypeError('baseUrl is required: the service has no default address');
    if (!options.apiKey) throw new TypeError('apiKey is required');
    const maxRetries = options.maxRetries ?? MAX_RETRIES;
    if (!Number.isInteger(maxRetries) || maxRetries < 0 || maxRetries > MAX_RETRIES) {
      throw new RangeError(`maxRetries must be an integer from 0 to ${MAX_RETRIES} (the specification's budget)`);
    }
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetch = options.fetch ?? defaultFetch;
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.maxRetries = maxRetries;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  }

  async call<T>(call: CallOptions): Promise<CallResult<T>> {
    const url = `${this.baseUrl}${call.path}${queryString(call.query)}`;
    // Serialised once: every attempt sends the same bytes.
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(call.idempotencyKey !== undefined ? { 'idempotency-key': call.idempotencyKey } : {}),
      ...this.options.headers,
      ...call.headers,
      authorization: `Bearer ${this.options.apiKey}`,
    };
    const safe = isSafeToRetry(call.method, call.path, call.idempotencyKey);

    for (let retries = 0; ; retries++) {
      let failure: CqmError;
      let delayMs: number | null = null;
      try {
        const { response, parsed } = await this.attempt(url, {
          method: call.method,
          headers,
          body,
          signal: call.signal,
        });
        if (response.ok) {
          if (parsed.kind === 'text') {
            throw new UnexpectedResponseError(
              `${call.method} ${call.path} answered ${response.status} with a body that is not JSON`,
            );
          }
          return { status: response.status, headers: response.headers, body: parsed.value as T, retries };
        }
        const error: ApiError = errorFromResponse(response.status, response.headers, parsed.value);
        if (!isRetryableStatus(response.status)) throw error;
        failure = error;
        delayMs = retryAfterMs(response.headers, this.now());
      } catch (error) {
        if (!(error instanceof ConnectionError)) throw error;
        failure = error;
      }

      if (!safe || retries >= this.maxRetries) throw failure;
      if (delayMs !== null && delayMs > this.maxRetryAfterMs) throw failure;
      const wait = delayMs ?? backoffMs(retries + 1, this.random);
      this.options.onRetry?.({
        method: call.method,
        path: call.path,
        retry: retries + 1,
        delayMs: wait,
        error: failure,
      });
      await this.sleep(wait, call.signal);
    }
  }

  /**
   * One fetch and the reading of its answer, both within the attempt timeout; a failure without a whole
   * answer becomes a ConnectionError.
   */
  private async attempt(
    url: string,
    init: {
      method: string;
      headers: Record<string, string>;
      body: string | undefined;
      signal: AbortSignal | undefined;
    },
  ): Promise<{ response: Response; parsed: ParsedBody }> {
    const controller = new AbortController();
    const outer = init.signal;
    if (outer?.aborted) throw outer.reason;
    const onOuterAbort = () => controller.abort(outer?.reason);
    outer?.addEventListener('abort', onOuterAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    try {
      const response = await this.fetch(url, {
        method: init.method,
        headers: init.headers,
        ...(init.body !== undefined ? { body: init.body } : {}),
        signal: controller.signal,
      });
      return { response, parsed: await readBody(response) };
    } catch (error) {
      if (isAbortFrom(outer, error) || outer?.aborted) throw outer?.reason ?? error;
      if (timedOut) throw new TimeoutError(`${init.method} ${url} had no answer within ${this.timeoutMs} ms`);
      throw new ConnectionError(`${init.method} ${url} failed: ${(error as Error)?.message ?? String(error)}`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    }
  }
}

type ParsedBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; value: string }
  | { kind: 'empty'; value: undefined };

/** The answer's body: JSON when it parses, else its text (an error page of a proxy), or nothing. */
async function readBody(response: Response): Promise<ParsedBody> {
  const text = await response.text();
  if (text === '') return { kind: 'empty', value: undefined };
  try {
    return { kind: 'json', value: JSON.parse(text) };
  } catch {
    return { kind: 'text', value: text };
  }
}
