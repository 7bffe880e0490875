import { Alert } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { fieldErrorsFor } from './failures';

/**
 * How a form shows a failed call: the server's field errors on the fields they
 * name; otherwise one message above the button, the server's own or the
 * screen's default from spec section 8.
 */
export function useFormFailure<Values>(form: UseFormReturnType<Values>, fallback: string) {
  const [message, setMessage] = useState<string | null>(null);
  return {
    message,
    clear: () => setMessage(null),
    show(error: unknown) {
      const fields = error instanceof ApiError ? fieldErrorsFor(form.values, error.fieldErrors) : {};
      if (Object.keys(fields).length > 0) {
        form.setErrors(fields);
        setMessage(null);
      } else {
        setMessage(errorMessage(error, fallback));
      }
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
