import * as z from 'zod';

/**
 * Every answer of the API is one of these two shapes. Success carries a human
 * sentence and the data; failure carries the message twice (the spec's clients
 * read either `response_description` or `detail`), a machine code, and, for
 * input errors, the messages per field.
 */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    response_description: z.string(),
    response_data: data,
  });
}

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const errorEnvelopeSchema = z.object({
  response_description: z.string(),
  detail: z.string(),
  code: z.string(),
  errors: fieldErrorsSchema.optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Machine-readable error codes. The web decides flows on these, never on wording. */
export const ERROR_CODES = {
  validation: 'validation_error',
  badJson: 'bad_json',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  csrf: 'csrf_failed',
  accountNotActivated: 'account_not_activated',
  membershipPending: 'membership_pending',
  invalidCredentials: 'invalid_credentials',
  invalidCode: 'invalid_code',
  insufficientStock: 'insufficient_stock',
  /** The server is up but cannot reach its database (it recovers by itself): try again later. */
  unavailable: 'service_unavailable',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
