import type { ErrorEnvelope } from '@oja/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type CallOptions = {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  token?: string;
  headers?: Record<string, string>;
  /** Raw payload (bad JSON and such), sent as is. */
  raw?: string;
  prefix?: string;
  /** The caller's IP address (rate limits count per IP); 127.0.0.1 when not given. */
  ip?: string;
};

export type Answer<T = any> = {
  status: number;
  /** The parsed envelope (success or error). */
  body: { response_description: string; response_data: T } & Partial<ErrorEnvelope>;
  data: T;
  headers: Record<string, unknown>;
  cookies: { name: string; value: string; [key: string]: unknown }[];
};

/** Calls the API the way a client does, in-process, and reads the envelope. */
export function apiClient(app: FastifyInstance) {
  async function call<T = any>(method: Method, path: string, options: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) query[key] = String(value);
    const request: InjectOptions = { method, url: `${options.prefix ?? '/api/v1'}${path}`, headers, query };
    if (options.ip) request.remoteAddress = options.ip;
    if (options.raw !== undefined) {
      request.payload = options.raw;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      request.payload = options.body as InjectOptions['payload'];
    }
    const response = await app.inject(request);
    const body = response.body ? response.json() : {};
    return {
      status: response.statusCode,
      body,
      data: body.response_data,
      headers: response.headers,
      cookies: response.cookies as Answer['cookies'],
    };
  }
  return {
    call,
    get: <T = any>(path: string, options?: CallOptions) => call<T>('GET', path, options),
    post: <T = any>(path: string, options?: CallOptions) => call<T>('POST', path, options),
    put: <T = any>(path: string, options?: CallOptions) => call<T>('PUT', path, options),
    patch: <T = any>(path: string, options?: CallOptions) => call<T>('PATCH', path, options),
    delete: <T = any>(path: string, options?: CallOptions) => call<T>('DELETE', path, options),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
