import { COUNTER_SCREEN_MESSAGES, type CounterSaleAnswer, formatMoney } from '@oja/contract';

/** A list price with its discount, as the clerk reads it: "₦1,350.50" or "₦1,350.50 less 10%". */
function priceWords(unitPrice: string, discount: string, currency: string): string {
  const price = formatMoney(unitPrice, currency);
  return Number(discount) === 0 ? price : `${price} less ${Number(discount)}%`;
}

/**
 * What the server's answer tells the clerk beyond "recorded": units that were not in stock and lines sold at
 * another price than the product's. Both stand (the sale is made); the owner settles them.
 */
export function answerNotices(answer: CounterSaleAnswer | null, currency: string): string[] {
  if (!answer) return [];
  return [
    ...answer.shortfalls.map((row) => COUNTER_SCREEN_MESSAGES.shortfall(row.quantity, row.product_name)),
    ...answer.price_flags.map((row) =>
      COUNTER_SCREEN_MESSAGES.priceFlag(
        row.product_name,
        priceWords(row.charged_unit_price, row.charged_discount_percentage, currency),
        priceWords(row.product_unit_price, row.product_discount_percentage, currency),
      ),
    ),
  ];
}
