import { COUNTER_MESSAGES, isMoneyString, normalizeMoney, toMilli, UNITS_MESSAGES } from '@oja/contract';
import { readTypedMoney } from '../../ui/money-input';

/**
 * What the clerk types at the counter, read strictly: a quantity is a whole number ("2.5" and "-3" are refused
 * with words, never read as 25 or 3), or for a weighed product up to 3 decimals ("0.75" kg; "1.2345" refused,
 * ADR 0031); an amount may carry the naira sign and grouping commas ("₦5,000") but is never read as another value.
 */
export function readQuantity(text: string, isWeighed = false): { quantity: number } | { error: string } {
  const value = text.trim();
  if (isWeighed) {
    if (!/^\d+(\.\d{1,3})?$|^\.\d{1,3}$/.test(value) || toMilli(Number(value)) < 1) {
      return { error: UNITS_MESSAGES.quantityDecimals };
    }
    const quantity = Number(value);
    return quantity > 1_000_000 ? { error: COUNTER_MESSAGES.quantityMax } : { quantity };
  }
  if (!/^\d+$/.test(value)) return { error: COUNTER_MESSAGES.quantityWhole };
  const quantity = Number(value);
  if (quantity < 1) return { error: COUNTER_MESSAGES.quantityWhole };
  if (quantity > 1_000_000) return { error: COUNTER_MESSAGES.quantityMax };
  return { quantity };
}

/** "₦5,000", "N5,000", "5,000.50" or "5000" as "5000.00"; null for anything that is not plainly an amount. */
export function readAmount(text: string): string | null {
  const value = readTypedMoney(text).trim();
  return isMoneyString(value) ? normalizeMoney(value) : null;
}
