import { describe, expect, it } from 'vitest';
import { readTypedMoney } from './money-input';

describe('readTypedMoney', () => {
  it('reads thousands grouped as receipts print them', () => {
    expect(readTypedMoney('1,500')).toBe('1500');
    expect(readTypedMoney(' 12,000.50 ')).toBe('12000.50');
    expect(readTypedMoney('1,234,567.5')).toBe('1234567.5');
    expect(readTypedMoney('999,999,999,999.99')).toBe('999999999999.99');
  });

  it('takes the naira sign off an amount, as people write it', () => {
    expect(readTypedMoney('₦5,000')).toBe('5000');
    expect(readTypedMoney('N 2,500.50')).toBe('2500.50');
    expect(readTypedMoney('ngn1500')).toBe('1500');
    expect(readTypedMoney('₦950.5')).toBe('950.5');
  });

  it('leaves every other text as typed, so that no figure changes its value', () => {
    for (const text of [
      '1,50',
      '1500,000',
      '1,5000',
      ',500',
      '1,500.505',
      '1.500,00',
      '-1,500',
      '1500',
      '1,',
      '₦',
      '₦1,50',
      'N-5',
      '₦5.000',
    ]) {
      expect(readTypedMoney(text)).toBe(text);
    }
  });
});
