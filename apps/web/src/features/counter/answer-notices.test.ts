import type { CounterSaleAnswer, PriceFlag, Shortfall } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import { answerNotices } from './answer-notices';

const shortfall = (quantity: number, product_name: string) => ({ quantity, product_name }) as Shortfall;
const flag = (charged: string, current: string, chargedOff = '0.00', currentOff = '0.00') =>
  ({
    product_name: 'Peak Milk',
    charged_unit_price: charged,
    product_unit_price: current,
    charged_discount_percentage: chargedOff,
    product_discount_percentage: currentOff,
  }) as PriceFlag;
const answer = (shortfalls: Shortfall[], price_flags: PriceFlag[]) =>
  ({ sale: { id: 1 }, shortfalls, price_flags }) as unknown as CounterSaleAnswer;

describe("the clerk's words for the server's answer", () => {
  it('says nothing before an answer, nor for a sale recorded as it was made', () => {
    expect(answerNotices(null, 'NGN')).toEqual([]);
    expect(answerNotices(answer([], []), 'NGN')).toEqual([]);
  });

  it('names the units that were not in stock', () => {
    expect(answerNotices(answer([shortfall(2, 'Peak Milk'), shortfall(1, 'Rice')], []), 'NGN')).toEqual([
      '2 × Peak Milk were not in stock: the owner has been told.',
      '1 × Rice was not in stock: the owner has been told.',
    ]);
  });

  it('names the price charged and the price of the product, with their discounts', () => {
    expect(answerNotices(answer([], [flag('1350.50', '1400.00')]), 'NGN')).toEqual([
      'Peak Milk was sold at ₦1,350.50; its price is ₦1,400.00: the owner has been told.',
    ]);
    expect(answerNotices(answer([], [flag('1400.00', '1400.00', '10.00', '0.00')]), 'NGN')).toEqual([
      'Peak Milk was sold at ₦1,400.00 less 10%; its price is ₦1,400.00: the owner has been told.',
    ]);
  });
});
