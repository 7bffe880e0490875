import { ERROR_CODES } from '@oja/contract';
import { ApiError } from '../../lib/api';

/**
 * An account that still needs its email verified. The spec's clients also
 * recognise it by these words in the detail or description.
 */
export function isNotActivated(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.code === ERROR_CODES.accountNotActivated ||
    error.message.includes('This account is not activated') ||
    error.message.includes('not active')
  );
}

/** A member who joined by an invite link and whom the business owner has not activated yet. */
export function isMembershipPending(error: unknown): boolean {
  return error instanceof ApiError && error.code === ERROR_CODES.membershipPending;
}
