import type * as z from 'zod';
import type { Permission } from './permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Records that a route names by id alone, whose business the server finds from the record itself. */
export const OWNED_RECORDS = ['cart', 'expense'] as const;
export type OwnedRecord = (typeof OWNED_RECORDS)[number];

/**
 * Where a business-scoped route finds its business:
 * - `field`: the input field holding the business id (`business_id`, or `id` for the business routes);
 * - `record`: the input field holding the id of a record of that business. When the input also carries
 *   `business_id`, it must name the record's business, or the record answers 404 like a missing one.
 */
export type BusinessSource = { field: string } | { record: OwnedRecord; field: string; notFound: string };

/**
 * Who may call a route:
 * - `public`: anyone, signed in or not;
 * - `session_optional`: anyone; the caller's session when the request carries a live one (logout, which
 *   must also work with an expired access token);
 * - `signed_in`: any signed-in user (the use case scopes what they see to themselves);
 * - `business`: an active member of the business named by `from` whose role has `permission`.
 *   A business the caller is not a member of answers 404; a role without the permission 403,
 *   with `forbidden` as the message when the refusal has words of its own. With `whole`, a role that
 *   has `permission` but not `whole` is let through to its own records only (the context's `sees`); with
 *   `recorded` besides, a role without `whole` that holds `recorded` sees the records it recorded itself
 *   (`sees: 'recorded'`), and the others their own (a customer, what was sold to them).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'session_optional' }
  | { kind: 'signed_in' }
  | {
      kind: 'business';
      permission: Permission;
      from: BusinessSource;
      forbidden?: string;
      whole?: Permission;
      recorded?: Permission;
    };

/**
 * One API call, described once. The server registers its route from this entry, the web and the
 * tests call it through a client typed from it. `input` is the query string of a GET and the JSON
 * body of every other method; `response` is the `response_data` of the success envelope.
 */
export type Endpoint = {
  method: HttpMethod;
  path: string;
  summary: string;
  access: Access;
  input?: z.ZodType;
  /** Request headers a route reads (validated like the input). */
  headers?: z.ZodType;
  response: z.ZodType;
  /** The success status and `response_description` of the usual answer. */
  status: 200 | 201;
  message: string;
  /**
   * `pdf` or `file`: the success is the file itself (a PDF, or the sheet the handler made, as an attachment),
   * not the JSON envelope; `response` is then `z.never()`. Errors are still JSON envelopes.
   */
  produces?: 'pdf' | 'file';
  /** The largest body the route takes, when it is not the API's usual (a file sent whole). */
  bodyLimit?: number;
};

/** Declares an entry, keeping its exact schema types for the typed clients. */
export function endpoint<const E extends Endpoint>(entry: E): E {
  return entry;
}

/** What a client sends: the input schema's input type (query values may be numbers or text). */
export type EndpointInput<E extends Endpoint> = E['input'] extends z.ZodType ? z.input<E['input']> : undefined;
/** What the server's handler receives: the input after validation and defaults. */
export type EndpointParsedInput<E extends Endpoint> = E['input'] extends z.ZodType ? z.output<E['input']> : undefined;
/** The `response_data` of a success. */
export type EndpointData<E extends Endpoint> = z.output<E['response']>;

/** A whole group of entries (one domain). */
export type EndpointGroup = Record<string, Endpoint>;

export const publicAccess = { kind: 'public' } as const satisfies Access;
export const signedIn = { kind: 'signed_in' } as const satisfies Access;
export const sessionOptional = { kind: 'session_optional' } as const satisfies Access;

/** A business-scoped route whose business id is the input's `business_id` (or another field). */
export function member<const P extends Permission>(
  permission: P,
  options: { field?: string; forbidden?: string; whole?: Permission; recorded?: Permission } = {},
): {
  kind: 'business';
  permission: P;
  from: { field: string };
  forbidden?: string;
  whole?: Permission;
  recorded?: Permission;
} {
  const { field = 'business_id', forbidden, whole, recorded } = options;
  return {
    kind: 'business',
    permission,
    from: { field },
    ...(forbidden === undefined ? {} : { forbidden }),
    ...(whole === undefined ? {} : { whole }),
    ...(recorded === undefined ? {} : { recorded }),
  };
}

/** The query string a GET sends, or the body of other methods: the same function decides both sides. */
export function sendsBody(method: HttpMethod): boolean {
  return method !== 'GET';
}

/** A query string value as a client may give it; empty ones are left out. */
export type QueryValue = string | number | boolean | null | undefined;

/**
 * How any client sends a call: the path, and the input as the query string of a GET or the JSON
 * body of the other methods. Every tier's client (web, API tests, e2e) builds its request here.
 */
export function requestOf<E extends Endpoint>(
  entry: E,
  input: EndpointInput<E>,
): { method: HttpMethod; path: string; query: Record<string, string>; body: unknown } {
  if (sendsBody(entry.method)) return { method: entry.method, path: entry.path, query: {}, body: input ?? {} };
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries((input ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null && value !== '') query[key] = String(value);
  }
  return { method: entry.method, path: entry.path, query, body: undefined };
}
