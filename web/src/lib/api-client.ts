/**
 * The typed client of the application's JSON (/app/api). It keeps the session's CSRF token and sends it on
 * every request that changes something; before there is a session it uses the double-submit token from
 * GET /app/api/csrf. Every failure becomes an ApiError carrying the envelope, so screens can show it.
 */
import { ApiError, type ErrorEnvelope } from './api-error';

export type Query = Record<string, string | number | undefined | null>;

export interface ApiClient {
  get<T>(path: string, query?: Query): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  delete<T = void>(path: string): Promise<T>;
  /** Remembers the CSRF token of the current session (from the session, sign-in or password answers). */
  setCsrfToken(token: string | null): void;
}

const BASE = '/app/api';

function withQuery(path: string, query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function errorFrom(response: Response): Promise<ApiError> {
  let envelope: ErrorEnvelope | null = null;
  try {
    const body = (await response.json()) as { error?: ErrorEnvelope };
    if (body && typeof body === 'object' && body.error && typeof body.error.message === 'string') envelope = body.error;
  } catch {
    // not JSON: a proxy or a crash page; the status still says what happened
  }
  return new ApiError(response.status, envelope);
}

export function createApiClient(fetchImpl: typeof fetch = (...args) => fetch(...args)): ApiClient {
  let csrfToken: string | null = null;

  async function preSessionToken(): Promise<string> {
    const response = await fetchImpl(`${BASE}/csrf`, { credentials: 'same-origin' });
    if (!response.ok) throw await errorFrom(response);
    const body = (await response.json()) as { csrf_token: string };
    return body.csrf_token;
  }

  async function send<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (method !== 'GET') {
      headers['X-CSRF-Token'] = csrfToken ?? (await preSessionToken());
      if (body !== undefined) headers['Content-Type'] = 'application/json';
    }
    let response: Response;
    try {
      response = await fetchImpl(withQuery(`${BASE}${path}`, query), {
        method,
        headers,
        credentials: 'same-origin',
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch {
      throw new ApiError(0, null);
    }
    if (!response.ok) throw await errorFrom(response);
    if (response.status === 204 || response.status === 202) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    get: (path, query) => send('GET', path, undefined, query),
    post: (path, body) => send('POST', path, body ?? {}),
    patch: (path, body) => send('PATCH', path, body ?? {}),
    delete: (path) => send('DELETE', path),
    setCsrfToken(token) {
      csrfToken = token;
    },
  };
}
