import {
  addQuantities,
  type CatalogueCustomer,
  type CatalogueProduct,
  counterTotals,
  fromMilli,
  type Pack,
  type PaymentMethod,
  priceLine,
  toMilli,
} from '@oja/contract';

/** A sale being made at the counter, before it is confirmed: a product by the unit, or one of its packs. */
export type CartLine = { product: CatalogueProduct; quantity: number; pack?: Pack | null };
export type PaymentDraft = { method: PaymentMethod; amount: string };
/** A customer from the copy, or one typed in (a name and a phone number), or nobody (a walk-in). */
export type CustomerDraft = { customer: CatalogueCustomer } | { name: string; phone: string } | null;

/** A pack sells at its own price, no discount of the unit's applied (ADR 0030): the carts' rule, priceLine. */
export function priced(line: CartLine) {
  if (!line.pack)
    return {
      quantity: line.quantity,
      unit_price: line.product.selling_price,
      discount_percentage: line.product.selling_price_discount_percentage,
    };
  const price = priceLine(
    line.product,
    { quantity: line.quantity, pricing_strategy: 'retail', apply_discount: true },
    line.pack,
  );
  return { quantity: line.quantity, unit_price: price.unit_price, discount_percentage: price.discount_percentage };
}

/** A line of a weighed product by its base unit: its quantity takes up to 3 decimals (ADR 0031). */
export const isWeighedLine = (line: CartLine) => line.product.is_weighed === true && !line.pack;

/** The base units a line takes from stock: a carton of 40 is 40. */
export const baseUnitsOf = (line: CartLine) => fromMilli(toMilli(line.quantity) * (line.pack?.units ?? 1));

const isSameLine = (line: CartLine, product: CatalogueProduct, pack: Pack | null) =>
  line.product.id === product.id && (line.pack?.id ?? null) === (pack?.id ?? null);

export function cartTotal(lines: readonly CartLine[]): string {
  return counterTotals(lines.map(priced), []).total;
}

/** One product (or one of its packs) more in the cart: a new line, or one more of the line it already has. */
export function addOne(lines: readonly CartLine[], product: CatalogueProduct, pack: Pack | null = null): CartLine[] {
  const found = lines.find((line) => isSameLine(line, product, pack));
  if (!found) return [...lines, pack ? { product, quantity: 1, pack } : { product, quantity: 1 }];
  return lines.map((line) => (line === found ? { ...line, quantity: addQuantities(line.quantity, 1) } : line));
}
