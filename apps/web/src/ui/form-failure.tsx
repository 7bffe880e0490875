import { Alert } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { FieldErrors } from '@oja/contract';
import { useState } from 'react';
import { ApiError, errorMessage } from '../lib/api';

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
 * How a form shows a failed call: the server's field errors on the fields they
 * name; otherwise one message above the button, the server's own or the
 * screen's default. What was typed stays in the form.
 */
export function useFormFailure<Values>(form: UseFormReturnType<Values>, fallback: string) {
  const [message, setMessage] = useState<string | null>(null);
  const clear = () => setMessage(null);
  const show = (error: unknown) => {
    const fields = error instanceof ApiError ? fieldErrorsFor(form.values, error.fieldErrors) : {};
    if (Object.keys(fields).length > 0) {
      form.setErrors(fields);
      setMessage(null);
    } else {
      setMessage(errorMessage(error, fallback));
    }
  };
  return {
    message,
    clear,
    show,
    /** A submit handler: the last failure cleared, then `action`, whose failure is shown. */
    run<Args extends unknown[]>(action: (...args: Args) => Promise<unknown>) {
      return async (...args: Args) => {
        clear();
        try {
          await action(...args);
        } catch (error) {
          show(error);
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
