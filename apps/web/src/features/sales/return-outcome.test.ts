import type { SaleDetail } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import { returnOutcome } from './return-outcome';

const line = (id: number, quantity: number, lineTotal: string) =>
  ({ id, quantity, line_total: lineTotal, returned_quantity: 0 }) as SaleDetail['lines'][number];
/** 3 × 333.33 and 2 × 500.00 = 1,999.99, paid 1,000.00. */
const sale = {
  total_cart_amount: '1999.99',
  amount_paid: '1000.00',
  balance: '999.99',
  lines: [line(1, 3, '999.99'), line(2, 2, '1000.00')],
} as SaleDetail;
const values = (first: number | '', second: number | '', refund = '', byTransfer = '') => ({
  reason: 'x',
  restock: 'restock' as const,
  refunds: { cash: refund, bank_transfer: byTransfer, pos_card: '' },
  lines: [
    { sale_line_id: 1, left: 3, quantity: first },
    { sale_line_id: 2, left: 2, quantity: second },
  ],
});

describe('what a return leaves', () => {
  it('values units at their exact net price and takes what is not refunded off the debt', () => {
    expect(returnOutcome(sale, values(2, 0))).toMatchObject({
      value: '666.66',
      total: '1333.33',
      paid: '1000.00',
      balance: '333.33',
      leastRefund: '0.00',
      status: 'partial',
      isValid: true,
    });
  });

  it('asks for the refund of what was already paid for, and says when everything comes back', () => {
    const all = returnOutcome(sale, values(3, 2));
    expect(all).toMatchObject({
      value: '1999.99',
      balance: '-1000.00',
      leastRefund: '1000.00',
      isEverything: true,
      problem: 'refundTooSmall',
      isValid: false,
    });
    expect(returnOutcome(sale, values(3, 2, '1,000'))).toBeNull();
    expect(returnOutcome(sale, values(3, 2, '1000'))).toMatchObject({ balance: '0.00', status: 'paid', isValid: true });
  });

  it('has no outcome for a count that is not one', () => {
    expect(returnOutcome(sale, values(2.5, 0))).toBeNull();
    expect(returnOutcome(sale, values(-3, 0))).toBeNull();
    expect(returnOutcome(sale, values(4, 0))).toBeNull();
  });

  it('adds a refund split over methods, sends the methods with an amount, and says what comes off the debt', () => {
    expect(returnOutcome(sale, values(2, 0, '400', '100.50'))).toMatchObject({
      value: '666.66',
      refunded: '500.50',
      offDebt: '166.16',
      refunds: [
        { method: 'cash', amount: '400' },
        { method: 'bank_transfer', amount: '100.50' },
      ],
      paid: '499.50',
      balance: '833.83',
      problem: null,
      isValid: true,
    });
    expect(returnOutcome(sale, values(2, 0, '0', ''))?.refunds).toEqual([]);
    // Over what was paid, in all: refused in words before it is sent.
    expect(returnOutcome(sale, values(3, 2, '600', '600'))).toMatchObject({ problem: 'moreThanPaid', isValid: false });
    expect(returnOutcome(sale, values(1, 0, '300', '100'))).toMatchObject({ problem: 'moreThanReturned' });
    expect(returnOutcome(sale, values(2, 0, '400', 'abc'))).toBeNull();
  });
});
