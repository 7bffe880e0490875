import {
  type Endpoint,
  type EndpointData,
  type EndpointInput,
  type ErrorEnvelope,
  type HttpMethod,
  requestOf,
} from '@oja/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** Who calls, and how: never what is sent, which the entry's input decides. */
export type CallOptions = {
  token?: string;
  headers?: Record<string, string>;
  /** The caller's IP address (rate limits count per IP); 127.0.0.1 when not given. */
  ip?: string;
};

/**
 * A request that the entry's input type would not allow, for tests about hostile or malformed
 * input: any body, a query of any values, raw text (bad JSON and such), or nothing at all.
 */
export type SendOptions = CallOptions & {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Raw payload, sent as is (as JSON unless a content-type header says otherwise). */
  raw?: string;
  /** Another mount point of the same routes, such as the spec clients' /dev/api/v1. */
  prefix?: string;
};

export type Answer<T = unknown> = {
  status: number;
  /** The parsed envelope (success or error). */
  body: { response_description: string; response_data: T } & Partial<ErrorEnvelope>;
  /** `response_data` of a success (undefined on an error). */
  data: T;
  headers: Record<string, unknown>;
  cookies: { name: string; value: string; [key: string]: unknown }[];
  /** The raw bytes (a file route's PDF; its body is then empty). */
  raw: Buffer;
};

const API_PREFIX = '/api/v1';

/**
 * Calls the API in-process the way a client does: through the contract's endpoint table.
 * - `call(entry, input, options)`: a type-checked input, sent as `requestOf` (every client's rule) sends it;
 * - `send(entry, options)`: the escape hatch for tests about bad input (still naming the entry);
 * - `unknownPath(method, path)`: only for tests about a route that does not exist.
 */
export function apiClient(app: FastifyInstance) {
  async function inject<T>(
    method: HttpMethod,
    url: string,
    options: CallOptions & { query?: Record<string, string>; payload?: unknown; raw?: string },
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const request: InjectOptions = { method, url, headers, query: options.query ?? {} };
    if (options.ip) request.remoteAddress = options.ip;
    if (options.raw !== undefined) {
      request.payload = options.raw;
      headers['content-type'] ??= 'application/json';
    } else if (options.payload !== undefined) {
      request.payload = options.payload as InjectOptions['payload'];
    }
    const response = await app.inject(request);
    // A file route (a PDF) answers bytes, not an envelope; its errors are still JSON.
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    const body = response.body && isJson ? response.json() : {};
    return {
      status: response.statusCode,
      body,
      data: body.response_data,
      headers: response.headers,
      cookies: response.cookies as Answer['cookies'],
      raw: response.rawPayload,
    };
  }

  return {
    call<E extends Endpoint>(
      entry: E,
      input: EndpointInput<E>,
      options: CallOptions = {},
    ): Promise<Answer<EndpointData<E>>> {
      const { method, path, query, body } = requestOf(entry, input);
      return inject(method, `${API_PREFIX}${path}`, { ...options, query, payload: body });
    },

    send<E extends Endpoint>(entry: E, options: SendOptions = {}): Promise<Answer<EndpointData<E>>> {
      const query: Record<string, string> = {};
      for (const [key, value] of Object.entries(options.query ?? {}))
        if (value !== undefined) query[key] = String(value);
      return inject(entry.method, `${options.prefix ?? API_PREFIX}${entry.path}`, {
        ...options,
        query,
        payload: options.body,
      });
    },

    unknownPath(method: HttpMethod, path: string, options: CallOptions = {}): Promise<Answer> {
      return inject(method, `${API_PREFIX}${path}`, options);
    },
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
