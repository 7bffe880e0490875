import {
  type CreateDeliveryBody,
  ENDPOINTS,
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  type PaySupplierBody,
  type Product,
  SUPPLIER_RULES,
} from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { stock_movements, supplier_payments } from '../../src/db/schema';
import {
  type Caller,
  createProduct,
  lagosDay,
  ledgerMismatches,
  type Member,
  memberLoggedIn,
  quantities,
  signUpCeo,
  unique,
} from '../factories';
import { useShop } from '../shop';

/**
 * What the shop owes a supplier: their deliveries' totals less the payments made to them. Dangote delivers rice
 * (10 × 1 200) and sugar (4 × 500) = 14 000 on invoice INV-1, 5 000 paid in cash at the door; the manager pays
 * 6 000 by transfer; two phones pay 2 000 at once (one goes through); then 3 000 of sugar arrives on credit.
 * Owed: 14 000 − 5 000 − 6 000 − 2 000 + 3 000 = 4 000.
 */
const shop = useShop({ poolSize: 20 });
const api = () => shop.api;
let manager: Member;
let clerk: Member;
let rice: Product;
let sugar: Product;
let dangote: number;

const addSupplier = (by: Caller, name: string, phone?: string) =>
  api().call(ENDPOINTS.suppliers.createSupplier, { business_id: by.businessId, name, phone }, { token: by.token });
const deliver = (by: Caller, body: Omit<CreateDeliveryBody, 'business_id'>, key?: string) =>
  api().call(
    ENDPOINTS.suppliers.createDelivery,
    { business_id: by.businessId, ...body },
    { token: by.token, headers: key ? { [IDEMPOTENCY_HEADER]: key } : undefined },
  );
const pay = (by: Caller, body: Omit<PaySupplierBody, 'business_id'>, key?: string) =>
  api().call(
    ENDPOINTS.suppliers.paySupplier,
    { business_id: by.businessId, ...body },
    { token: by.token, headers: key ? { [IDEMPOTENCY_HEADER]: key } : undefined },
  );
const detail = (by: Caller, supplier_id: number) =>
  api().call(ENDPOINTS.suppliers.getSupplier, { business_id: by.businessId, supplier_id }, { token: by.token });

beforeAll(async () => {
  manager = await memberLoggedIn(shop.t, shop.ceo.businessId, 'manager');
  clerk = await memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person');
  rice = await createProduct(shop.t, shop.ceo, {
    product_name: 'Rice 5kg',
    cost_price: '1000.00',
    selling_price: '1500.00',
    batches: [{ quantity: 2 }],
  });
  sugar = await createProduct(shop.t, shop.ceo, {
    product_name: 'Sugar 1kg',
    cost_price: '450.00',
    selling_price: '700.00',
  });
  const made = await addSupplier(shop.ceo, 'Dangote Depot', '0803 123 4567');
  expect(made.status).toBe(201);
  dangote = made.data.supplier.id;
});

describe('suppliers and deliveries', () => {
  it('refuses a second supplier of the same name, whatever its case', async () => {
    const again = await addSupplier(manager, '  dangote depot ');
    expect(again.status).toBe(409);
    expect(again.body.response_description).toBe(SUPPLIER_RULES.nameTaken);
  });

  it('receives several products at once through the ledger, part paid, the rest owed, once per key', async () => {
    const body = {
      supplier_id: dangote,
      invoice_number: 'INV-1',
      lines: [
        { product_id: sugar.id, batch_number: 'S-1', quantity: 4, unit_cost: '500', expiration_date: lagosDay(200) },
        { product_id: rice.id, batch_number: 'R-1', quantity: 10, unit_cost: '1200' },
      ],
      amount_paid: '5000',
      payment_method: 'cash' as const,
    };
    const key = `delivery-${unique()}`;
    const first = await deliver(manager, body, key);
    expect(first.status).toBe(201);
    expect(first.data.delivery).toMatchObject({ total_cost: '14000.00', paid: '5000.00', invoice_number: 'INV-1' });
    expect(first.data.delivery.lines.map((line) => [line.product_name, line.quantity, line.line_total])).toEqual([
      ['Sugar 1kg', 4, '2000.00'],
      ['Rice 5kg', 10, '12000.00'],
    ]);
    expect(first.data.supplier).toMatchObject({ purchased: '14000.00', paid: '5000.00', owed: '9000.00' });

    const again = await deliver(manager, body, key);
    expect(again.status).toBe(200);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.data.delivery.id).toBe(first.data.delivery.id);

    // The stock came in as receipts, the ledger still equal to the batches, the cost of each line the product's now.
    const product = await api().call(
      ENDPOINTS.stock.getProduct,
      { business_id: shop.ceo.businessId, product_id: rice.id },
      { token: shop.ceo.token },
    );
    expect(quantities(product.data)).toMatchObject({ 'R-1': 10 });
    expect(product.data.cost_price).toBe('1200.00');
    const receipts = await shop.t.db
      .select()
      .from(stock_movements)
      .where(and(eq(stock_movements.business_id, shop.ceo.businessId), eq(stock_movements.reason, 'receipt')));
    expect(receipts).toHaveLength(2);
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);
  });

  it('refuses the same invoice twice, more paid than delivered, and leaves nothing behind', async () => {
    const line = { product_id: rice.id, batch_number: `R-${unique()}`, quantity: 1, unit_cost: '100' };
    const twice = await deliver(shop.ceo, { supplier_id: dangote, invoice_number: 'inv-1', lines: [line] });
    expect(twice.status).toBe(409);
    expect(twice.body.response_description).toBe(SUPPLIER_RULES.invoiceTaken);
    const overpaid = await deliver(shop.ceo, { supplier_id: dangote, lines: [line], amount_paid: '100.01' });
    expect(overpaid.status).toBe(400);
    expect(overpaid.body.response_description).toBe(SUPPLIER_RULES.paidMoreThanTotal('₦100.00'));
    const product = await api().call(
      ENDPOINTS.stock.getProduct,
      { business_id: shop.ceo.businessId, product_id: rice.id },
      { token: shop.ceo.token },
    );
    expect(product.data.batches.map((batch) => batch.batch_number)).not.toContain(line.batch_number);
  });

  it('pays a supplier by method, never more than is owed, once per key, even when two phones pay at once', async () => {
    const tooMuch = await pay(manager, { supplier_id: dangote, amount: '9000.01' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.response_description).toBe(SUPPLIER_RULES.payMoreThanOwed('₦9,000.00'));

    const key = `pay-${unique()}`;
    const paid = await pay(manager, { supplier_id: dangote, amount: '6000', method: 'bank_transfer' }, key);
    expect(paid.status).toBe(201);
    expect(paid.data.supplier.owed).toBe('3000.00');
    const replay = await pay(manager, { supplier_id: dangote, amount: '6000', method: 'bank_transfer' }, key);
    expect(replay.status).toBe(200);
    expect(replay.data.payment.id).toBe(paid.data.payment.id);
    expect(replay.data.supplier.owed).toBe('3000.00');

    // 3 000 owed, two phones pay 2 000 each at once: one is paid, the other told what is left.
    const racing = await Promise.all([
      pay(shop.ceo, { supplier_id: dangote, amount: '2000' }),
      pay(manager, { supplier_id: dangote, amount: '2000' }),
    ]);
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 400]);
    const refused = racing.find((answer) => answer.status === 400);
    expect(refused?.body.response_description).toBe(SUPPLIER_RULES.payMoreThanOwed('₦1,000.00'));
    const rows = await shop.t.db.select().from(supplier_payments).where(eq(supplier_payments.supplier_id, dangote));
    expect(rows).toHaveLength(3);
  });

  it('owes a delivery on credit and lists suppliers most owed first with their balances', async () => {
    const credit = await deliver(manager, {
      supplier_id: dangote,
      lines: [{ product_id: sugar.id, batch_number: 'S-2', quantity: 6, unit_cost: '500' }],
    });
    expect(credit.status).toBe(201);
    expect(credit.data.supplier.owed).toBe('4000.00');
    await addSupplier(shop.ceo, 'Zenith Drinks');

    const list = await api().call(
      ENDPOINTS.suppliers.listSuppliers,
      { business_id: shop.ceo.businessId },
      { token: manager.token },
    );
    expect(list.status).toBe(200);
    expect(list.data.results.map((row) => [row.name, row.deliveries_count, row.purchased, row.paid, row.owed])).toEqual(
      [
        ['Dangote Depot', 2, '17000.00', '13000.00', '4000.00'],
        ['Zenith Drinks', 0, '0.00', '0.00', '0.00'],
      ],
    );
    const found = await api().call(
      ENDPOINTS.suppliers.listSuppliers,
      { business_id: shop.ceo.businessId, search: '123 45' },
      { token: manager.token },
    );
    expect(found.data.results.map((row) => row.name)).toEqual(['Dangote Depot']);

    const page = await detail(shop.ceo, dangote);
    expect(page.data.deliveries.map((delivery) => [delivery.total_cost, delivery.paid])).toEqual([
      ['3000.00', '0.00'],
      ['14000.00', '5000.00'],
    ]);
    expect(page.data.payments.map((payment) => [payment.amount, payment.method])).toEqual([
      ['2000.00', 'cash'],
      ['6000.00', 'bank_transfer'],
      ['5000.00', 'cash'],
    ]);
  });

  it('answers the purchases of a period per supplier: cost, paid, owed at its end', async () => {
    const today = await api().call(
      ENDPOINTS.suppliers.getPurchases,
      { business_id: shop.ceo.businessId, from: lagosDay(0), to: lagosDay(0) },
      { token: shop.ceo.token },
    );
    expect(today.status).toBe(200);
    expect(
      today.data.rows.map((row) => [row.supplier_name, row.deliveries, row.purchased, row.paid, row.owed]),
    ).toEqual([['Dangote Depot', 2, '17000.00', '13000.00', '4000.00']]);
    expect(today.data.totals).toEqual({ deliveries: 2, purchased: '17000.00', paid: '13000.00', owed: '4000.00' });
    const before = await api().call(
      ENDPOINTS.suppliers.getPurchases,
      { business_id: shop.ceo.businessId, from: lagosDay(-10), to: lagosDay(-1) },
      { token: shop.ceo.token },
    );
    expect(before.data.rows).toEqual([]);
    const refused = await api().call(
      ENDPOINTS.suppliers.getPurchases,
      { business_id: shop.ceo.businessId, from: lagosDay(0), to: lagosDay(0) },
      { token: manager.token },
    );
    expect(refused.status).toBe(403);
  });

  it("lets only who receives stock see suppliers; another business's supplier looks missing", async () => {
    const clerkList = await api().call(
      ENDPOINTS.suppliers.listSuppliers,
      { business_id: shop.ceo.businessId },
      { token: clerk.token },
    );
    expect(clerkList.status).toBe(403);
    const other = await signUpCeo(shop.t);
    const theirs = await detail(other, dangote);
    expect(theirs.status).toBe(404);
    expect(theirs.body.response_description).toBe(SUPPLIER_RULES.notFound);
    const paid = await pay(other, { supplier_id: dangote, amount: '1' });
    expect(paid.status).toBe(404);
  });

  it('reprices by supplier: the products received on their deliveries', async () => {
    const other = await addSupplier(shop.ceo, 'Flour Mills');
    const flour = await createProduct(shop.t, shop.ceo, { product_name: 'Flour 2kg', selling_price: '900.00' });
    expect(
      (
        await deliver(shop.ceo, {
          supplier_id: other.data.supplier.id,
          lines: [{ product_id: flour.id, batch_number: 'F-1', quantity: 3, unit_cost: '600' }],
        })
      ).status,
    ).toBe(201);
    const preview = await api().call(
      ENDPOINTS.stock.previewRepricing,
      { business_id: shop.ceo.businessId, supplier_id: dangote, method: 'percent', direction: 'raise', value: '10' },
      { token: shop.ceo.token },
    );
    expect(preview.status).toBe(200);
    expect(preview.data.rows.map((row) => row.product_name)).toEqual(['Rice 5kg', 'Sugar 1kg']);
    const applied = await api().call(
      ENDPOINTS.stock.applyRepricing,
      { business_id: shop.ceo.businessId, supplier_id: dangote, method: 'percent', direction: 'raise', value: '10' },
      { token: shop.ceo.token },
    );
    expect(applied.status).toBe(201);
    expect(applied.data.supplier).toEqual({ id: dangote, name: 'Dangote Depot' });
    const foreign = await signUpCeo(shop.t);
    const theirs = await api().call(
      ENDPOINTS.stock.previewRepricing,
      { business_id: foreign.businessId, supplier_id: dangote, method: 'percent', direction: 'raise', value: '10' },
      { token: foreign.token },
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body.response_description).toBe(SUPPLIER_RULES.notFound);
  });

  it('archives rather than deletes a product received on a delivery', async () => {
    const deleted = await api().call(
      ENDPOINTS.stock.deleteProduct,
      { business_id: shop.ceo.businessId, id: sugar.id },
      { token: shop.ceo.token },
    );
    expect(deleted.status).toBe(200);
    expect(deleted.data.archived).toBe(true);
    expect((await detail(shop.ceo, dangote)).data.deliveries[0]?.lines[0]?.product_name).toBe('Sugar 1kg');
  });
});
