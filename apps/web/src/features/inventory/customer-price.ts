import { type Product, priceLine } from '@oja/contract';

/** What a customer pays: the retail price less its discount, exactly as a cart (and so the sale) prices it. */
export const customerPrice = (product: Product, quantity = 1) =>
  priceLine(product, { quantity, pricing_strategy: 'retail', apply_discount: true });
