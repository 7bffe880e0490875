import { Alert } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { FieldErrors } from '@oja/contract';
import { useRef, useState } from 'react';
import { ApiError, errorMessage } from '../lib/api';

function hasPath(values: unknown, path: string): boolean {
  let current: unknown = values;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object' || !(segment in current)) return false;
    current = (current as Record<string, unknown>)[segment];
  }
  return true;
}

/** Whether the form shows an input for this path: by default, whether the values hold it at all. */
type IsShown = (path: string) => boolean;

/**
 * The server's field errors split into those a form can show beside its own fields (paths such as
 * "business.name" included), one message each, and the messages of the others: a field the form does not
 * have, or holds without an input for it (a cart's `items`), whose message must then be shown on its own,
 * never dropped.
 */
export function splitFieldErrors(
  values: unknown,
  fieldErrors: FieldErrors,
  isShown: IsShown = () => true,
): { fields: Record<string, string>; others: string[] } {
  const fields: Record<string, string> = {};
  const others: string[] = [];
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const first = messages[0];
    if (!first) continue;
    if (hasPath(values, path) && isShown(path)) fields[path] = first;
    else if (!others.includes(first)) others.push(first);
  }
  return { fields, others };
}

/** The field errors a form can show beside its fields (splitFieldErrors). */
export function fieldErrorsFor(values: unknown, fieldErrors: FieldErrors, isShown?: IsShown): Record<string, string> {
  return splitFieldErrors(values, fieldErrors, isShown).fields;
}

/**
 * What a failed call shows: field errors beside the fields that have an input, and one message above the
 * button for the rest, the messages of fields without an input or, with no field error at all, the server's
 * own message or the screen's default.
 */
export function failureDisplay(
  error: unknown,
  values: unknown,
  fallback: string,
  isShown?: IsShown,
): { fields: Record<string, string>; message: string | null } {
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
  const { fields, others } = splitFieldErrors(values, fieldErrors, isShown);
  if (Object.keys(fields).length === 0) return { fields, message: errorMessage(error, fallback) };
  return { fields, message: others.length > 0 ? others.join(' ') : null };
}

/**
 * How a form shows a failed call (failureDisplay): an input is there when the form rendered one for the
 * path (Mantine's getInputProps marks it with data-path). What was typed stays in the form.
 */
export function useFormFailure<Values>(form: UseFormReturnType<Values>, fallback: string) {
  const [message, setMessage] = useState<string | null>(null);
  const isSending = useRef(false);
  const clear = () => setMessage(null);
  const show = (error: unknown) => {
    const shown = failureDisplay(error, form.values, fallback, (path) => form.getInputNode(path) !== null);
    if (Object.keys(shown.fields).length > 0) form.setErrors(shown.fields);
    setMessage(shown.message);
  };
  return {
    message,
    clear,
    show,
    /**
     * A submit handler: the last failure cleared, then `action`, whose failure is shown; one at a time. A submit
     * waits for the form's rules before it sends (validate-on-demand.ts): on a slow phone the first tap seems to
     * do nothing, the person taps again, and both were sent once the rules arrived. The second then answered for
     * the first: a join made two accounts, a reset whose code the first had spent said the code was wrong
     * although the password was changed. A submit while one is on its way is dropped.
     */
    run<Args extends unknown[]>(action: (...args: Args) => Promise<unknown>) {
      return async (...args: Args) => {
        if (isSending.current) return;
        isSending.current = true;
        clear();
        try {
          await action(...args);
        } catch (error) {
          show(error);
        } finally {
          isSending.current = false;
        }
      };
    },
  };
}

export function FormFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
