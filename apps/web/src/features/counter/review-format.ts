import { toKobo } from '@oja/contract';

/**
 * How long something has waited, as the owner reads it at a glance: "45 min", "3 h", "2 days". Rounded down:
 * a phone is never said to have waited longer than it has.
 */
export function waitedFor(since: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * A unit price as charged, its discount said when there is one. A flag does not carry the product's currency,
 * so the amount is shown grouped, without a symbol that could be the wrong one.
 */
export function priceOf(unitPrice: string, discount: string): string {
  const [whole = '0', fraction = '00'] = unitPrice.split('.');
  const price = `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
  return toKobo(discount) > 0n ? `${price} less ${discount}%` : price;
}
