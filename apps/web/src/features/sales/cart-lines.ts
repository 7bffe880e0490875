import {
  type Cart,
  type CartItemInput,
  fromKobo,
  type Product,
  priceLine,
  toKobo,
  type UpdateCartBody,
} from '@oja/contract';

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

/**
 * The lines to save when the cart changed on another phone while this one edited it: the other phone's lines
 * (`theirs`), with this phone's own changes since `base` (the cart as it opened) made on top of them. A line
 * this phone did not touch is as the other phone left it, added or removed there included; a line this phone
 * added, removed or changed the quantity of is as this phone has it.
 */
export function rebaseLines(
  base: readonly LineInput[],
  mine: readonly LineInput[],
  theirs: readonly LineInput[],
): LineInput[] {
  const keyOf = (line: LineInput) => `${infoKey(line)}:${line.product_batch_id ?? ''}`;
  const baseQuantity = new Map(base.map((line) => [keyOf(line), quantityOf(line.quantity)]));
  const isMine = (key: string, line: LineInput | undefined) =>
    baseQuantity.has(key) ? quantityOf(line?.quantity) !== baseQuantity.get(key) : line !== undefined;
  const ownLines = new Map(mine.map((line) => [keyOf(line), line]));
  const lines: LineInput[] = [];
  for (const line of theirs) {
    const key = keyOf(line);
    const own = ownLines.get(key);
    ownLines.delete(key);
    if (!isMine(key, own)) lines.push(line);
    else if (own) lines.push(own);
  }
  // Lines the other phone no longer has: kept when this phone added or changed them.
  for (const [key, own] of ownLines) if (isMine(key, own)) lines.push(own);
  return lines;
}

/** What a line shows beside its quantity: the product and its price now. */
export type LineInfo = {
  product_name: string;
  currency: string;
  net_unit_price: string;
  quantity_in_stock: number;
  is_archived?: boolean;
};

/** Lines of one product differ by how they are priced. */
export const infoKey = (line: Pick<LineInput, 'product_id' | 'pricing_strategy' | 'apply_discount'>) =>
  `${line.product_id}:${line.pricing_strategy ?? 'retail'}:${line.apply_discount !== false}`;

/** A product just picked for the cart, priced as the server will price its line (the contract's priceLine). */
export function productLineInfo(product: Product, line: LineInput): LineInfo {
  const priced = priceLine(product, {
    quantity: 1,
    pricing_strategy: line.pricing_strategy ?? 'retail',
    apply_discount: line.apply_discount ?? true,
  });
  return {
    product_name: product.product_name,
    currency: product.currency,
    net_unit_price: priced.net_unit_price,
    quantity_in_stock: product.quantity_in_stock,
  };
}

/** A quantity box's value as a count: a half-typed or empty box counts as 0 until it is fixed. */
export function quantityOf(value: number | string | undefined): number {
  const count = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(count) && count > 0 ? count : 0;
}

const lineKobo = (netUnitPrice: string, quantity: number | string | undefined) =>
  toKobo(netUnitPrice) * BigInt(quantityOf(quantity));

/** net unit price × quantity, exact (integer kobo). */
export function lineTotal(netUnitPrice: string, quantity: number | string | undefined): string {
  return fromKobo(lineKobo(netUnitPrice, quantity));
}

/**
 * The cart's total while it is being edited, summed in integer kobo. Only a
 * preview: the server prices the saved cart, and that total is the one charged.
 * A line whose price is not known yet counts as nothing.
 */
export function previewTotal(lines: readonly LineInput[], info: Readonly<Record<string, LineInfo>>): string {
  let kobo = 0n;
  for (const line of lines) {
    const known = info[infoKey(line)];
    // Summed as kobo, never read back from a line's text: a line past what an amount can hold (1e9 typed
    // as a quantity) is no money string, and toKobo threw on it, taking the whole page down with the cart.
    if (known) kobo += lineKobo(known.net_unit_price, line.quantity);
  }
  return fromKobo(kobo);
}
