import {
  ACCOUNT_ENDPOINTS,
  API_PREFIX,
  CSRF_COOKIE,
  CSRF_HEADER,
  type Endpoint,
  type EndpointData,
  type EndpointInput,
  ERROR_CODES,
  type FieldErrors,
  MESSAGES,
  requestOf,
} from '@oja/contract';
import type * as z from 'zod';
import { takeEarlyAnswer, takeEarlyRead } from './early-reads';

/**
 * A failed call: the server's own message (empty when it gave none: the screen then says its default,
 * through `errorMessage`), the status, the code, and field errors for forms.
 */
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

/** A success: the envelope's `response_description` and `response_data`, typed by the entry. */
type Success<E extends Endpoint> = { description: string; data: EndpointData<E> };

/** Request headers are those the entry declares (an entry without any takes none). */
type CallOptions<E extends Endpoint> = {
  signal?: AbortSignal;
  headers?: E['headers'] extends z.ZodType ? z.input<E['headers']> : never;
};

/** An entry without input is called without one; any other needs exactly its input. */
type CallArgs<E extends Endpoint> = E['input'] extends z.ZodType
  ? [input: EndpointInput<E>, options?: CallOptions<E>]
  : [input?: undefined, options?: CallOptions<E>];

type Request = ReturnType<typeof requestOf>;

/** Calls that must never trigger a token refresh (they are how a session starts or ends). */
const NO_REFRESH: readonly Endpoint[] = [
  ACCOUNT_ENDPOINTS.login,
  ACCOUNT_ENDPOINTS.activate,
  ACCOUNT_ENDPOINTS.refresh,
  ACCOUNT_ENDPOINTS.logout,
];

let onSessionLost: () => void = () => {};
/** The session layer registers what to do when the server says the session is over. */
export function setSessionLostHandler(handler: () => void): void {
  onSessionLost = handler;
}

let sessionWork = new AbortController();
/**
 * Background work done for the signed-in person (the counter's sync) runs under this signal. The logout aborts it
 * before it is sent, so none of that work asks with a session that is ending; the next sign-in starts a new one.
 */
export function sessionWorkSignal(): AbortSignal {
  return sessionWork.signal;
}
export function endSessionWork(): void {
  sessionWork.abort();
}
export function startSessionWork(): void {
  if (sessionWork.signal.aborted) sessionWork = new AbortController();
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: parallel 401s wait for the same rotation instead of spending the token twice. */
function refreshSession(): Promise<boolean> {
  // No body: the refresh token rides in its HttpOnly cookie, vouched for by the anti-forgery header.
  refreshing ??= send({ ...requestOf(ACCOUNT_ENDPOINTS.refresh, undefined), body: undefined })
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

function urlOf({ path, query }: Request): string {
  const search = new URLSearchParams(query).toString();
  return `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
}

async function send(request: Request, options: { signal?: AbortSignal; headers?: unknown } = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const [name, value] of Object.entries((options.headers ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string') headers[name] = value;
  }
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.method !== 'GET') {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = decodeURIComponent(csrf);
  }
  const url = urlOf(request);
  const init: RequestInit = {
    method: request.method,
    headers,
    credentials: 'same-origin',
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: options.signal,
  };
  // The same read started by index.html on this load (lib/early-reads.ts), answered as if asked now: a 401
  // is refreshed and asked again below like any other, a failed read asked again here.
  const early = request.method === 'GET' ? takeEarlyRead(url) : undefined;
  return early ? early.catch(() => fetch(url, init)) : fetch(url, init);
}

/** The first text among the answer's fields, in the spec's order; none for a blank or a non-text one. */
function serverMessage(body: unknown): string {
  if (body === null || typeof body !== 'object') return '';
  const fields = body as Record<string, unknown>;
  const nested = fields.response_data as Record<string, unknown> | null | undefined;
  for (const value of [fields.message, fields.response_description, fields.detail, nested?.detail]) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return '';
}

/**
 * A failed answer as an ApiError. Its message is the server's own (message, response_description or
 * detail, as section 8 of the spec reads them; response_data.detail for a user update), or empty: a bare
 * 500 or a proxy's HTML page carries none, and the screen shows its own default ("Failed to create
 * business") instead of a status code.
 */
function failure(response: Response, body: unknown): ApiError {
  const fields = (body !== null && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const code = typeof fields.code === 'string' ? fields.code : ERROR_CODES.internal;
  const errors = (fields.errors !== null && typeof fields.errors === 'object' ? fields.errors : {}) as FieldErrors;
  return new ApiError(serverMessage(body), response.status, code, errors);
}

/**
 * A call that never reached the server (status 0). With the phone offline it says so plainly: nothing was sent,
 * and the form that asked keeps what was typed for when the network is back.
 */
function unreached(): ApiError {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return new ApiError(MESSAGES.offline.needsNetwork, 0, 'offline');
  }
  return new ApiError(MESSAGES.failed.network, 0, 'network');
}

/**
 * The one way the web app talks to the server: an entry of the contract's endpoint
 * table and its input, so a wrong body or a misspelt field does not compile.
 * The session rides in HttpOnly cookies; an expired access token is refreshed
 * once and the call repeated. Resolves with the envelope's description and data,
 * or throws ApiError.
 *
 *   const { data } = await call(SALES_ENDPOINTS.createCart, { business_id: 1, title: 'Evening cart' });
 *
 * Entries are imported by their group (ACCOUNT_ENDPOINTS, SALES_ENDPOINTS, ...) rather than through
 * ENDPOINTS, so that a page's chunk carries the schemas of its own domain only.
 */
export async function call<E extends Endpoint>(entry: E, ...[input, options = {}]: CallArgs<E>): Promise<Success<E>> {
  const request = requestOf(entry, input as EndpointInput<E>);
  let response: Response;
  try {
    response = await send(request, options);
    if (response.status === 401 && !NO_REFRESH.includes(entry)) {
      if (await refreshSession()) response = await send(request, options);
      if (response.status === 401) onSessionLost();
    }
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw unreached();
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) throw failure(response, body);
  return { description: body?.response_description ?? '', data: body?.response_data as EndpointData<E> };
}

/**
 * Downloads a file route's answer (an entry with `produces`, such as a sale's PDF) with the session's
 * cookies, refreshing an expired session once like `call`, and hands it to the browser as a download
 * under the server's file name. Errors are the server's JSON envelope, thrown as ApiError.
 */
export async function download<E extends Endpoint>(entry: E, input: EndpointInput<E>): Promise<void> {
  const request = requestOf(entry, input);
  let response: Response;
  try {
    response = await send(request);
    if (response.status === 401) {
      if (await refreshSession()) response = await send(request);
      if (response.status === 401) onSessionLost();
    }
  } catch {
    throw unreached();
  }
  if (!response.ok) throw failure(response, await response.json().catch(() => null));
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A query's `initialData` and `initialDataUpdatedAt` from the read index.html started for the same call
 * (lib/early-reads.ts), when it has already answered: the query's first render holds the data instead of
 * a loader and a second render. Undefined until then, and after it was taken once; the query then asks
 * through `call` as usual (which takes the read itself while it is still on its way).
 *
 *   useQuery({ queryKey, queryFn, ...earlyData(BUSINESS_ENDPOINTS.getBusinessBySlug, { slug }) })
 */
export function earlyData<E extends Endpoint, T = EndpointData<E>>(
  entry: E,
  input: EndpointInput<E>,
  pick: (data: EndpointData<E>) => T = (whole) => whole as unknown as T,
): { initialData: () => T | undefined; initialDataUpdatedAt: () => number | undefined } {
  // React Query asks for both, one after the other, when it builds the query and while it has no data.
  let answer: [data: unknown, receivedAt: number] | undefined;
  const look = () => {
    answer ??= takeEarlyAnswer(urlOf(requestOf(entry, input)));
    return answer;
  };
  return {
    initialData: () => {
      const found = look();
      return found ? pick(found[0] as EndpointData<E>) : undefined;
    },
    initialDataUpdatedAt: () => look()?.[1],
  };
}

/**
 * A read or write that could not be made because the phone is offline: the screen says so once, in its own
 * words (ui/query-error.tsx), not again in a toast.
 */
export function isOffline(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'offline';
}

/** The `response_data` alone, for queries and mutations that do not show the server's description. */
export function data<T>(answer: Promise<{ data: T }>): Promise<T> {
  return answer.then((success) => success.data);
}

/**
 * The server's message when it gave one, else the screen's default for this action. A call that never
 * reached the server says so (its ApiError carries the network message).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

/**
 * The same failure with its message put inside the screen's sentence ("Failed to update user: {reason}"),
 * when it has one; a failure without a reason stays as it is, so that `errorMessage` says the screen's plain
 * default ("Failed to update user") rather than the sentence around an empty or repeated reason.
 *
 *   notify.error(errorMessage(withReason(error, MESSAGES.toast.activateUser), MESSAGES.failed.updateUser));
 */
export function withReason(error: unknown, sentence: (reason: string) => string): unknown {
  if (!(error instanceof ApiError && error.message)) return error;
  return new ApiError(sentence(error.message), error.status, error.code, error.fieldErrors);
}
