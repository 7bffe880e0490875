import { Alert } from '@mantine/core';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import type { FieldErrors } from '@oja/contract';
import { useEffect, useRef, useState } from 'react';
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

/** The paths whose message is new since `before`: a failed submit adds them; typing only takes them away. */
function newErrorPaths(before: FormErrors, now: FormErrors): string[] {
  return Object.keys(now).filter((path) => Boolean(now[path]) && now[path] !== before[path]);
}

/** The first of these inputs in the page's order (above, then left): where the eye starts reading. */
function firstInOrder(nodes: readonly HTMLElement[]): HTMLElement | undefined {
  return [...nodes].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
}

/**
 * A failed submit takes the thumb to what is wrong: the first field that has just been given an error (by the
 * form's rules or the server's answer) is scrolled to the middle of the screen and focused. On a phone the
 * error of a long form sat far above the button, which then looked dead. Errors only taken away (the person is
 * typing the fix) move nothing.
 */
function useFocusFirstError<Values>(form: UseFormReturnType<Values>) {
  const errors = form.errors;
  const before = useRef(errors);
  useEffect(() => {
    const added = newErrorPaths(before.current, errors);
    before.current = errors;
    const nodes = added.map((path) => form.getInputNode(path)).filter((node): node is HTMLElement => node !== null);
    const first = firstInOrder(nodes);
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  }, [errors, form]);
}

/**
 * How a form shows a failed call (failureDisplay): an input is there when the form rendered one for the
 * path (Mantine's getInputProps marks it with data-path). What was typed stays in the form.
 */
export function useFormFailure<Values>(form: UseFormReturnType<Values>, fallback: string) {
  const [message, setMessage] = useState<string | null>(null);
  const isSending = useRef(false);
  useFocusFirstError(form);
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

/** A failure's message, brought into view when it appears: it sits at the top of a form whose button is below. */
export function FormFailure({ message }: { message: string | null }) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) alert.current?.scrollIntoView({ block: 'nearest' });
  }, [message]);
  if (!message) return null;
  return (
    <Alert ref={alert} color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
