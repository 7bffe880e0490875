import { API_PREFIX, CSRF_COOKIE, CSRF_HEADER, ERROR_CODES, type FieldErrors, MESSAGES } from '@oja/contract';

/** A failed call: the server's message (or a default), its code, and field errors for forms. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fieldErrors: FieldErrors = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;
type Options = { query?: Query; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal };
export type Success<T> = { description: string; data: T };

/** Calls that must never trigger a token refresh (they are how a session starts or ends). */
const NO_REFRESH = ['/users/login/', '/users/activate/', '/users/token/refresh/', '/users/logout/'];

let onSessionLost: () => void = () => {};
/** The session layer registers what to do when the server says the session is over. */
export function setSessionLostHandler(handler: () => void): void {
  onSessionLost = handler;
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: parallel 401s wait for the same rotation instead of spending the token twice. */
function refreshSession(): Promise<boolean> {
  refreshing ??= send('POST', '/users/token/refresh/', {})
    .then((response) => response.ok)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
}

async function send(method: string, path: string, options: Options): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = decodeURIComponent(csrf);
  }
  return fetch(buildUrl(path, options.query), {
    method,
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

/**
 * The one way the web app talks to the server. The session rides in HttpOnly
 * cookies; an expired access token is refreshed once and the call repeated.
 * Resolves with the envelope's description and data, or throws ApiError.
 */
export async function apiCall<T>(method: string, path: string, options: Options = {}): Promise<Success<T>> {
  let response: Response;
  try {
    response = await send(method, path, options);
    if (response.status === 401 && !NO_REFRESH.includes(path)) {
      if (await refreshSession()) response = await send(method, path, options);
      if (response.status === 401) onSessionLost();
    }
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(MESSAGES.failed.network, 0, 'network');
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const message = body?.response_description || body?.detail || `Request failed (${response.status}).`;
    throw new ApiError(message, response.status, body?.code ?? ERROR_CODES.internal, body?.errors ?? {});
  }
  return { description: body?.response_description ?? '', data: body?.response_data as T };
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => apiCall<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown, query?: Query) => apiCall<T>('POST', path, { body: body ?? {}, query }),
  put: <T>(path: string, body?: unknown, query?: Query) => apiCall<T>('PUT', path, { body: body ?? {}, query }),
  patch: <T>(path: string, body?: unknown, query?: Query) => apiCall<T>('PATCH', path, { body: body ?? {}, query }),
  delete: <T>(path: string, body?: unknown, query?: Query) => apiCall<T>('DELETE', path, { body, query }),
};

/** The server's message when it gave one, else the spec's default for this action (section 8). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
