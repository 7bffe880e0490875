import { type Cart, type CartItemInput, fromKobo, toKobo, type UpdateCartBody } from '@oja/contract';

/** A line as the cart calls send it. */
export type LineInput = Required<Pick<CartItemInput, 'product_id' | 'quantity'>> &
  Pick<CartItemInput, 'product_batch_id' | 'pricing_strategy' | 'apply_discount'>;

/** The cart's lines as inputs of a full update. */
export function lineInputs(cart: Cart): LineInput[] {
  return cart.items.map((item) => ({
    product_id: item.product_id,
    product_batch_id: item.product_batch_id,
    quantity: item.quantity,
    pricing_strategy: item.pricing_strategy,
    apply_discount: item.apply_discount,
  }));
}

/** Adds units of a product: to its retail line when there is one, else as a new retail line. */
export function withProduct(lines: readonly LineInput[], productId: number, quantity: number): LineInput[] {
  const isRetailLine = (line: LineInput) =>
    line.product_id === productId && (line.pricing_strategy ?? 'retail') === 'retail' && line.apply_discount !== false;
  if (!lines.some(isRetailLine)) {
    return [...lines, { product_id: productId, quantity, pricing_strategy: 'retail', apply_discount: true }];
  }
  return lines.map((line) => (isRetailLine(line) ? { ...line, quantity: line.quantity + quantity } : line));
}

/** The full update that keeps the cart as it is but for these lines. */
export function cartUpdate(cart: Cart, items: LineInput[]): Omit<UpdateCartBody, 'business_id'> {
  return { id: cart.id, title: cart.title, customer_name: cart.customer_name, customer_id: cart.customer_id, items };
}

/** net unit price × quantity, exact. */
export function lineTotal(netUnitPrice: string, quantity: number): string {
  return fromKobo(toKobo(netUnitPrice) * BigInt(Math.max(0, Math.trunc(quantity))));
}
