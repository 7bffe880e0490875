import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';

/** The Fastify instance as every route module sees it: typed by the contract's zod schemas. */
export type Api = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** The success envelope. */
export function ok<T>(description: string, data: T) {
  return { response_description: description, response_data: data };
}

/** Query ids arrive as text; this reads them as positive whole numbers with a clear message. */
export const idParam = (label: string) =>
  z.coerce
    .number({ error: `${label} is required.` })
    .int(`${label} must be a whole number.`)
    .positive(`${label} must be a whole number.`)
    .max(Number.MAX_SAFE_INTEGER);
