import * as z from 'zod';

/** A value that was not given at all (or given blank, as an empty form field or query parameter). */
export const isMissing = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '';

/** A schema error that names `message` for a missing value and leaves other issues to zod's own words. */
export const whenMissing = (message: string) => (issue: { input?: unknown }) =>
  isMissing(issue) ? message : undefined;

type IdMessages = {
  /** When the id is missing; also for any value of the wrong type unless `onlyWhenMissing`. */
  required?: string;
  onlyWhenMissing?: boolean;
  /** When the value is a number but not a positive whole one (zod's own words otherwise). */
  invalid?: string;
};

/** "Business ID" → "Business ID is required." and "Business ID must be a whole number." */
export const labelledId = (label: string): IdMessages => ({
  required: `${label} is required.`,
  invalid: `${label} must be a whole number.`,
});

function typeError(messages: IdMessages) {
  const { required, onlyWhenMissing } = messages;
  return required !== undefined && onlyWhenMissing ? whenMissing(required) : required;
}

/** The id of a record: a positive whole number that fits a bigint and a JavaScript number exactly. */
export function bodyId(messages: IdMessages = {}) {
  return z
    .number({ error: typeError(messages) })
    .int(messages.invalid)
    .positive(messages.invalid)
    .max(Number.MAX_SAFE_INTEGER, messages.invalid);
}

/** The same id in a query string, where it arrives as text. */
export function queryId(messages: IdMessages = {}) {
  return z.coerce
    .number<string | number>({ error: typeError(messages) })
    .int(messages.invalid)
    .positive(messages.invalid)
    .max(Number.MAX_SAFE_INTEGER, messages.invalid);
}
