import { describe, expect, it } from 'vitest';
import { type ActivityEntry, activitySentence } from './activity';

const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  id: 1,
  at: '2026-05-01T10:00:00.000Z',
  kind: 'product.price',
  actor: { id: 7, name: 'Ada Obi' },
  subject: { type: 'product', id: 3, label: 'Peak Milk' },
  details: { changes: [], facts: {} },
  ...over,
});

describe('activitySentence', () => {
  it('says a price change old → new in naira', () => {
    const price = entry({
      details: { changes: [{ field: 'selling_price', old: '500.00', new: '550.00' }], facts: {} },
    });
    expect(activitySentence(price)).toBe('Ada Obi changed the price of Peak Milk from ₦500.00 to ₦550.00');
  });

  it("says a supplier payment's correction old → new, and its deletion with the reason", () => {
    const subject = { type: 'supplier_payment' as const, id: 12, label: 'payment #12 to Dangote Depot' };
    expect(
      activitySentence(
        entry({
          kind: 'supplier.payment_update',
          subject,
          details: { changes: [{ field: 'method', old: 'cash', new: 'pos_card' }], facts: {} },
        }),
      ),
    ).toBe('Ada Obi corrected the method of payment #12 to Dangote Depot from Cash to POS card');
    expect(
      activitySentence(
        entry({
          kind: 'supplier.payment_delete',
          subject,
          details: { changes: [], facts: { amount: '5000.00', method: 'bank_transfer', reason: 'Recorded twice' } },
        }),
      ),
    ).toBe('Ada Obi deleted payment #12 to Dangote Depot of ₦5,000.00 by Bank transfer: “Recorded twice”');
  });

  it('says each kind in words, with the facts it has', () => {
    const said = (over: Partial<ActivityEntry>) => activitySentence(entry(over));
    expect(
      said({
        kind: 'product.bulk_price',
        subject: { type: 'repricing', id: 2, label: '12 products' },
        details: { changes: [], facts: { method: 'percent', direction: 'raise', value: '10.00' } },
      }),
    ).toBe('Ada Obi changed the prices of 12 products by +10%');
    expect(
      said({ kind: 'stock.adjust', details: { changes: [], facts: { delta: '-3', reason: 'count_correction' } } }),
    ).toBe('Ada Obi changed the stock of Peak Milk by -3 (Count correction)');
    expect(
      said({
        kind: 'sale.cancel',
        subject: { type: 'sale', id: 9, label: 'A1-0004' },
        details: { changes: [], facts: { total: '3000.00', note: 'Wrong item' } },
      }),
    ).toBe('Ada Obi cancelled sale A1-0004 of ₦3,000.00: “Wrong item”');
    expect(
      said({
        kind: 'sale.return',
        subject: { type: 'sale', id: 9, label: 'A1-0004' },
        details: { changes: [], facts: { value: '1500.00', units: '2', damaged: 'true', note: 'Dented' } },
      }),
    ).toBe('Ada Obi took back 2 items of sale A1-0004 worth ₦1,500.00, written off as damaged: “Dented”');
    expect(
      said({
        kind: 'member.role',
        subject: { type: 'member', id: 4, label: 'Bisi Ade' },
        details: { changes: [{ field: 'role', old: 'sales_rep', new: 'manager' }], facts: {} },
      }),
    ).toBe('Ada Obi changed the role of Bisi Ade from Sales Rep to Manager');
    expect(
      said({
        kind: 'business.update',
        subject: { type: 'business', id: 1, label: 'Ada Stores' },
        details: { changes: [], facts: { logo: 'removed' } },
      }),
    ).toBe('Ada Obi removed the logo of Ada Stores');
    expect(said({ kind: 'account.new_device', details: { changes: [], facts: { device: 'Chrome on Android' } } })).toBe(
      'Ada Obi signed in from a new device (Chrome on Android)',
    );
    // A removed member's entry keeps their name; one without it still reads.
    expect(said({ kind: 'member.remove', actor: { id: null, name: '' } })).toBe(
      'Someone removed Peak Milk from the business',
    );
  });
});
