/** The service's error envelope, kept whole so a screen can show its message, its fields and the request id. */
export interface ErrorEnvelope {
  type: string;
  message: string;
  fields?: Record<string, string[]>;
  request_id?: string;
}

export class ApiError extends Error {
  readonly type: string;
  readonly fields: Record<string, string[]>;
  readonly requestId: string | null;

  constructor(
    readonly status: number,
    envelope: ErrorEnvelope | null,
  ) {
    super(envelope?.message ?? fallbackMessage(status));
    this.type = envelope?.type ?? (status === 0 ? 'network_error' : 'server_error');
    this.fields = envelope?.fields ?? {};
    this.requestId = envelope?.request_id ?? null;
  }
}

function fallbackMessage(status: number): string {
  if (status === 0) return 'The service could not be reached. Check your connection and try again.';
  if (status === 503) return 'The service is unavailable for a moment. Try again shortly.';
  return `The service answered ${status}. Try again; if it persists, tell your administrator.`;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
