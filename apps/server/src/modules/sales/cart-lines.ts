/** What creating and editing a cart share: merging lines, checking them against the stock, writing them. */
import { type Cart, type createCartBodySchema, DEFAULT_CUSTOMER_NAME, MESSAGES, SALES_MESSAGES } from '@oja/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type * as z from 'zod';
import type { Tx } from '../../db/client';
import { cart_items, product_batches, products } from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { loadCarts, sellableStock } from './cart-items';
import { requireCustomer } from './customers';

export type ItemInput = z.output<typeof createCartBodySchema>['items'][number];
export type CartItemRow = {
  product_id: number;
  product_batch_id: number | null;
  quantity: number;
  pricing_strategy: ItemInput['pricing_strategy'];
  apply_discount: boolean;
};

export async function loadCart(ctx: BusinessContext, cartId: number): Promise<Cart> {
  const [cart] = await loadCarts(ctx.db, ctx.businessId, [cartId]);
  // Deleted (or confirmed) by someone else right after this request wrote it.
  if (!cart) throw notFound(MESSAGES.cart.notFound);
  return cart;
}

/** Lines asking for the same product, batch, pricing and discount become one line. */
export function mergeItems(items: readonly ItemInput[]): CartItemRow[] {
  const merged = new Map<string, CartItemRow>();
  for (const item of items) {
    const row: CartItemRow = { ...item, product_batch_id: item.product_batch_id ?? null };
    const key = [row.product_id, row.product_batch_id, row.pricing_strategy, row.apply_discount].join(':');
    const same = merged.get(key);
    if (same) same.quantity += row.quantity;
    else merged.set(key, row);
  }
  return [...merged.values()];
}

export async function customerNameOf(
  tx: Tx,
  businessId: number,
  customerId: number | null | undefined,
  customerName: string | undefined,
): Promise<string> {
  const registeredName = customerId ? await requireCustomer(tx, businessId, customerId) : null;
  return customerName ?? registeredName ?? DEFAULT_CUSTOMER_NAME;
}

/**
 * Every line names a product of this business (and, if any, one of its batches);
 * a product newly put in the cart must be in stock; all lines share one currency.
 */
export async function checkItems(tx: Tx, businessId: number, items: CartItemRow[], alreadyInCart: Set<number>) {
  if (items.length === 0) return;
  const productIds = [...new Set(items.map((item) => item.product_id))];
  const found = await tx
    .select({
      id: products.id,
      currency: products.currency,
      archived_at: products.archived_at,
      quantity_in_stock: sellableStock,
    })
    .from(products)
    .where(and(eq(products.business_id, businessId), inArray(products.id, productIds)));
  const byId = new Map(found.map((product) => [product.id, product]));
  const itemError = (index: number, field: string, message: string) =>
    badRequest(message, { [`items.${index}.${field}`]: [message] });

  for (const [index, item] of items.entries()) {
    const product = byId.get(item.product_id);
    const isKept = alreadyInCart.has(item.product_id);
    if (!product || (product.archived_at && !isKept)) throw itemError(index, 'product_id', MESSAGES.product.notFound);
    if (product.quantity_in_stock <= 0 && !isKept)
      throw itemError(index, 'product_id', MESSAGES.product.outOfStockForCart);
  }
  if (new Set(found.map((product) => product.currency)).size > 1) {
    throw badRequest(MESSAGES.cart.mixedCurrency, { items: [MESSAGES.cart.mixedCurrency] });
  }

  const batchIds = items.flatMap((item) => (item.product_batch_id === null ? [] : [item.product_batch_id]));
  if (batchIds.length === 0) return;
  const batches = await tx
    .select({ id: product_batches.id, product_id: product_batches.product_id })
    .from(product_batches)
    .where(and(eq(product_batches.business_id, businessId), inArray(product_batches.id, batchIds)));
  const productOfBatch = new Map(batches.map((batch) => [batch.id, batch.product_id]));
  for (const [index, item] of items.entries()) {
    if (item.product_batch_id !== null && productOfBatch.get(item.product_batch_id) !== item.product_id) {
      throw itemError(index, 'product_batch_id', SALES_MESSAGES.batchNotFound);
    }
  }
}

export async function insertItems(tx: Tx, businessId: number, cartId: number, items: CartItemRow[]): Promise<void> {
  if (items.length === 0) return;
  await tx.insert(cart_items).values(items.map((item) => ({ ...item, business_id: businessId, cart_id: cartId })));
}
