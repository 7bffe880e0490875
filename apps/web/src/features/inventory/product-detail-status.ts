import { addQuantities, type Batch, EXPIRING_SOON_DAYS, hasQuantityDecimals } from '@oja/contract';
import { addDays } from '../../lib/dates';

/** How a batch stands against its expiry date. */
export type BatchExpiry = 'expired' | 'expiring_soon' | 'fresh' | 'no_expiry';

/**
 * The server says which batches have expired (it counts days in the shops'
 * time zone); "expiring soon" is an unexpired batch whose date falls within
 * `soonDays` days of `today` (a YYYY-MM-DD in that zone), today included.
 */
export function batchExpiry(
  batch: Pick<Batch, 'expiration_date' | 'is_expired'>,
  today: string,
  soonDays: number = EXPIRING_SOON_DAYS,
): BatchExpiry {
  if (batch.is_expired) return 'expired';
  if (!batch.expiration_date) return 'no_expiry';
  // YYYY-MM-DD strings compare as the days they name.
  return batch.expiration_date <= addDays(today, soonDays) ? 'expiring_soon' : 'fresh';
}

/** A ledger change as people write it: "+5", "−2" (a true minus sign), never "0". */
export function formatDelta(delta: number): string {
  return delta > 0 ? `+${delta}` : `\u2212${Math.abs(delta)}`;
}

/**
 * What a batch would hold after an adjustment, or null while the change is not one the product takes yet: a whole
 * number, or up to 3 decimals of a weighed product (12.5 − 0.25 is 12.25, added in thousandths, ADR 0031).
 */
export function quantityAfter(quantity: number, delta: unknown, isWeighed = false): number | null {
  if (typeof delta !== 'number') return null;
  const isTaken = isWeighed ? hasQuantityDecimals(delta) : Number.isInteger(delta);
  return isTaken ? addQuantities(quantity, delta) : null;
}

/** A fraction of a product counted whole (2.5 pieces), said before sending as the server would say it. */
export const isFractionOfPieces = (quantity: unknown, isWeighed: boolean | undefined) =>
  typeof quantity === 'number' && !isWeighed && !Number.isInteger(quantity);
