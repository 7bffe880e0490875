import * as z from 'zod';

/**
 * Money travels as a decimal string with two places ("1500.00") and is stored as
 * numeric(14,2). In TypeScript it is only ever handled as integer kobo (bigint),
 * never as a float.
 */
const MONEY_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
const PERCENT_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;

export function isMoneyString(value: string): boolean {
  return MONEY_PATTERN.test(value);
}

/** "1500", "1500.5" and "1500.50" are 150050 kobo. Throws on anything else. */
export function toKobo(value: string): bigint {
  if (!MONEY_PATTERN.test(value)) throw new RangeError(`Not an amount of money: ${value}`);
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

export function fromKobo(kobo: bigint): string {
  const sign = kobo < 0n ? '-' : '';
  const abs = kobo < 0n ? -kobo : kobo;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

/** Normalises an accepted money string to exactly two decimals. */
export function normalizeMoney(value: string): string {
  return fromKobo(toKobo(value));
}

/** The most an amount can be: numeric(14,2) holds twelve digits before the point. */
export const MAX_MONEY = '999999999999.99';

/** What is wrong with a money field, worded once for every amount of the API and the forms. */
export const MONEY_MESSAGES = {
  format: 'Enter an amount like 1500 or 1500.50.',
  decimals: 'An amount has at most two decimals, like 1500.50.',
  tooLarge: 'The amount is too large: at most 999,999,999,999.99.',
  negative: 'An amount cannot be below 0.',
} as const;

/** Why a text is not an amount of money, or null when it is one. */
export type MoneyProblem = 'missing' | 'format' | 'negative' | 'decimals' | 'tooLarge';

const DECIMAL_PATTERN = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Names what is wrong with an amount typed or sent as text: the first problem a person would fix. */
export function moneyProblem(value: string): MoneyProblem | null {
  const text = value.trim();
  if (text === '') return 'missing';
  if (MONEY_PATTERN.test(text)) return null;
  const parts = DECIMAL_PATTERN.exec(text);
  if (!parts) return 'format';
  const [, sign, whole = '', fraction = ''] = parts;
  if (sign) return 'negative';
  if (fraction.length > 2) return 'decimals';
  // Leading zeros add nothing to the amount; only real digits past twelve make it too large.
  return whole.replace(/^0+(?=\d)/, '').length > 12 ? 'tooLarge' : 'format';
}

/**
 * Accepts a money string ("1500", "1500.5", "1500.50") and outputs the two-decimal string. Each problem gets
 * the caller's message for it, else: too large says so (MONEY_MESSAGES.tooLarge), anything else `invalid`.
 * A number is refused with `invalid`: a JavaScript number has already lost the amount's exactness.
 */
export function moneySchema(messages: { invalid: string; positive?: string } & Partial<Record<MoneyProblem, string>>) {
  const defaults: Record<MoneyProblem, string> = {
    missing: messages.invalid,
    format: messages.invalid,
    negative: messages.invalid,
    decimals: messages.invalid,
    tooLarge: MONEY_MESSAGES.tooLarge,
  };
  return z.string({ error: messages.invalid }).transform((value, ctx) => {
    const problem = moneyProblem(value);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: messages[problem] ?? defaults[problem] });
      return z.NEVER;
    }
    const normalized = normalizeMoney(value.trim());
    if (messages.positive && toKobo(normalized) <= 0n) {
      ctx.addIssue({ code: 'custom', message: messages.positive });
      return z.NEVER;
    }
    return normalized;
  });
}

/** A percentage 0-100 with at most two decimals, as a two-decimal string. */
export function percentSchema(message: string) {
  return z.union([z.string(), z.number()]).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!PERCENT_PATTERN.test(text) || toKobo(text) > 10_000n) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return normalizeMoney(text);
  });
}

/** Output shape of an amount: always "123.45". */
export const moneyOut = z.string().regex(/^-?\d+\.\d{2}$/);

const formatters = new Map<string, Intl.NumberFormat>();

/** "₦1,500.00" for NGN; other currencies in the same en-NG style. Exact for any string amount. */
export function formatMoney(amount: string, currency = 'NGN'): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-NG', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(currency, formatter);
  }
  // Intl formats a decimal string exactly (no float rounding) in current engines.
  return formatter.format(amount as unknown as number);
}

/** Sum of (possibly negative) money strings, exact. */
export function sumMoney(amounts: readonly string[]): string {
  let total = 0n;
  for (const amount of amounts) total += amount.startsWith('-') ? -toKobo(amount.slice(1)) : toKobo(amount);
  return fromKobo(total);
}
