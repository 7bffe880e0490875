import { describe, expect, it } from 'vitest';
import { dayCloseShareText, expectedWords, hasDifference, paidOutOf, toCountOf } from './day-closes';
import { fromKobo, toKobo } from './money';
import {
  debtShareText,
  howToPayRest,
  normalizeNigerianPhone,
  saleShareText,
  statementShareText,
  whatsappUrl,
} from './share';

const sale = {
  id: 42,
  currency: 'NGN',
  customer_name: 'Chidi',
  total_cart_amount: '5100.00',
  amount_paid: '1000.00',
  balance: '4100.00',
  status: 'active',
  lines: [
    { product_name: 'Semovita 1kg', quantity: 1, line_total: '1350.00' },
    { product_name: 'Semovita 1kg', quantity: 1, line_total: '1350.00' },
    { product_name: 'Peak Milk', quantity: 3, line_total: '2400.00' },
  ],
};

const shop = { name: 'Shop', bank_name: 'GTBank', account_number: '0123456789', account_name: 'Ada Stores' };

describe('WhatsApp shares', () => {
  it('sums up a sale: shop, items, total, paid, balance and how to pay the rest', () => {
    const text = saleShareText({ name: 'Mama Put Stores' }, sale);
    expect(text.split('\n')).toEqual([
      '*Mama Put Stores*',
      'Sale #42',
      '• 2 × Semovita 1kg',
      '• 3 × Peak Milk',
      'Total: ₦5,100.00',
      'Paid: ₦1,000.00',
      'Balance: ₦4,100.00',
      'To pay the rest, pay at Mama Put Stores by cash, bank transfer or POS card, and quote the sale number.',
    ]);
    expect(saleShareText({ name: 'S' }, { ...sale, balance: '0.00', amount_paid: '5100.00' })).toContain(
      'Paid in full',
    );
    const cancelled = saleShareText({ name: 'S' }, { ...sale, status: 'cancelled' });
    expect(cancelled).toContain('Sale #42 (cancelled)');
    expect(cancelled).toContain('Refunded: ₦1,000.00');
    expect(cancelled).not.toContain('Balance');
  });

  it('names a counter sale by the receipt number printed on its receipt', () => {
    const text = saleShareText({ name: 'S' }, { ...sale, receipt_number: 'BIS-0042' });
    expect(text.split('\n')[1]).toBe('Receipt BIS-0042');
    expect(text).not.toContain('#42');
  });

  it('lists a debt’s open sales and the total owed', () => {
    const text = debtShareText(shop, {
      customer_name: 'Chidi',
      currency: 'NGN',
      total_owed: '4600.00',
      open_sales: [
        { id: 1, total_cart_amount: '1000.00', balance: '500.00', created_at: '2026-01-01T10:00:00Z' },
        { id: 2, total_cart_amount: '5100.00', balance: '4100.00', created_at: '2026-01-02T10:00:00Z' },
      ],
    });
    expect(text).toContain('• Sale #1: ₦500.00 of ₦1,000.00');
    expect(text).toContain('• Sale #2: ₦4,100.00 of ₦5,100.00');
    expect(text).toContain('Total owed: ₦4,600.00');
    // The shop's account, from its profile, is where a transfer goes.
    expect(text.split('\n').at(-1)).toBe(
      'To pay the rest, transfer to GTBank 0123456789 (Ada Stores) or pay at Shop by cash or POS card, and quote the sale number.',
    );
  });

  it("a customer's statement says what they bought and owe, on which sales, and how to pay", () => {
    const shop = { name: 'Shop', bank_name: 'GTBank', account_number: '0123456789', account_name: 'Ada Stores' };
    const text = statementShareText(shop, {
      customer_name: 'Ngozi Eze',
      balances: [{ currency: 'NGN', total_bought: '6000.00', owed: '2500.00', owing_since: '2026-01-01T10:00:00Z' }],
      open_sales: [
        { id: 7, receipt_number: null, currency: 'NGN', balance: '500.00' },
        { id: 9, receipt_number: 'ADA-0042', currency: 'NGN', balance: '2000.00' },
      ],
    });
    expect(text.split('\n')).toEqual([
      '*Shop*',
      'Ngozi Eze, your statement:',
      'Bought: ₦6,000.00',
      'You owe: ₦2,500.00',
      '• Sale #7: ₦500.00',
      '• Receipt ADA-0042: ₦2,000.00',
      howToPayRest(shop),
    ]);
    const settled = statementShareText(shop, {
      customer_name: 'Tunde',
      balances: [{ currency: 'NGN', total_bought: '100.00', owed: '0.00', owing_since: null }],
      open_sales: [],
    });
    expect(settled.split('\n').at(-1)).toBe('Nothing is owed. Thank you!');
  });

  it('opens wa.me with the text, to the customer’s number when there is one', () => {
    expect(whatsappUrl('Hi & bye')).toBe('https://wa.me/?text=Hi%20%26%20bye');
    expect(whatsappUrl('Hi', '+2348031234567')).toBe('https://wa.me/2348031234567?text=Hi');
    expect(whatsappUrl('Hi', null)).toBe('https://wa.me/?text=Hi');
  });

  it('normalises Nigerian numbers to +234 and ten digits, and refuses others', () => {
    expect(normalizeNigerianPhone('0803 123 4567')).toBe('+2348031234567');
    expect(normalizeNigerianPhone('+234 803-123-4567')).toBe('+2348031234567');
    expect(normalizeNigerianPhone('2349031234567')).toBe('+2349031234567');
    expect(normalizeNigerianPhone('8031234567')).toBe('+2348031234567');
    expect(normalizeNigerianPhone('0803123456')).toBeNull();
    expect(normalizeNigerianPhone('+44 7700 900123')).toBeNull();
    expect(normalizeNigerianPhone('phone')).toBeNull();
  });
});

describe('dayCloseShareText', () => {
  it('says per method what should be there, what was counted and the difference, with the note and unsent sales', () => {
    const line = (
      method: 'cash' | 'bank_transfer' | 'pos_card',
      expected: string,
      counted: string,
      difference: string,
    ) => ({
      method,
      currency: 'NGN' as const,
      received: expected,
      refunded: '0.00',
      spent: '0.00',
      expected,
      paid_out: paidOutOf(expected),
      counted,
      difference,
      count_difference: fromKobo(toKobo(counted) - toKobo(toCountOf(expected))),
    });
    const text = dayCloseShareText(
      'Mama Put Stores',
      {
        scope: 'own',
        closed_by_name: 'Ada Obi',
        period_start: '2026-05-01T07:00:00.000Z',
        period_end: '2026-05-01T17:00:00.000Z',
        note: 'Change from my purse',
        pending_outbox: 1,
        lines: [
          line('cash', '1750.00', '1700.00', '-50.00'),
          line('bank_transfer', '1900.00', '1900.00', '0.00'),
          // More paid out by card than came in: nothing to count, and a count of nothing is exact.
          line('pos_card', '-1200.00', '0.00', '1200.00'),
        ],
      },
      (iso) => iso.slice(11, 16),
    );
    expect(text.split('\n')).toEqual([
      '*Mama Put Stores*',
      'Day close: Ada Obi',
      '07:00 to 17:00',
      'Cash: expected ₦1,750.00, counted ₦1,700.00, ₦50.00 short',
      'Bank transfer: expected ₦1,900.00, counted ₦1,900.00, exact',
      'POS card: ₦1,200.00 paid out, counted ₦0.00, exact',
      'Note: Change from my purse',
      '1 sale on this phone not sent yet: not in this close.',
      'Closed by Ada Obi',
    ]);
  });

  it('says what was paid out by a method that took in less than went out, and judges a count against nothing', () => {
    expect(paidOutOf('-1200.00')).toBe('1200.00');
    expect(paidOutOf('-0.00')).toBe('0.00');
    expect(paidOutOf('300.00')).toBe('0.00');
    expect(toCountOf('-1200.00')).toBe('0.00');
    expect(toCountOf('300.00')).toBe('300.00');
    expect(expectedWords('-1200.00', 'NGN')).toBe('₦1,200.00 paid out');
    expect(expectedWords('300.00', 'NGN')).toBe('₦300.00');
    expect(expectedWords('0.00', 'NGN')).toBe('₦0.00');
    expect(hasDifference([{ count_difference: '0.00' }, { count_difference: '-0.00' }])).toBe(false);
    expect(hasDifference([{ count_difference: '0.00' }, { count_difference: '5.00' }])).toBe(true);
  });
});
