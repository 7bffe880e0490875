import { describe, expect, it } from 'vitest';
import { formatMoney, fromKobo, moneySchema, normalizeMoney, percentSchema, sumMoney, toKobo } from './money';

describe('money', () => {
  it('converts between strings and kobo without floats', () => {
    expect(toKobo('0.1')).toBe(10n);
    expect(toKobo('1500')).toBe(150000n);
    expect(toKobo('999999999999.99')).toBe(99999999999999n);
    expect(fromKobo(30n)).toBe('0.30');
    expect(fromKobo(-1234n)).toBe('-12.34');
    // 0.1 + 0.2 is the classic float failure; kobo sums are exact.
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(['10.00', '-2.50'])).toBe('7.50');
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', '1.234', '-1', '1e3', 'abc', '1,000', '1234567890123']) {
      expect(() => toKobo(bad)).toThrow();
    }
  });

  it('normalises to two decimals and checks positivity', () => {
    const schema = moneySchema({ invalid: 'bad', positive: 'must be positive' });
    expect(schema.parse('12.5')).toBe('12.50');
    // A number has lost its exactness before it arrives: refused, whatever its value.
    expect(schema.safeParse(12.5).error?.issues[0]?.message).toBe('bad');
    expect(schema.safeParse('0').error?.issues[0]?.message).toBe('must be positive');
    expect(schema.safeParse('12.345').error?.issues[0]?.message).toBe('bad');
    expect(normalizeMoney('7')).toBe('7.00');
  });

  it('bounds percentages to 0-100', () => {
    const schema = percentSchema('Discount must be 0-100%');
    expect(schema.parse('100')).toBe('100.00');
    expect(schema.parse(0)).toBe('0.00');
    expect(schema.safeParse('100.01').success).toBe(false);
    expect(schema.safeParse('-1').success).toBe(false);
  });

  it('formats Naira in the en-NG style, exactly', () => {
    expect(formatMoney('1500.00')).toBe('₦1,500.00');
    expect(formatMoney('12345678901.99')).toBe('₦12,345,678,901.99');
  });
});
