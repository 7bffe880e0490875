import { BUSINESS_TIME_ZONE, formatMoney } from '@oja/contract';

export { formatMoney };

// Days and times in the shops' own time zone, as the server counts them ("today", the 7-day chart,
// expiry) and as a default cart title is stamped, whatever zone the phone is set to.
const dateFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: BUSINESS_TIME_ZONE,
});
const dayInWordsFormat = new Intl.DateTimeFormat('en-NG', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: BUSINESS_TIME_ZONE,
});
const dateTimeFormat = new Intl.DateTimeFormat('en-NG', {
  timeZone: BUSINESS_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "23 Nov 2026" from an ISO timestamp or a YYYY-MM-DD date (read as that calendar day). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  // A calendar day is read at its noon UTC, which is the same day in Lagos.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : dateFormat.format(date);
}

/** "Sat, 5 Dec 2026" for a YYYY-MM-DD day that exists; null for anything else (an empty or half-typed field). */
export function formatDayInWords(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T12:00:00Z`);
  // "2026-02-31" is no day: Date would roll it over to 3 March.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return null;
  return dayInWordsFormat.format(date);
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : dateTimeFormat.format(date);
}

const timeFormat = new Intl.DateTimeFormat('en-NG', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dayFormat = new Intl.DateTimeFormat('en-NG', { timeZone: BUSINESS_TIME_ZONE, day: 'numeric', month: 'short' });

/** "10:42" for a time of today, "3 Dec 10:42" for an older one: when data shown offline was taken. */
export function formatAsOf(time: number, now: number = Date.now()): string {
  const clock = timeFormat.format(time);
  return dayFormat.format(time) === dayFormat.format(now) ? clock : `${dayFormat.format(time)} ${clock}`;
}

export function initials(firstName: string, lastName: string): string {
  return `${firstName.trim()[0] ?? ''}${lastName.trim()[0] ?? ''}`.toUpperCase() || '?';
}

export function fullName(person: { first_name: string; last_name: string }): string {
  return `${person.first_name} ${person.last_name}`.trim();
}

/** The spec truncates descriptions on cards to 40 characters. */
export function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}

/** "Ada's", "Ada's Provisions'": the possessive of a name, with a lone apostrophe after a final s. */
export function possessive(name: string): string {
  const trimmed = name.trim();
  return /s$/i.test(trimmed) ? `${trimmed}'` : `${trimmed}'s`;
}
