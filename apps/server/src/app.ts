import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
// zod's wording of the failures the schemas do not word themselves (the contract's zod-config.ts). Imported here by
// name: the contract's index imports it too, but esbuild's bundle skips that barrel's bare import, so the built
// server answered zod's own "Too big: expected string to have <=100 characters" where the tests saw "At most 100
// characters." (e2e/tests/text-as-text.spec.ts asks the built server).
import '@oja/contract/zod-config';
import { API_PREFIX, ERROR_CODES, type ErrorEnvelope, MESSAGES, SPEC_API_PREFIX } from '@oja/contract';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyError, type FastifyInstance, LogController } from 'fastify';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { apiRoutes } from './modules/routes';
import { COMPRESS_FROM_BYTES, compressAnswers } from './platform/compress-answers';
import type { Deps } from './platform/deps';
import { guardApiRoutes } from './platform/endpoints';
import { AppError, busyTryAgain, databaseUnavailable, isConnectionLost, isTransientConflict } from './platform/errors';
import { pagePreload, readRouteFiles } from './platform/page-preload';
import { pageReads } from './platform/page-reads';
import { responseSerializerCompiler } from './platform/response-serializer';
import { inlineScripts, securityHeaders } from './platform/security-headers';

export type BuildOptions = { deps: Deps };

const BODY_LIMIT = 1024 * 1024;

/** Builds the whole HTTP application: API under both prefixes, docs, health, and the web app. */
export async function buildApp({ deps }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // One log line per request (the onResponse hook below) instead of Fastify's two ("incoming request",
    // "request completed"): half the log writes per request, which issue 14 measured as a cost.
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    trustProxy: deps.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Unknown JSON fields are refused by the schemas; the parser itself must never throw a 500.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });
  // The API speaks JSON only: any other body is refused with 415 instead of reaching a schema as text.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  // The test suite (NODE_ENV=test, set by vitest) also checks every answer with zod against the contract.
  app.setSerializerCompiler(
    responseSerializerCompiler({
      checked: process.env.NODE_ENV === 'test' || process.env.OJA_CHECK_RESPONSES === 'true',
    }),
  );
  app.decorate('deps', deps);
  app.decorateRequest('actor', null);

  // The web app's page, when it is built: every app path answers with it (registerWebApp).
  const pageFile = join(deps.config.webDistDir, 'index.html');
  const page = existsSync(pageFile) ? readFileSync(pageFile, 'utf8') : undefined;
  // Every answer, the API's, the web app's and the 404s: its id, and the security headers made once (the
  // page's inline script allowed by its hash).
  const headers = securityHeaders(page ? inlineScripts(page) : []);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers).header('x-request-id', request.id);
    done();
  });
  // The request's one line: its request_id comes with request.log. Errors of 500 and above are logged apart,
  // with their stack, by the error handler below.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  });

  await app.register(fastifyCookie);
  // JSON answers in one call each (compress-answers.ts); @fastify/compress streams whatever is left: larger
  // answers, streams (the sales' PDF documents).
  compressAnswers(app);
  await app.register(fastifyCompress, { threshold: COMPRESS_FROM_BYTES });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Oja API',
        version: '1.0.0',
        description:
          'Every answer is an envelope: `response_description` and `response_data` on success; ' +
          '`response_description`, `detail`, `code` and field `errors` on failure. The same routes also answer under /dev/api/v1.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = toErrorAnswer(error);
    if (answer.status >= 500) request.log.error({ err: error }, 'request failed');
    for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
    return reply.status(answer.status).send(answer.body);
  });

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });

  guardApiRoutes(app);
  await app.register(apiRoutes, { prefix: API_PREFIX });
  await app.register(apiRoutes, { prefix: SPEC_API_PREFIX });

  await registerWebApp(app, deps.config.webDistDir, page);
  return app;
}

type ErrorAnswer = { status: number; body: ErrorEnvelope; headers?: Record<string, string> };

function answer(
  status: number,
  code: string,
  message: string,
  errors?: ErrorEnvelope['errors'],
  headers?: Record<string, string>,
): ErrorAnswer {
  const body: ErrorEnvelope = { response_description: message, detail: message, code };
  if (errors && Object.keys(errors).length > 0) body.errors = errors;
  return { status, body, headers };
}

/** The one place where any error becomes the envelope and a status. */
export function toErrorAnswer(error: FastifyError | Error): ErrorAnswer {
  if (error instanceof AppError)
    return answer(error.status, error.code, error.message, error.fieldErrors, error.headers);
  if (isConnectionLost(error)) {
    // PostgreSQL is stopped or restarting: not a bug, and the pool reconnects by itself when it returns.
    const unavailable = databaseUnavailable();
    return answer(unavailable.status, unavailable.code, unavailable.message, undefined, unavailable.headers);
  }
  if (isTransientConflict(error)) {
    const busy = busyTryAgain();
    return answer(busy.status, busy.code, busy.message, undefined, busy.headers);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // Field names come from the client: "valueOf" or "__proto__" must not reach Object.prototype.
    const errors: Record<string, string[]> = Object.create(null);
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const keys = issue.keyword === 'unrecognized_keys' ? ((issue.params as { keys?: string[] }).keys ?? []) : [];
      const fields = keys.length > 0 ? keys.map((key) => (path ? `${path}.${key}` : key)) : [path || '_'];
      for (const [index, field] of fields.entries()) {
        const key = keys[index];
        const message =
          key === undefined
            ? (issue.message ?? MESSAGES.validation.invalidInput)
            : MESSAGES.validation.unknownField(key);
        errors[field] = [...(errors[field] ?? []), message];
      }
    }
    const first = Object.values(errors)[0]?.[0] ?? MESSAGES.validation.invalidInput;
    return answer(400, ERROR_CODES.validation, first, errors);
  }
  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return answer(400, ERROR_CODES.badJson, MESSAGES.validation.badJson);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return answer(413, ERROR_CODES.payloadTooLarge, MESSAGES.validation.payloadTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return answer(415, ERROR_CODES.unsupportedMediaType, MESSAGES.validation.unsupportedMediaType);
  }
  if (error instanceof SyntaxError || fastifyError.statusCode === 400) {
    return answer(400, ERROR_CODES.badJson, MESSAGES.validation.badJson);
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return answer(fastifyError.statusCode, ERROR_CODES.validation, fastifyError.message);
  }
  return answer(500, ERROR_CODES.internal, 'Something went wrong on our side. Please try again.');
}

const PAGE_FILE = /(?:^|[\\/])index\.html(?:\.br|\.gz)?$/;

async function registerWebApp(app: FastifyInstance, distDir: string, page: string | undefined): Promise<void> {
  const hasWeb = page !== undefined;
  const files = hasWeb ? readRouteFiles(distDir) : undefined;
  const preloadFor = pagePreload(files, page ?? '');
  const withReads = page !== undefined && files?.reads ? pageReads(app, page, files.reads) : undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each file: sent as they are, never compressed per request.
      preCompressed: true,
      // Also what sendFile('index.html') answers every app path with (the not-found handler below).
      setHeaders(reply, path) {
        // Vite names built assets by content hash: they never change, so phones keep them.
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The page, or its .br or .gz written at build time (index.html once it passed 1 KB).
        const link = PAGE_FILE.test(path) ? preloadFor(reply.request.url) : '';
        if (link) reply.header('link', link);
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith(API_PREFIX) || request.url.startsWith(SPEC_API_PREFIX);
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // A signed-in page comes with its first screen's answers (page-reads.ts); compressed by compressAnswers.
      const signedIn = request.method === 'GET' && withReads ? await withReads(request) : undefined;
      if (signedIn !== undefined) {
        const link = preloadFor(request.url);
        if (link) reply.header('link', link);
        return reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8').send(signedIn);
      }
      // Every other path belongs to the single-page app, which shows its own 404 page.
      return reply.sendFile('index.html');
    }
    return reply.status(404).send(answer(404, ERROR_CODES.notFound, MESSAGES.validation.notFoundRoute).body);
  });
}
