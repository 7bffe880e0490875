import { type DayCloseExpectedLine, isMoneyString, sumMoney, toCountOf } from '@oja/contract';

/**
 * What a count typed on the Close the day form says of its line: counted − what there is to count (the expected
 * amount, or nothing when more went out by the method than came in), exact; null while what is typed is not an
 * amount yet. The server judges a close by the same difference (count_difference).
 */
export function countDifferenceOf(line: Pick<DayCloseExpectedLine, 'expected'>, typed: string): string | null {
  const value = typed.trim();
  if (!isMoneyString(value)) return null;
  const toCount = toCountOf(line.expected);
  return sumMoney([value, toCount === '0.00' ? '0.00' : `-${toCount}`]);
}

/** Whether a line must be counted: something should be there. A method that paid out more than it took in has
 * nothing left to count, and its count left empty is nothing. */
export function mustCount(line: Pick<DayCloseExpectedLine, 'expected'>): boolean {
  return toCountOf(line.expected) !== '0.00';
}
