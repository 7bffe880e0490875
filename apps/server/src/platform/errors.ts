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
