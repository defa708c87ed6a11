/** The one error envelope: `{error: {type, message, fields?, request_id}}`, each type with one status. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isStoreUnavailable } from '../storage/errors.js';

export const ERROR_STATUS = {
  invalid_json: 400,
  authentication_error: 401,
  permission_denied: 403,
  not_found: 404,
  method_not_allowed: 405,
  idempotency_conflict: 409,
  /** The change would break a rule of the current state (the application: the last owner of a workspace). */
  conflict: 409,
  payload_too_large: 413,
  validation_error: 422,
  rate_limited: 429,
  server_error: 500,
  not_implemented: 501,
  service_unavailable: 503,
} as const;

export type ErrorType = keyof typeof ERROR_STATUS;
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly type: ErrorType,
    message: string,
    readonly fields?: FieldErrors,
    /** Headers the error answers with, such as Allow or Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[type];
  }
}

export const AUTHENTICATION_MESSAGE =
  'Send a valid API key as "Authorization: Bearer <key>": a test key (starting cqm_test_) or a live key (starting cqm_live_).';

export const STORE_RETRY_AFTER_SECONDS = 5;

export function validationError(fields: FieldErrors): ApiError {
  return new ApiError('validation_error', 'The request body does not match the schema; see fields.', fields);
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  const body: { type: ErrorType; message: string; fields?: FieldErrors; request_id: string } = {
    type: error.type,
    message: error.message,
    request_id: request.id,
  };
  if (error.fields) body.fields = error.fields;
  return reply.code(error.status).type('application/json; charset=utf-8').send({ error: body });
}

/** A byte count as people read limits: `1048576 bytes (1 MiB)`. */
export function describeBytes(bytes: number): string {
  const units: Array<[number, string]> = [
    [1024 * 1024 * 1024, 'GiB'],
    [1024 * 1024, 'MiB'],
    [1024, 'KiB'],
  ];
  const unit = units.find(([size]) => bytes >= size);
  if (!unit) return `${bytes} bytes`;
  const amount = bytes / unit[0];
  return `${bytes} bytes (${Number.isInteger(amount) ? amount : amount.toFixed(1)} ${unit[1]})`;
}

function tooLarge(bodyLimitBytes: number | undefined): ApiError {
  const limit = bodyLimitBytes === undefined ? 'the limit' : `the limit of ${describeBytes(bodyLimitBytes)}`;
  return new ApiError('payload_too_large', `The request body is larger than ${limit}.`);
}

/**
 * Logs a request that failed on our side. A 501 is an answer the service means to give (a planned endpoint), not
 * a fault: info, without a stack. Other 5xx are errors with the stack, for whoever runs the service.
 */
export function logRequestFailure(request: FastifyRequest, error: unknown, apiError: ApiError): void {
  if (apiError.status === ERROR_STATUS.not_implemented) {
    request.log.info({ status: apiError.status, type: apiError.type }, apiError.message);
    return;
  }
  if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
}

/**
 * Translates whatever was thrown into the envelope; internals never reach the client. `bodyLimitBytes` is the
 * limit the request was held to, which a 413 names.
 */
export function toApiError(error: unknown, bodyLimitBytes?: number): ApiError {
  if (error instanceof ApiError) return error;
  if (isStoreUnavailable(error)) {
    return new ApiError(
      'service_unavailable',
      'The service is briefly unavailable; retry after the given delay.',
      undefined,
      {
        'Retry-After': String(STORE_RETRY_AFTER_SECONDS),
      },
    );
  }
  const fastifyError = error as Partial<FastifyError> | null;
  switch (fastifyError?.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return tooLarge(bodyLimitBytes);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('invalid_json', 'The request body is not valid JSON.');
  }
  if (fastifyError?.statusCode === 413) return tooLarge(bodyLimitBytes);
  if (error instanceof SyntaxError) return new ApiError('invalid_json', 'The request body is not valid JSON.');
  return new ApiError('server_error', 'Something went wrong on our side; retry later.');
}
