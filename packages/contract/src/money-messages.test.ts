import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { MONEY_MESSAGES, moneyProblem, moneySchema } from './money';
import { adjustBatchFormSchema, createProductBodySchema, receiveBatchFormSchema, STOCK_MESSAGES } from './stock';

const messageOf = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }, field: string) =>
  result.error?.issues.find((issue) => issue.path[0] === field)?.message;

describe('moneyProblem', () => {
  it('names the first problem a person would fix', () => {
    expect(moneyProblem('1500.50')).toBeNull();
    expect(moneyProblem(' 7 ')).toBeNull();
    expect(moneyProblem('')).toBe('missing');
    expect(moneyProblem('1.005')).toBe('decimals');
    expect(moneyProblem('-5.00')).toBe('negative');
    expect(moneyProblem('999999999999999.99')).toBe('tooLarge');
    expect(moneyProblem('9999999999999.00')).toBe('tooLarge');
    // Leading zeros are no digits of the amount.
    expect(moneyProblem('0000000000000012')).toBe('format');
    for (const bad of ['1e3', 'abc', '1,500', '1.', '.5', '₦1500']) expect(moneyProblem(bad)).toBe('format');
  });
});

describe('moneySchema', () => {
  it('says an amount past numeric(14,2) is too large, for every caller, and otherwise keeps its messages', () => {
    const schema = moneySchema({ invalid: 'bad' });
    expect(schema.safeParse('9999999999999.00').error?.issues[0]?.message).toBe(MONEY_MESSAGES.tooLarge);
    expect(schema.safeParse('999999999999.99').data).toBe('999999999999.99');
    for (const bad of ['1.005', '-1', '1e3', '', 12])
      expect(schema.safeParse(bad).error?.issues[0]?.message).toBe('bad');
  });
});

describe('product prices', () => {
  const product = {
    business_id: 1,
    product_name: 'Golden Penny Semovita',
    cost_price: '1000',
    selling_price: '1500',
    batches: [{ batch_number: 'B-001', quantity: 3 }],
  };
  const check = (fields: Record<string, unknown>, field: string) =>
    messageOf(createProductBodySchema.safeParse({ ...product, ...fields }), field);

  it('names the real problem of a price', () => {
    expect(check({ cost_price: '1.005' }, 'cost_price')).toBe(MONEY_MESSAGES.decimals);
    expect(check({ selling_price: '1.005' }, 'selling_price')).toBe(MONEY_MESSAGES.decimals);
    expect(check({ selling_price: 1000 }, 'selling_price')).toBe(MONEY_MESSAGES.format);
    expect(check({ selling_price: '1e3' }, 'selling_price')).toBe(MONEY_MESSAGES.format);
    expect(check({ selling_price: { a: 1 } }, 'selling_price')).toBe(MONEY_MESSAGES.format);
    expect(check({ selling_price: 'abc' }, 'selling_price')).toBe(MONEY_MESSAGES.format);
    expect(check({ selling_price: '999999999999999.99' }, 'selling_price')).toBe(MONEY_MESSAGES.tooLarge);
    expect(check({ wholesale_price: 'abc' }, 'wholesale_price')).toBe(MONEY_MESSAGES.format);
    expect(check({ wholesale_price: '-1' }, 'wholesale_price')).toBe(MONEY_MESSAGES.negative);
  });

  it("keeps the spec's sentence for a price that is missing, 0 or below", () => {
    expect(check({ cost_price: undefined }, 'cost_price')).toBe(MESSAGES.product.costPositive);
    expect(check({ cost_price: '' }, 'cost_price')).toBe(MESSAGES.product.costPositive);
    expect(check({ cost_price: '0' }, 'cost_price')).toBe(MESSAGES.product.costPositive);
    expect(check({ cost_price: '-5.00' }, 'cost_price')).toBe(MESSAGES.product.costPositive);
    expect(check({ selling_price: '0.00' }, 'selling_price')).toBe(MESSAGES.product.sellingPositive);
    expect(createProductBodySchema.safeParse(product).success).toBe(true);
  });

  it("names a received batch's cost price problem, not a product's", () => {
    const batch = { batch_number: 'B-002', quantity: 2 };
    expect(messageOf(receiveBatchFormSchema.safeParse({ ...batch, cost_price: '9.999' }), 'cost_price')).toBe(
      MONEY_MESSAGES.decimals,
    );
    expect(receiveBatchFormSchema.safeParse({ ...batch, cost_price: '' }).success).toBe(true);
  });
});

describe('batch adjustments', () => {
  it('refuses a change past 3 decimals with a message, never truncating it; whole or not is the product’s to say', () => {
    const result = adjustBatchFormSchema.safeParse({ delta: 1.2345, reason: 'count_correction' });
    expect(messageOf(result, 'delta')).toBe(STOCK_MESSAGES.changeDecimals);
    // 1.5 is a change a weighed product takes (ADR 0031): the server refuses it of a piece product.
    expect(adjustBatchFormSchema.safeParse({ delta: -1.5, reason: 'damage' }).success).toBe(true);
  });

  it("words a batch's shortfall apart from a sale's", () => {
    expect(STOCK_MESSAGES.batchHoldsOnly(5)).toBe('This batch holds only 5.');
    expect(STOCK_MESSAGES.batchHoldsOnly(5)).not.toBe(MESSAGES.product.insufficientStock);
    expect(STOCK_MESSAGES.onlyInStock(154)).toBe('Only 154 in stock');
  });
});
