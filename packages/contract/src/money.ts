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

/**
 * Accepts a money string ("1500", "1500.5", "1500.50") and outputs the two-decimal string. A number
 * is refused with the field's message.
 */
export function moneySchema(messages: { invalid: string; positive?: string }) {
  // Text only: a JavaScript number has already lost the amount's exactness before it reaches us.
  return z.string({ error: messages.invalid }).transform((value, ctx) => {
    const text = value.trim();
    if (!MONEY_PATTERN.test(text)) {
      ctx.addIssue({ code: 'custom', message: messages.invalid });
      return z.NEVER;
    }
    const normalized = normalizeMoney(text);
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
