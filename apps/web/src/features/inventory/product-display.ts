import { type Batch, type EndpointInput, type Product, type STOCK_ENDPOINTS, STOCK_MESSAGES } from '@oja/contract';

/** "10.00" → "10% off", "12.50" → "12.5% off"; no label for no discount. Exact: the string is never a float. */
export function discountLabel(percentage: string): string | null {
  const trimmed = percentage.includes('.') ? percentage.replace(/0+$/, '').replace(/\.$/, '') : percentage;
  if (/^0*$/.test(trimmed)) return null;
  return `${trimmed.replace(/^0+(?=\d)/, '')}% off`;
}

/** An expiry typed as a day before today (YYYY-MM-DD, compared as text): blank is no expiry. */
export function isPastExpiry(day: string | null | undefined, today: string): boolean {
  return !!day && day < today;
}

/**
 * What a card says of a product's stock. Low is the server's rule (its Low stock filter and the overview): fewer
 * sellable units than the reorder level; a card that said only "In stock" left the filter's choice unexplained.
 */
export function stockStatus(product: Pick<Product, 'quantity_in_stock' | 'reorder_level'>): {
  label: string;
  color: 'teal' | 'orange' | 'red';
} {
  const quantity = product.quantity_in_stock;
  if (quantity <= 0) return { label: STOCK_MESSAGES.outOfStock, color: 'red' };
  const level = product.reorder_level ?? null;
  if (level !== null && quantity < level) return { label: STOCK_MESSAGES.lowStock(quantity, level), color: 'orange' };
  return { label: STOCK_MESSAGES.inStock(quantity), color: 'teal' };
}

/**
 * The expiry a card shows: that of the first batch (the server sends them soonest
 * first, no expiry last) that still holds sellable units. `undefined` when no
 * batch does; `null` when that batch never expires.
 */
export function firstExpiry(batches: readonly Batch[]): string | null | undefined {
  const sellable = batches.find((batch) => batch.quantity > 0 && !batch.is_expired);
  return sellable === undefined ? undefined : sellable.expiration_date;
}

/** The fields of the Edit form, as the product holds them. */
export type EditedFields = Pick<
  Product,
  | 'product_name'
  | 'sku'
  | 'cost_price'
  | 'selling_price'
  | 'selling_price_discount_percentage'
  | 'wholesale_price'
  | 'wholesale_price_discount_percentage'
  | 'currency'
  | 'reorder_level'
  | 'barcode'
>;
export type ProductChanges = Omit<EndpointInput<typeof STOCK_ENDPOINTS.updateProduct>, 'id' | 'business_id'>;

const EDITED_KEYS = [
  'product_name',
  'sku',
  'cost_price',
  'selling_price',
  'selling_price_discount_percentage',
  'wholesale_price',
  'wholesale_price_discount_percentage',
  'currency',
  'reorder_level',
  'barcode',
] as const satisfies readonly (keyof EditedFields)[];

/**
 * Only what the Edit form changed (PATCH sends changed fields only). `edited` is
 * the form's schema output, so money is already in the server's two-decimal form.
 */
export function changedFields(
  product: EditedFields & Pick<Product, 'category'>,
  edited: Omit<EditedFields, 'wholesale_price'> & { wholesale_price?: string | null; category?: string | null },
): ProductChanges {
  const changes: Record<string, unknown> = {};
  for (const key of EDITED_KEYS) {
    const next = edited[key] ?? null;
    if (next !== (product[key] ?? null)) changes[key] = next;
  }
  // The category travels by name; its case as typed finds the same one, so only another name is a change.
  const category = edited.category ?? null;
  if (category?.toLowerCase() !== (product.category?.name ?? null)?.toLowerCase()) changes.category = category;
  return changes as ProductChanges;
}

/**
 * A batch number for a delivery received today, as a SKU is made up when none is typed: "B-20261205", then
 * "B-20261205-2" for a second delivery that day. A person with the supplier's number types over it.
 */
export function suggestBatchNumber(existing: readonly string[], today: string): string {
  const taken = new Set(existing.map((number) => number.toLowerCase()));
  const stem = `B-${today.replaceAll('-', '')}`;
  if (!taken.has(stem.toLowerCase())) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`.toLowerCase())) return `${stem}-${n}`;
}
