import {
  addQuantities,
  type Cart,
  type CartItem,
  type CartItemInput,
  fromKobo,
  hasQuantityDecimals,
  lineTotalKobo,
  type Product,
  priceLine,
  SALES_MESSAGES,
  toKobo,
  UNITS_MESSAGES,
  type UpdateCartBody,
} from '@oja/contract';

/** A line as the cart calls send it. */
export type LineInput = Required<Pick<CartItemInput, 'product_id' | 'quantity'>> &
  Pick<CartItemInput, 'product_batch_id' | 'pricing_strategy' | 'apply_discount' | 'pack_id'>;

/** The cart's lines as inputs of a full update: a line of packs keeps its pack (a full update replaces all). */
export function lineInputs(cart: Cart): LineInput[] {
  return cart.items.map((item) => ({
    product_id: item.product_id,
    product_batch_id: item.product_batch_id,
    quantity: item.quantity,
    pricing_strategy: item.pricing_strategy,
    apply_discount: item.apply_discount,
    ...(item.pack_id ? { pack_id: item.pack_id } : {}),
  }));
}

/**
 * Adds units (or packs, with `packId`) of a product: to its retail line of that pack (or by the unit) when there
 * is one, else as a new retail line.
 */
export function withProduct(
  lines: readonly LineInput[],
  productId: number,
  quantity: number,
  packId: number | null = null,
): LineInput[] {
  const isRetailLine = (line: LineInput) =>
    line.product_id === productId &&
    (line.pricing_strategy ?? 'retail') === 'retail' &&
    line.apply_discount !== false &&
    (line.pack_id ?? null) === packId;
  if (!lines.some(isRetailLine)) {
    return [
      ...lines,
      {
        product_id: productId,
        quantity,
        pricing_strategy: 'retail',
        apply_discount: true,
        ...(packId === null ? {} : { pack_id: packId }),
      },
    ];
  }
  return lines.map((line) =>
    isRetailLine(line) ? { ...line, quantity: addQuantities(quantityOf(line.quantity), quantity) } : line,
  );
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
  /** Sold by weight or volume and by its unit (ADR 0031): the line takes up to 3 decimals of `unit` (0.75 kg). */
  is_weighed?: boolean;
  unit?: string;
};

/** Lines of one product differ by how they are priced, and by the pack they sell (none: by the unit). */
export const infoKey = (line: Pick<LineInput, 'product_id' | 'pricing_strategy' | 'apply_discount' | 'pack_id'>) =>
  `${line.product_id}:${line.pricing_strategy ?? 'retail'}:${line.apply_discount !== false}${
    line.pack_id ? `:pack${line.pack_id}` : ''
  }`;

/** "Indomie (carton)": a line of packs names its pack. */
const lineName = (productName: string, packName: string | null | undefined) =>
  packName ? `${productName} (${packName})` : productName;

/** Stock said in a line's packs (whole packs), or in its unit as it is (12.5 kg). */
const stockIn = (stock: number, packUnits: number | null | undefined) =>
  packUnits ? Math.floor(stock / packUnits) : stock;

/** A weighed product's line by its unit says so; a line of packs counts whole packs. */
const weighedInfo = (isWeighed: boolean | undefined, unit: string | null | undefined, isPack: boolean) =>
  isWeighed && !isPack ? { is_weighed: true, unit: unit ?? undefined } : {};

/** A saved line as the editor shows it: its stock counted in its own packs when it sells by one. */
export function itemLineInfo(item: CartItem): LineInfo {
  return {
    product_name: lineName(item.product_name, item.pack_name),
    currency: item.currency,
    net_unit_price: item.net_unit_price,
    quantity_in_stock: stockIn(item.quantity_in_stock, item.pack_units),
    is_archived: item.is_archived,
    ...weighedInfo(item.is_weighed, item.base_unit, Boolean(item.pack_id)),
  };
}

/** A product just picked for the cart, priced as the server will price its line (the contract's priceLine). */
export function productLineInfo(product: Product, line: LineInput): LineInfo {
  const pack = line.pack_id ? (product.packs?.find((each) => each.id === line.pack_id) ?? null) : null;
  const priced = priceLine(
    product,
    {
      quantity: 1,
      pricing_strategy: line.pricing_strategy ?? 'retail',
      apply_discount: line.apply_discount ?? true,
    },
    pack,
  );
  return {
    product_name: lineName(product.product_name, pack?.name),
    currency: product.currency,
    net_unit_price: priced.net_unit_price,
    quantity_in_stock: stockIn(product.quantity_in_stock, pack?.units),
    ...weighedInfo(product.is_weighed, product.base_unit, pack !== null),
  };
}

/**
 * A line's quantity the product does not take, said before sending as the server would: a fraction of a piece or
 * of a pack (a weighed product's own unit takes 0.75). Its format and range are the contract schema's to say.
 */
export function fractionProblem(line: LineInput, info: LineInfo | undefined): string | null {
  const { quantity } = line;
  if (typeof quantity !== 'number' || Number.isInteger(quantity) || info?.is_weighed) return null;
  return line.pack_id ? UNITS_MESSAGES.packQuantityWhole : SALES_MESSAGES.quantityWhole;
}

/**
 * A quantity box's value as a count (whole, or up to 3 decimals of a weighed product): a half-typed or empty box
 * counts as 0 until it is fixed.
 */
export function quantityOf(value: number | string | undefined): number {
  const count = typeof value === 'number' ? value : Number(value);
  return count > 0 && count <= Number.MAX_SAFE_INTEGER && hasQuantityDecimals(count) ? count : 0;
}

/** net × quantity rounded half up to the kobo once, as the server prices the line (lineTotalKobo, ADR 0031). */
const lineKobo = (netUnitPrice: string, quantity: number | string | undefined) =>
  lineTotalKobo(toKobo(netUnitPrice), quantityOf(quantity));

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
