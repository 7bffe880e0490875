import { ERROR_CODES, type FieldErrors } from '@oja/contract';
import { ApiError } from '../../lib/api';

function hasPath(values: unknown, path: string): boolean {
  let current: unknown = values;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object' || !(segment in current)) return false;
    current = (current as Record<string, unknown>)[segment];
  }
  return true;
}

/**
 * The server's field errors that a form can show beside its own fields (paths
 * such as "business.name" included), one message each. Errors about fields the
 * form does not have are left out: the caller shows the message instead.
 */
export function fieldErrorsFor(values: unknown, fieldErrors: FieldErrors): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const first = messages[0];
    if (first && hasPath(values, path)) shown[path] = first;
  }
  return shown;
}

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
