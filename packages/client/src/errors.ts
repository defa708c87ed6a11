/**
 * Errors as classes by the service's error `type` (specification, Errors). Branch with `instanceof`:
 * every answer of the service that is an error becomes an `ApiError` subclass carrying the status, the
 * `type`, the `request_id` (quote it to support) and, for validation errors, `fields`. A type this client
 * does not know is handled by its status class, as the specification says: `ClientError` (4xx: fix the
 * request) or `ServerError` (5xx: retry later).
 */

/** Base class of everything this package throws. */
export class CqmError extends Error {
  override name = 'CqmError';
}

export interface ApiErrorDetails {
  status: number;
  type: string;
  message: string;
  requestId: string | null;
  fields: Record<string, string[]> | undefined;
  headers: Headers;
  /** The answer's body as parsed JSON, or its text when it was not JSON. */
  body: unknown;
}

/** The service answered with an error status. */
export class ApiError extends CqmError {
  override name = 'ApiError';
  readonly status: number;
  /** The service's stable machine-readable type, such as `validation_error`; `http_<status>` without a JSON body. */
  readonly type: string;
  /** The `Service-Request-Id` of the failed request (also in the body as `request_id`). */
  readonly requestId: string | null;
  /** Validation errors: a dotted path (`transcript.0.speaker`, `_root`) to its messages. */
  readonly fields: Record<string, string[]> | undefined;
  readonly headers: Headers;
  readonly body: unknown;

  constructor(details: ApiErrorDetails) {
    super(details.message);
    this.status = details.status;
    this.type = details.type;
    this.requestId = details.requestId;
    this.fields = details.fields;
    this.headers = details.headers;
    this.body = details.body;
  }

  /** The specification's name for the request id, as in the error body. */
  get request_id(): string | null {
    return this.requestId;
  }
}

/** 4xx: the request must be changed before it can succeed. Never retried. */
export class ClientError extends ApiError {
  override name = 'ClientError';
}

/** 400 `invalid_json`. */
export class InvalidJsonError extends ClientError {
  override name = 'InvalidJsonError';
}

/** 401 `authentication_error`: missing, malformed, unknown or revoked key. */
export class AuthenticationError extends ClientError {
  override name = 'AuthenticationError';
}

/** 403 `permission_denied`: the key may not do this (its role). */
export class PermissionDeniedError extends ClientError {
  override name = 'PermissionDeniedError';
}

/** 404 `not_found`: not found in the key's environment. */
export class NotFoundError extends ClientError {
  override name = 'NotFoundError';
}

/** 405 `method_not_allowed`; `allow` lists the methods the path supports. */
export class MethodNotAllowedError extends ClientError {
  override name = 'MethodNotAllowedError';
  get allow(): string[] {
    return (this.headers.get('allow') ?? '')
      .split(',')
      .map((method) => method.trim())
      .filter(Boolean);
  }
}

/** 409 `idempotency_conflict`: the `Idempotency-Key` was used with a different body. */
export class IdempotencyConflictError extends ClientError {
  override name = 'IdempotencyConflictError';
}

/** 413 `payload_too_large`. */
export class PayloadTooLargeError extends ClientError {
  override name = 'PayloadTooLargeError';
}

/** 422 `validation_error`; `fields` says what to correct. */
export class ValidationError extends ClientError {
  override name = 'ValidationError';
}

/** Reads `Retry-After` (seconds or an HTTP date) as milliseconds from `now`, or null. */
export function retryAfterMs(headers: Headers, now: number): number | null {
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** 429 `rate_limited`, after the retries allowed ran out (or `Retry-After` was longer than the client waits). */
export class RateLimitedError extends ClientError {
  override name = 'RateLimitedError';
  /** `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (seconds), when sent. */
  get rateLimit(): { limit: number | null; remaining: number | null; resetSeconds: number | null } {
    const read = (name: string) => {
      const value = this.headers.get(name);
      return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : null;
    };
    return {
      limit: read('ratelimit-limit'),
      remaining: read('ratelimit-remaining'),
      resetSeconds: read('ratelimit-reset'),
    };
  }
  /** Seconds from `Retry-After`, when sent as a number. */
  get retryAfterSeconds(): number | null {
    const value = this.headers.get('retry-after')?.trim();
    return value && /^\d+$/.test(value) ? Number(value) : null;
  }
}

/** 5xx: a fault on the service's side; retried by the client before it is thrown. */
export class ServerError extends ApiError {
  override name = 'ServerError';
}

/** 501 `not_implemented`: an endpoint the service plans and does not offer yet. */
export class NotImplementedError extends ServerError {
  override name = 'NotImplementedError';
}

/** 503 `service_unavailable`: briefly unavailable (`Retry-After` says when to come back). */
export class ServiceUnavailableError extends ServerError {
  override name = 'ServiceUnavailableError';
}

/** No answer at all: the connection failed or was reset (after the retries allowed, for safe requests). */
export class ConnectionError extends CqmError {
  override name = 'ConnectionError';
}

/** No answer within the client's `timeoutMs`. */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError';
}

/** The service answered 2xx with a body that is not the JSON it documents. */
export class UnexpectedResponseError extends CqmError {
  override name = 'UnexpectedResponseError';
}

type ApiErrorClass = new (details: ApiErrorDetails) => ApiError;

const CLASS_BY_TYPE: Record<string, ApiErrorClass> = {
  invalid_json: InvalidJsonError,
  authentication_error: AuthenticationError,
  permission_denied: PermissionDeniedError,
  not_found: NotFoundError,
  method_not_allowed: MethodNotAllowedError,
  idempotency_conflict: IdempotencyConflictError,
  payload_too_large: PayloadTooLargeError,
  validation_error: ValidationError,
  rate_limited: RateLimitedError,
  server_error: ServerError,
  not_implemented: NotImplementedError,
  service_unavailable: ServiceUnavailableError,
};

/** Statuses whose meaning is fixed even when the body has no type we know (a proxy's 429 or 503, say). */
const CLASS_BY_STATUS: Record<number, ApiErrorClass> = {
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  405: MethodNotAllowedError,
  413: PayloadTooLargeError,
  429: RateLimitedError,
  501: NotImplementedError,
  503: ServiceUnavailableError,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldsOf(value: unknown): Record<string, string[]> | undefined {
  if (!isRecord(value)) return undefined;
  const fields: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(value)) {
    fields[path] = Array.isArray(messages) ? messages.map(String) : [String(messages)];
  }
  return fields;
}

/** The typed error for an error answer: by `type` first, then by status, then by status class. */
export function errorFromResponse(status: number, headers: Headers, body: unknown): ApiError {
  const envelope = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const type = typeof envelope?.type === 'string' ? envelope.type : `http_${status}`;
  const message =
    typeof envelope?.message === 'string' ? envelope.message : `The service answered ${status} without an error body.`;
  const requestId =
    (typeof envelope?.request_id === 'string' ? envelope.request_id : null) ?? headers.get('service-request-id');
  const details: ApiErrorDetails = {
    status,
    type,
    message,
    requestId,
    fields: fieldsOf(envelope?.fields),
    headers,
    body,
  };
  const known = CLASS_BY_TYPE[type] ?? CLASS_BY_STATUS[status];
  // A known type whose status disagrees (a proxy in between, or a future change) goes by its status class.
  const knownIsServerSide = known !== undefined && (known === ServerError || known.prototype instanceof ServerError);
  if (known && status >= 500 === knownIsServerSide) return new known(details);
  return status >= 500 ? new ServerError(details) : new ClientError(details);
}
