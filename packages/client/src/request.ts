/**
 * Requests by operation: a path template of the OpenAPI document (`/v1/conversations/{id}`), its path
 * parameters (URL-encoded here), query and JSON body. Every resource method goes through `send`.
 */
import type { CallResult, QueryValue, Transport } from './http.js';

export interface RequestOptions {
  /** Aborts the request, including any wait between retries. */
  signal?: AbortSignal;
  /** Extra headers for this request. */
  headers?: Record<string, string>;
}

export interface SendOptions extends RequestOptions {
  pathParams?: Record<string, string | number> | undefined;
  query?: Record<string, QueryValue> | undefined;
  body?: unknown;
  idempotencyKey?: string | undefined;
}

const CONVERSATIONS_PATH = '/v1/conversations';

/** Fills `{name}` placeholders; every value is URL-encoded, so an `external_id` with `/` or `?` stays one segment. */
export function fillPath(template: string, params: Record<string, string | number> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new TypeError(`the path parameter ${name} is required`);
    return encodeURIComponent(String(value));
  });
}

export class Requester {
  constructor(
    private readonly transport: Transport,
    private readonly randomUUID: () => string,
  ) {}

  /**
   * A posted conversation always carries an `Idempotency-Key` (the caller's, or a new UUID), so that it is
   * safe to retry: a retry the service already stored answers the first response instead of storing twice.
   */
  idempotencyKeyFor(method: string, template: string, given: string | undefined): string | undefined {
    if (given !== undefined) return given;
    return method.toUpperCase() === 'POST' && template === CONVERSATIONS_PATH ? this.randomUUID() : undefined;
  }

  send<T>(method: string, template: string, options: SendOptions = {}): Promise<CallResult<T>> {
    const path = fillPath(template, options.pathParams);
    return this.transport.call<T>({
      method: method.toUpperCase(),
      path,
      query: options.query,
      body: options.body,
      idempotencyKey: this.idempotencyKeyFor(method, template, options.idempotencyKey),
      headers: options.headers,
      signal: options.signal,
    });
  }
}
