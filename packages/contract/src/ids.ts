import * as z from 'zod';
import { MESSAGES } from './messages';

/** Tab, line feed and carriage return: allowed where text has lines (notes, descriptions). */
const LINE_CHARACTERS = new Set([9, 10, 13]);

/**
 * The bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): invisible, they make a
 * name read backwards on a receipt or in a team list ("Ada" shown where "adA" is stored), so they are refused
 * like the control characters.
 */
const isBidiControl = (code: number) => (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);

/**
 * Whether the text holds a C0 control character, DEL or a bidirectional control; PostgreSQL cannot store NUL
 * at all.
 */
function hasControlCharacter(value: string, allowLines: boolean): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if ((code < 32 || code === 127) && !(allowLines && LINE_CHARACTERS.has(code))) return true;
    if (isBidiControl(code)) return true;
  }
  return false;
}

/** The years a date may name: PostgreSQL has no year 0, and five-digit years are typing slips. */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 9999;

/** Whether YYYY-MM-DD names a real day (no 30 February) between DATE_MIN_YEAR and DATE_MAX_YEAR. */
export function isRealDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < DATE_MIN_YEAR || year > DATE_MAX_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A day as YYYY-MM-DD that exists on the calendar; anything else answers 400 with `message`. */
export function realDay(message: string) {
  return text({ error: message }).refine(isRealDay, message);
}

/**
 * Every string the API accepts is built on this (never on a bare z.string()): control characters
 * answer 400 "invalid text" here, so they never reach a query (where NUL would be a 500).
 */
export function text(params?: Parameters<typeof z.string>[0], options: { multiline?: boolean } = {}) {
  const allowLines = options.multiline === true;
  return z.string(params).refine((value) => !hasControlCharacter(value, allowLines), MESSAGES.validation.invalidText);
}

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
