import type { CatalogueProduct } from '@oja/contract';
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
  const withoutSign = text.trim().replace(/^(₦|NGN|N)\s*/i, '');
  const value = readTypedMoney(withoutSign).trim();
  return isMoneyString(value) ? normalizeMoney(value) : null;
}

/**
 * The products that match what was typed, the exact barcode or SKU first (what a hardware scanner types), then
 * names and SKUs that start with it, then those that contain it.
 */
export function searchProducts(products: readonly CatalogueProduct[], typed: string, limit = 30): CatalogueProduct[] {
  const query = typed.trim().toLowerCase();
  if (!query) return [];
  const exact: CatalogueProduct[] = [];
  const starts: CatalogueProduct[] = [];
  const contains: CatalogueProduct[] = [];
  for (const product of products) {
    const name = product.product_name.toLowerCase();
    const sku = product.sku.toLowerCase();
    if (product.barcode?.toLowerCase() === query || sku === query) exact.push(product);
    else if (name.startsWith(query) || sku.startsWith(query)) starts.push(product);
    else if (name.includes(query) || sku.includes(query) || product.barcode?.includes(query)) contains.push(product);
  }
  const byName = (a: CatalogueProduct, b: CatalogueProduct) => a.product_name.localeCompare(b.product_name);
  return [...exact, ...starts.sort(byName), ...contains.sort(byName)].slice(0, limit);
}

/** The one product a scanner's code (or an exact SKU) names, if exactly one does. */
export function exactMatch(products: readonly CatalogueProduct[], typed: string): CatalogueProduct | null {
  const query = typed.trim().toLowerCase();
  if (!query) return null;
  const found = products.filter(
    (product) => product.barcode?.toLowerCase() === query || product.sku.toLowerCase() === query,
  );
  return found.length === 1 ? (found[0] as CatalogueProduct) : null;
}
