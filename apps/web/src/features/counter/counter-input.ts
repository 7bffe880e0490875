import { COUNTER_MESSAGES, isMoneyString, normalizeMoney } from '@oja/contract';
import { readTypedMoney } from '../../ui/money-input';

/**
 * What the clerk types at the counter, read strictly: a quantity is a whole number ("2.5" and "-3" are refused
 * with words, never read as 25 or 3), an amount may carry the naira sign and grouping commas ("₦5,000") but is
 * never read as another value.
 */
export function readQuantity(text: string): { quantity: number } | { error: string } {
  const value = text.trim();
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
