import { ERROR_CODES, type ErrorCode, type FieldErrors, MESSAGES } from '@oja/contract';

/**
 * The one error type of the server. Use cases throw it; the error handler turns
 * it into the envelope with its status. Anything else reaching the handler is a bug (500).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fieldErrors?: FieldErrors) =>
  new AppError(400, ERROR_CODES.validation, message, fieldErrors);

/** A field error: the message is both the answer's description and the field's error. */
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] });

export const unauthenticated = (message: string = MESSAGES.auth.unauthenticated) =>
  new AppError(401, ERROR_CODES.unauthenticated, message);

export const forbidden = (message: string = MESSAGES.auth.forbidden) =>
  new AppError(403, ERROR_CODES.forbidden, message);

/** Also the answer for another business's record: it must look exactly like a missing one. */
export const notFound = (message: string) => new AppError(404, ERROR_CODES.notFound, message);

export const conflict = (message: string, fieldErrors?: FieldErrors) =>
  new AppError(409, ERROR_CODES.conflict, message, fieldErrors);

export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(
    429,
    ERROR_CODES.rateLimited,
    MESSAGES.auth.rateLimited(Math.max(1, Math.ceil(retryAfterSeconds / 60))),
    undefined,
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );

/** PostgreSQL error codes the use cases translate into domain errors. */
export const PG = {
  uniqueViolation: '23505',
  checkViolation: '23514',
  foreignKeyViolation: '23503',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  // Drizzle wraps driver errors; the PostgreSQL code sits on the cause.
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function pgConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Socket errors of a database connection that could not be made or was cut. */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * Whether the error means PostgreSQL is unreachable (stopped, restarting, shutting down),
 * not that the query was wrong: the request answers 503 and a later one may succeed.
 * SQLSTATE class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown,
 * 57P03 cannot_connect_now; pg's own "Connection terminated" and pool connection timeouts; a socket refused
 * or, for a Unix socket, not there.
 */
export function isConnectionLost(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, syscall, message, errors } = current as {
      code?: unknown;
      syscall?: unknown;
      message?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') {
      if (/^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03') return true;
      if (CONNECTION_ERRNOS.has(code)) return true;
      // A Unix socket's file is gone while PostgreSQL is stopped (the embedded one's socket, db/embedded.ts):
      // its ECONNREFUSED. Only on connect: a missing file anywhere else is not the database.
      if (code === 'ENOENT' && syscall === 'connect') return true;
    }
    if (
      typeof message === 'string' &&
      /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
        message,
      )
    )
      return true;
    // Node answers an AggregateError when every address of the host refused.
    if (Array.isArray(errors) && errors.some((inner) => isConnectionLost(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Two transactions that waited on each other (a deadlock PostgreSQL broke) or a serialization
 * failure: nothing was written, and the same request a moment later succeeds. Lock orders are
 * fixed to make this rare (ADR 0006, 0009); when it still happens the caller is told to retry
 * (a phone retries with its Idempotency-Key) instead of seeing a 500.
 */
export function isTransientConflict(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === PG.deadlockDetected || code === PG.serializationFailure;
}

export const busyTryAgain = () =>
  new AppError(503, ERROR_CODES.unavailable, MESSAGES.validation.busyTryAgain, undefined, { 'retry-after': '1' });

export const databaseUnavailable = () =>
  new AppError(503, ERROR_CODES.unavailable, MESSAGES.validation.databaseUnavailable, undefined, {
    'retry-after': '5',
  });
