import { describe, expect, it } from 'vitest';
import { countDifferenceOf, mustCount } from './close-lines';

describe('a count typed on the Close the day form', () => {
  it('is judged against the expected amount: short below it, over above it', () => {
    expect(countDifferenceOf({ expected: '4000.00' }, '3900')).toBe('-100.00');
    expect(countDifferenceOf({ expected: '4000.00' }, '4000.00')).toBe('0.00');
    expect(countDifferenceOf({ expected: '4000.00' }, '4000.5')).toBe('0.50');
    expect(countDifferenceOf({ expected: '4000.00' }, '')).toBeNull();
    expect(countDifferenceOf({ expected: '4000.00' }, '12abc')).toBeNull();
    expect(mustCount({ expected: '4000.00' })).toBe(true);
    expect(mustCount({ expected: '0.00' })).toBe(false);
  });

  it('of a method that paid out more than it took in is judged against nothing: 0 balances it, more is over', () => {
    // A transfer expense of ₦1,200 and no transfer takings: nothing is left to count, not "₦1,200.00 over".
    expect(countDifferenceOf({ expected: '-1200.00' }, '0')).toBe('0.00');
    expect(countDifferenceOf({ expected: '-1200.00' }, '50')).toBe('50.00');
    expect(mustCount({ expected: '-1200.00' })).toBe(false);
  });
});
