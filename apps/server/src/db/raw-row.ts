/**
 * A raw statement's values as drizzle's columns would read them. A raw statement (db.execute, builtOnceSql) gets
 * node-postgres's text of a bigint and of a timestamptz (drizzle's session keeps timestamps as text), where a
 * column of the schema maps them to a number (bigint mode 'number') and to a Date (new Date of the text).
 */
export const numberOrNull = (value: string | null): number | null => (value === null ? null : Number(value));

export const dateOrNull = (value: string | null): Date | null => (value === null ? null : new Date(value));

/**
 * A timestamptz's text as the API answers it: what `new Date(text).toISOString()` gives (to the millisecond, the
 * rest cut off) for every text PostgreSQL writes of the years 100 to 9999, and the years 1 to 99 as written, which
 * Date read as 1901-1999.
 *
 * Why by hand: the product list answers two timestamps for each of its 20 products, and that round trip through
 * a Date, mostly toISOString, was a visible share of the list's node CPU in the profile. In a session whose
 * TimeZone is UTC (the embedded PostgreSQL's, Etc/UTC) PostgreSQL writes `YYYY-MM-DD HH:MM:SS[.f]+00` with one
 * to six digits of fraction, which is the ISO text once cut: some twenty times cheaper.
 * Any other text (another zone's offset, a year past 9999, BC, infinity) goes through Date as before.
 */
export function isoOfTimestamp(text: string): string {
  const length = text.length;
  if (
    length >= 22 &&
    length !== 23 &&
    length <= 29 &&
    text.charCodeAt(4) === 45 && // '-'
    text.charCodeAt(10) === 32 && // ' '
    text.charCodeAt(length - 3) === 43 && // '+'
    text.charCodeAt(length - 2) === 48 && // '0'
    text.charCodeAt(length - 1) === 48 && // '0'
    (length === 22 || text.charCodeAt(19) === 46) // no fraction, or '.' and its digits
  ) {
    const fraction =
      length === 22
        ? '000'
        : text
            .slice(20, length - 3)
            .padEnd(3, '0')
            .slice(0, 3);
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
  }
  return new Date(text).toISOString();
}
