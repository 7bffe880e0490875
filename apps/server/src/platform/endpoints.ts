import {
  type Access,
  API_PREFIX,
  ENDPOINTS,
  type Endpoint,
  type EndpointData,
  type EndpointGroup,
  type EndpointParsedInput,
  envelope,
  SPEC_API_PREFIX,
  sendsBody,
} from '@oja/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accessClaims, authenticate, authenticateIn } from './auth';
import type { ActorContext, BusinessContext, OptionalActorContext, RequestContext } from './context';
import type { Deps } from './deps';
import { notFound } from './errors';
import type { BusinessReader, GateToPass } from './gate';
import { businessContext, businessOfRecord, requireBusiness } from './tenancy';

/** The context a route's access rule guarantees to its handler. */
export type ContextFor<A extends Access> = A extends { kind: 'public' }
  ? RequestContext
  : A extends { kind: 'session_optional' }
    ? OptionalActorContext
    : A extends { kind: 'signed_in' }
      ? ActorContext
      : BusinessContext;

/** The HTTP exchange, for the few handlers that deal in cookies and headers (sessions, idempotency). */
export type Http = { request: FastifyRequest; reply: FastifyReply };

/** A success other than the entry's usual one: another message, status or extra headers. */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly message?: string,
    readonly status?: number,
    readonly headers?: Record<string, string>,
  ) {}
}
export const answer = <T>(data: T, options: { message?: string; status?: number; headers?: Record<string, string> }) =>
  new Answer(data, options.message, options.status, options.headers);

/** A file answered as itself (an entry with `produces`), sent as an attachment instead of the envelope. */
export class FileAnswer {
  constructor(
    readonly body: Buffer,
    readonly contentType: string,
    readonly filename: string,
  ) {}
}
export const answerFile = (body: Buffer, options: { contentType: string; filename: string }) =>
  new FileAnswer(body, options.contentType, options.filename);

/** A route's handler: receives the context and the validated input, calls one use case. */
export type Handler<E extends Endpoint> = (
  ctx: ContextFor<E['access']>,
  input: EndpointParsedInput<E>,
  http: Http,
) => Promise<E extends { produces: 'pdf' | 'file' } ? FileAnswer : EndpointData<E> | Answer<EndpointData<E>>>;

const FOLDS_GATE = Symbol('folds the gate');

/**
 * A GET handler of a business named by its input that runs the gate inside its read's statement (platform/gate.ts):
 * its handler is given a gate to pass (GateToPass) instead of a context.
 */
export function foldsGate<I, R>(
  read: (reader: BusinessReader, input: I) => Promise<R>,
): (reader: BusinessReader, input: I) => Promise<R> {
  // A function of its own: the use case itself stays unmarked for any other caller.
  return Object.assign((reader: BusinessReader, input: I) => read(reader, input), { [FOLDS_GATE]: true });
}
const foldsTheGate = (handler: Handler<Endpoint>) => FOLDS_GATE in handler;

/** A handler for every entry of a group: an entry without one does not compile. */
export type Handlers<G extends EndpointGroup> = { [K in keyof G]: Handler<G[K]> };

export function handlers<G extends EndpointGroup>(_group: G, implementation: Handlers<G>): Handlers<G> {
  return implementation;
}

/** Every group of the table with its handlers. */
export type Implementation = { [G in keyof typeof ENDPOINTS]: Handlers<(typeof ENDPOINTS)[G]> };

declare module 'fastify' {
  interface FastifyInstance {
    /** "METHOD /path" of every API route as registered, per prefix: what the server answers. */
    apiRoutes: Map<string, string[]>;
  }
  interface FastifyContextConfig {
    /** The table entry a route was registered from; API routes without one are refused at start-up. */
    endpoint?: Endpoint;
  }
}

/**
 * An API route exists only as an entry of the endpoint table: one registered any other way stops the
 * start-up. The spec's clients call /dev/api/v1; the docs list each route once, under /api/v1.
 */
export function guardApiRoutes(app: FastifyInstance): void {
  app.decorate('apiRoutes', new Map<string, string[]>());
  app.addHook('onRoute', (route) => {
    const prefix = [API_PREFIX, SPEC_API_PREFIX].find((candidate) => route.url.startsWith(`${candidate}/`));
    if (!prefix) return;
    if (!route.config?.endpoint) throw new Error(`${route.method} ${route.url} is not in the endpoint table.`);
    if (prefix === SPEC_API_PREFIX) route.schema = { ...route.schema, hide: true };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const list = app.apiRoutes.get(prefix) ?? [];
    // Fastify answers HEAD for every GET by itself.
    for (const method of methods) if (method !== 'HEAD') list.push(`${method} ${route.url.slice(prefix.length)}`);
    app.apiRoutes.set(prefix, list);
  });
}

/**
 * Registers every entry of the table with its handler. The one preHandler authenticates, finds the
 * business, checks the permission and builds the context; the handler only calls its use case, and
 * its answer goes out in the success envelope with the entry's message and status.
 */
export function registerEndpoints(app: FastifyInstance, deps: Deps, implementation: Implementation): void {
  for (const [tag, group] of Object.entries(ENDPOINTS)) {
    const groupHandlers = implementation[tag as keyof Implementation] as Record<string, Handler<Endpoint>>;
    for (const [name, entry] of Object.entries(group) as [string, Endpoint][]) {
      const handler = groupHandlers[name];
      if (!handler) throw new Error(`The endpoint ${tag}.${name} has no handler.`);
      registerEndpoint(app, deps, tag, entry, handler);
    }
  }
}

function registerEndpoint(
  app: FastifyInstance,
  deps: Deps,
  tag: string,
  entry: Endpoint,
  handler: Handler<Endpoint>,
): void {
  const inputOf = (request: FastifyRequest) => (sendsBody(entry.method) ? request.body : request.query);
  const contexts = new WeakMap<FastifyRequest, RequestContext>();
  const access = entry.access;
  const folds = foldsTheGate(handler);
  if (folds && (entry.method !== 'GET' || access.kind !== 'business' || 'record' in access.from)) {
    throw new Error(`${entry.method} ${entry.path}: only a GET of a business named by its input folds the gate.`);
  }
  const contextOf = folds ? gateToPass : contextFor;
  app.route({
    method: entry.method,
    url: entry.path,
    config: { endpoint: entry },
    ...(entry.bodyLimit ? { bodyLimit: entry.bodyLimit } : {}),
    schema: {
      tags: [tag],
      summary: entry.summary,
      ...(entry.access.kind === 'public' ? { security: [] } : {}),
      ...(entry.input ? { [sendsBody(entry.method) ? 'body' : 'querystring']: entry.input } : {}),
      ...(entry.headers ? { headers: entry.headers } : {}),
      // A file route's success is the file; its errors are still envelopes.
      ...(entry.produces ? {} : { response: { [entry.status]: envelope(entry.response) } }),
    },
    // An answer of the API holds someone's data or tokens: no browser, proxy or shared phone keeps a copy
    // (a back button on a borrowed phone after logout shows nothing). Set first, so that errors carry it too.
    onRequest: (_request, reply, done) => {
      reply.header('cache-control', 'no-store');
      done();
    },
    // After validation, so that bad input is a 400 whoever sends it, as it always was.
    preHandler: async (request) => {
      contexts.set(request, await contextOf(deps, entry, request, inputOf(request)));
    },
    handler: async (request, reply) => {
      const ctx = contexts.get(request);
      if (!ctx) throw new Error(`No context for ${entry.method} ${entry.path}.`);
      const result = await handler(ctx as BusinessContext, inputOf(request) as never, { request, reply });
      if (result instanceof FileAnswer) {
        // The name is ours (slug and id), but quote it safely all the same.
        const name = result.filename.replace(/[^\w.-]/g, '_');
        return reply
          .status(entry.status)
          .header('content-type', result.contentType)
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'private, no-store')
          .send(result.body);
      }
      const success = result instanceof Answer ? result : new Answer(result);
      for (const [header, value] of Object.entries(success.headers ?? {})) reply.header(header, value);
      return reply
        .status(success.status ?? entry.status)
        .send({ response_description: success.message ?? entry.message, response_data: success.data });
    },
  });
}

/**
 * A folding read's context: the access token checked (401 without a good one), and the gate to pass in the
 * read's statement; a business id that is not one goes through the gate at once (its 404).
 */
async function gateToPass(deps: Deps, entry: Endpoint, request: FastifyRequest, input: unknown) {
  const { access } = entry;
  if (access.kind !== 'business' || 'record' in access.from) throw new Error('Only a business named by its input.');
  const businessId = Number((input as Record<string, unknown> | undefined)?.[access.from.field]);
  if (!Number.isSafeInteger(businessId)) return contextFor(deps, entry, request, input);
  const { claims } = await accessClaims(request);
  return {
    ...requestContext(deps, request),
    businessId,
    gate: {
      ...claims,
      permission: access.permission,
      whole: access.whole,
      pass: () => contextFor(deps, entry, request, input) as Promise<BusinessContext>,
    },
  } satisfies GateToPass;
}

/** What every request's context starts from: the outside world and the client. */
const requestContext = (deps: Deps, request: FastifyRequest): RequestContext => ({
  ...deps,
  client: { ip: request.ip, userAgent: request.headers['user-agent'] },
});

/**
 * The gate: who calls, in which business, with which role, and whether that role sees the business's records, those
 * it recorded or only its own (the entry's `whole` and `recorded`). A folding read (gateToPass) runs the same rules inside its statement, and
 * this gate when that statement refuses, to say why.
 */
async function contextFor(deps: Deps, entry: Endpoint, request: FastifyRequest, input: unknown) {
  const base = requestContext(deps, request);
  const { access } = entry;
  if (access.kind === 'public') return base;
  if (access.kind === 'session_optional') {
    const actor = await authenticate(request).catch(() => null);
    return { ...base, actor } satisfies OptionalActorContext;
  }
  if (access.kind === 'signed_in') return { ...base, actor: await authenticate(request) } satisfies ActorContext;
  const fields = (input ?? {}) as Record<string, unknown>;
  const { from } = access;
  const rules = { forbidden: access.forbidden, whole: access.whole, recorded: access.recorded };
  if (!('record' in from)) {
    // The business named by the input: the session and the membership in one round trip (authenticateIn),
    // then requireBusiness's rules (404 for a non-member, 403 for a role without the permission).
    const businessId = Number(fields[from.field]);
    const { actor, membership } = await authenticateIn(request, Number.isSafeInteger(businessId) ? businessId : null);
    return businessContext({ ...base, actor }, businessId, membership, access.permission, rules);
  }
  const ctx: ActorContext = { ...base, actor: await authenticate(request) };
  // A business_id sent beside the record is checked first, as on every route that names one; the record
  // must then be that business's. Named by its id alone, the record's own business is the one gated.
  const named = fields.business_id;
  const owner = await businessOfRecord(deps.db, from.record, Number(fields[from.field]));
  if (named !== undefined) {
    const business = await requireBusiness(ctx, Number(named), access.permission, rules);
    if (owner !== business.businessId) throw notFound(from.notFound);
    return business;
  }
  if (owner === undefined) throw notFound(from.notFound);
  return requireBusiness(ctx, owner, access.permission, { ...rules, notFound: from.notFound });
}
