import {
  activitySentence,
  DAY_CLOSE_MESSAGES,
  type DayCloseExpectedLine,
  ENDPOINTS,
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  type PaymentMethod,
  SUPPLIER_RULES,
} from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activity_log, supplier_payments } from '../../src/db/schema';
import { type Caller, createProduct, type Member, memberLoggedIn, type Owner, signUpCeo, unique } from '../factories';
import { useShop } from '../shop';

/**
 * The owner corrects or deletes a payment made to a supplier. Dangote delivers 10 × 1 000 on credit (owed 10 000);
 * the CEO pays 4 000 in cash (owed 6 000). What is owed, the day's expected amounts and the activity log follow
 * every correction; a closed day's payment stays as counted.
 */
const shop = useShop();
const api = () => shop.api;
let manager: Member;
let coCeo: Member;
let other: Owner;
let dangote: number;
let productId: number;

const keyed = (key?: string) => (key ? { [IDEMPOTENCY_HEADER]: key } : undefined);
const pay = async (by: Caller, amount: string, method: PaymentMethod) => {
  const answer = await api().call(
    ENDPOINTS.suppliers.paySupplier,
    { business_id: by.businessId, supplier_id: dangote, amount, method },
    { token: by.token },
  );
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.data.payment.id;
};
const correct = (
  by: Caller,
  body: { id: number; amount: string; method: PaymentMethod; note?: string; business_id?: number },
  key?: string,
) =>
  api().call(
    ENDPOINTS.suppliers.updateSupplierPayment,
    { business_id: by.businessId, ...body },
    { token: by.token, headers: keyed(key) },
  );
const remove = (by: Caller, body: { id: number; reason: string; business_id?: number }, key?: string) =>
  api().call(
    ENDPOINTS.suppliers.deleteSupplierPayment,
    { business_id: by.businessId, ...body },
    { token: by.token, headers: keyed(key) },
  );
const owed = async () =>
  (
    await api().call(
      ENDPOINTS.suppliers.getSupplier,
      { business_id: shop.ceo.businessId, supplier_id: dangote },
      { token: shop.ceo.token },
    )
  ).data.supplier.owed;
/** The CEO's own expected amounts now, per method: spent (supplier payments are money out) and expected. */
const spentByMethod = async () => {
  const answer = await api().call(
    ENDPOINTS.dayCloses.getDayCloseExpected,
    { business_id: shop.ceo.businessId },
    { token: shop.ceo.token },
  );
  return Object.fromEntries(
    answer.data.lines.map((line: DayCloseExpectedLine) => [line.method, `${line.spent} ${line.expected}`]),
  );
};
/** Every method's line: nothing spent or expected but where said. */
const spent = (lines: Partial<Record<PaymentMethod, string>>) => ({
  cash: '0.00 0.00',
  bank_transfer: '0.00 0.00',
  pos_card: '0.00 0.00',
  ...lines,
});
const logOf = (kind: 'supplier.payment_update' | 'supplier.payment_delete') =>
  shop.t.db
    .select()
    .from(activity_log)
    .where(and(eq(activity_log.business_id, shop.ceo.businessId), eq(activity_log.kind, kind)))
    .orderBy(activity_log.id);

beforeAll(async () => {
  [manager, coCeo, other] = await Promise.all([
    memberLoggedIn(shop.t, shop.ceo.businessId, 'manager'),
    memberLoggedIn(shop.t, shop.ceo.businessId, 'ceo'),
    signUpCeo(shop.t),
  ]);
  productId = (await createProduct(shop.t, shop.ceo, { product_name: 'Rice 5kg', selling_price: '1500.00' })).id;
  const made = await api().call(
    ENDPOINTS.suppliers.createSupplier,
    { business_id: shop.ceo.businessId, name: 'Dangote Depot' },
    { token: shop.ceo.token },
  );
  dangote = made.data.supplier.id;
  const delivered = await api().call(
    ENDPOINTS.suppliers.createDelivery,
    {
      business_id: shop.ceo.businessId,
      supplier_id: dangote,
      lines: [{ product_id: productId, batch_number: 'DG-1', quantity: 10, unit_cost: '1000' }],
    },
    { token: shop.ceo.token },
  );
  expect(delivered.status).toBe(201);
});

describe("correcting and deleting a supplier's payment", () => {
  let first: number;

  it('corrects amount, method and note: what is owed, the day’s expected amounts and the log follow', async () => {
    first = await pay(shop.ceo, '4000', 'cash');
    expect(await owed()).toBe('6000.00');
    expect(await spentByMethod()).toEqual(spent({ cash: '4000.00 -4000.00' }));

    const answer = await correct(shop.ceo, { id: first, amount: '3500', method: 'bank_transfer', note: 'A transfer' });
    expect(answer.status).toBe(200);
    expect(answer.body.response_description).toBe('Payment corrected ✅');
    expect(answer.data.payment).toMatchObject({
      id: first,
      amount: '3500.00',
      method: 'bank_transfer',
      note: 'A transfer',
    });
    expect(answer.data.supplier.owed).toBe('6500.00');
    expect(await owed()).toBe('6500.00');
    // The cash line has nothing left in it; the transfer line pays it out instead.
    expect(await spentByMethod()).toEqual(spent({ bank_transfer: '3500.00 -3500.00' }));

    const [entry, ...more] = await logOf('supplier.payment_update');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actor_id: shop.ceo.user.id,
      subject_type: 'supplier_payment',
      subject_id: first,
      subject_label: `payment #${first} to Dangote Depot`,
    });
    expect(entry?.details.changes).toEqual([
      { field: 'amount', old: '4000.00', new: '3500.00' },
      { field: 'method', old: 'cash', new: 'bank_transfer' },
      { field: 'note', old: '', new: 'A transfer' },
    ]);
    if (!entry) throw new Error('No entry.');
    expect(
      activitySentence({
        kind: entry.kind,
        actor: { id: entry.actor_id, name: 'Ada Obi' },
        subject: { type: entry.subject_type, id: entry.subject_id, label: entry.subject_label },
        details: entry.details,
      }),
    ).toBe(
      `Ada Obi corrected the amount of payment #${first} to Dangote Depot from ₦4,000.00 to ₦3,500.00, its method from Cash to Bank transfer and its note from nothing to “A transfer”`,
    );
  });

  it('changes and logs nothing for the same correction sent again, and replays one sent with its key', async () => {
    const again = await correct(shop.ceo, {
      id: first,
      amount: '3500.00',
      method: 'bank_transfer',
      note: 'A transfer',
    });
    expect(again.status).toBe(200);
    expect(await logOf('supplier.payment_update')).toHaveLength(1);

    const key = `correct-${unique()}`;
    const body = { id: first, amount: '3000', method: 'bank_transfer' as const, note: 'A transfer' };
    const [one, two] = [await correct(shop.ceo, body, key), await correct(shop.ceo, body, key)];
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(two.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(two.data.payment.amount).toBe('3000.00');
    expect(await logOf('supplier.payment_update')).toHaveLength(2);
    expect(await owed()).toBe('7000.00');
  });

  it('refuses to raise a payment past what is owed, naming the most it may be', async () => {
    // 3 000 paid, 7 000 owed: the payment may become at most 10 000.
    const over = await correct(shop.ceo, { id: first, amount: '10000.01', method: 'cash' });
    expect(over.status).toBe(400);
    expect(over.body.response_description).toBe(SUPPLIER_RULES.correctMoreThanOwed('₦10,000.00'));
    const all = await correct(shop.ceo, { id: first, amount: '10000', method: 'bank_transfer', note: 'A transfer' });
    expect(all.status).toBe(200);
    expect(all.data.supplier.owed).toBe('0.00');
    expect((await correct(shop.ceo, { id: first, amount: '3000', method: 'bank_transfer' })).status).toBe(200);
  });

  it('is the owner’s: a manager is refused, a co-CEO may, another business sees nothing', async () => {
    const refused = await correct(manager, { id: first, amount: '100', method: 'cash' });
    expect(refused.status).toBe(403);
    expect(refused.body.response_description).toBe(SUPPLIER_RULES.onlyOwnerCorrects);
    expect((await remove(manager, { id: first, reason: 'Mine' })).status).toBe(403);
    // Another business's owner: through this business, or naming the payment under their own.
    for (const businessId of [shop.ceo.businessId, other.businessId]) {
      const hidden = await correct(other, { id: first, amount: '100', method: 'cash', business_id: businessId });
      expect(hidden.status).toBe(404);
      expect((await remove(other, { id: first, reason: 'Not mine', business_id: businessId })).status).toBe(404);
    }
    expect((await remove(other, { id: first, reason: 'Not mine' })).body.response_description).toBe(
      SUPPLIER_RULES.paymentNotFound,
    );
    const [payment] = await shop.t.db.select().from(supplier_payments).where(eq(supplier_payments.id, first));
    expect(payment).toMatchObject({ amount: '3000.00', method: 'bank_transfer' });
    const byCoCeo = await correct(coCeo, { id: first, amount: '3000', method: 'bank_transfer', note: 'Checked' });
    expect(byCoCeo.status).toBe(200);
  });

  it('deletes a payment with its reason: what is owed grows back, the day forgets it, the log keeps it', async () => {
    const mistake = await pay(shop.ceo, '1000', 'pos_card');
    expect(await owed()).toBe('6000.00');
    const key = `delete-${unique()}`;
    const deleted = await remove(coCeo, { id: mistake, reason: 'Recorded twice' }, key);
    expect(deleted.status).toBe(200);
    expect(deleted.body.response_description).toBe('Payment deleted ✅');
    expect(deleted.data.supplier.owed).toBe('7000.00');
    const replay = await remove(coCeo, { id: mistake, reason: 'Recorded twice' }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect((await remove(coCeo, { id: mistake, reason: 'Recorded twice' })).status).toBe(404);
    expect(await owed()).toBe('7000.00');
    expect(await spentByMethod()).toEqual(spent({ bank_transfer: '3000.00 -3000.00' }));

    const [entry, ...more] = await logOf('supplier.payment_delete');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor_id: coCeo.user.id, subject_id: mistake });
    expect(entry?.details.facts).toMatchObject({ amount: '1000.00', method: 'pos_card', reason: 'Recorded twice' });
    const blank = await remove(shop.ceo, { id: first, reason: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.response_description).toBe(SUPPLIER_RULES.deleteReasonRequired);
  });

  it("keeps a closed day's payment as it was counted", async () => {
    const counted = await api().call(
      ENDPOINTS.dayCloses.getDayCloseExpected,
      { business_id: shop.ceo.businessId },
      { token: shop.ceo.token },
    );
    const closed = await api().call(
      ENDPOINTS.dayCloses.createDayClose,
      {
        business_id: shop.ceo.businessId,
        period_end: counted.data.period_end,
        // Nothing was taken in: the supplier was paid from elsewhere, which the note says.
        counted: counted.data.lines.map((line) => ({ method: line.method, amount: '0' })),
        note: 'Paid the supplier from the bank',
      },
      { token: shop.ceo.token },
    );
    expect(closed.status).toBe(201);
    const name = closed.data.close.closed_by_name;
    const changed = await correct(shop.ceo, { id: first, amount: '2000', method: 'cash' });
    expect(changed.status).toBe(409);
    expect(changed.body.response_description).toBe(DAY_CLOSE_MESSAGES.supplierPaymentInClosedDay(name));
    const gone = await remove(shop.ceo, { id: first, reason: 'Too late' });
    expect(gone.status).toBe(409);
    const [payment] = await shop.t.db.select().from(supplier_payments).where(eq(supplier_payments.id, first));
    expect(payment).toMatchObject({ amount: '3000.00', method: 'bank_transfer', note: 'Checked' });
    // A payment made after the close is in the open day again.
    const later = await pay(shop.ceo, '500', 'cash');
    expect((await correct(shop.ceo, { id: later, amount: '400', method: 'cash' })).status).toBe(200);
  });
});
