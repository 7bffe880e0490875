import { ENDPOINTS, IDEMPOTENCY_HEADER, type ReturnSaleBody, SALES_MESSAGES } from '@oja/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { report_debtors, stock_movements } from '../../src/db/schema';
import {
  batchQuantities,
  confirm,
  createCart,
  createProduct,
  lagosDay,
  ledgerMismatches,
  type Owner,
  signUpCeo,
} from '../factories';
import { useShop } from '../shop';

const shop = useShop({ poolSize: 20 });
let other: Owner;

beforeAll(async () => {
  other = await signUpCeo(shop.t);
});

type Body = Omit<ReturnSaleBody, 'business_id'>;
const giveBack = (s: Owner, body: Body, options: { token?: string; key?: string } = {}) =>
  shop.api.call(
    ENDPOINTS.sales.returnSale,
    { business_id: s.businessId, ...body },
    {
      token: options.token ?? s.token,
      headers: options.key ? { [IDEMPOTENCY_HEADER]: options.key } : undefined,
    },
  );

/**
 * A sale to Chidi of 7 units at 1,000.00 (cost 600.00) over two batches (5 expiring sooner, then 10) and 2 units
 * of a second product at 250.00 with 10% off (225.00 each): 7,450.00 in all.
 */
async function twoLineSale(
  s: Owner,
  payment: { payment_status: 'partial' | 'not_paid' | 'paid'; deposit_amount?: string },
  customer_name = 'Chidi',
) {
  const rice = await createProduct(shop.t, s, {
    selling_price: '1000.00',
    cost_price: '600.00',
    batches: [
      { quantity: 5, expiration_date: lagosDay(30) },
      { quantity: 10, expiration_date: lagosDay(90) },
    ],
  });
  const soap = await createProduct(shop.t, s, {
    selling_price: '250.00',
    cost_price: '100.00',
    selling_price_discount_percentage: '10',
    batches: [{ quantity: 4 }],
  });
  const cart = await createCart(
    shop.t,
    s,
    [
      { product_id: rice.id, quantity: 7 },
      { product_id: soap.id, quantity: 2 },
    ],
    { customer_name },
  );
  const answer = await confirm(shop.t, s, cart.id, { payment_method: 'bank_transfer', ...payment });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  const sale = answer.data.sale;
  expect(sale.total_cart_amount).toBe('7450.00');
  const [riceSooner, riceLater, soapLine] = sale.lines;
  if (!riceSooner || !riceLater || !soapLine) throw new Error('Three lines expected.');
  return { rice, soap, sale, riceSooner, riceLater, soapLine };
}

async function owedBy(s: Owner, name: string): Promise<string> {
  const [row] = await shop.t.db
    .select({ owed: sql<string>`sum(${report_debtors.owed})::numeric(14, 2)::text` })
    .from(report_debtors)
    .where(and(eq(report_debtors.business_id, s.businessId), eq(report_debtors.name_key, name)));
  return row?.owed ?? '0.00';
}

describe('returning part of a sale', () => {
  it('puts the units back in their batches, refunds by method, shrinks the sale and shows the return', async () => {
    const { rice, sale, riceSooner, riceLater } = await twoLineSale(shop.ceo, { payment_status: 'paid' });
    expect(await batchQuantities(shop.t, rice.id)).toEqual([0, 8]);

    const threeBags: Body = {
      id: sale.id,
      reason: ' Too many bags ',
      lines: [
        { sale_line_id: riceSooner.id, quantity: 2 },
        { sale_line_id: riceLater.id, quantity: 1 },
      ],
      restock: true,
      refunds: [
        { method: 'cash', amount: '2000' },
        { method: 'bank_transfer', amount: '1000' },
      ],
    };
    const answer = await giveBack(shop.ceo, threeBags, { key: 'return-1' });
    expect(answer.status).toBe(200);
    expect(answer.body.response_description).toBe(SALES_MESSAGES.saleReturned);
    const after = answer.data.sale;
    expect(after).toMatchObject({
      status: 'active',
      total_cart_amount: '4450.00',
      amount_paid: '4450.00',
      balance: '0.00',
      payment_status: 'paid',
      returned_amount: '3000.00',
    });
    expect(after.lines.map((line) => line.returned_quantity)).toEqual([2, 1, 0]);
    expect(after.returns).toHaveLength(1);
    expect(after.returns[0]).toMatchObject({
      kind: 'return',
      reason: 'Too many bags',
      restock: true,
      amount: '3000.00',
      refunded: '3000.00',
      refunds: [
        { method: 'bank_transfer', amount: '1000.00' },
        { method: 'cash', amount: '2000.00' },
      ],
    });
    expect(after.payments.map((payment) => payment.is_refunded)).toEqual([false]);
    expect(await batchQuantities(shop.t, rice.id)).toEqual([2, 9]);
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);

    // The same key again answers the same return; nothing is returned twice.
    const replay = await giveBack(shop.ceo, threeBags, { key: 'return-1' });
    expect(replay.status).toBe(200);
    expect(replay.data.sale.returns).toHaveLength(1);
    expect(await batchQuantities(shop.t, rice.id)).toEqual([2, 9]);

    // Today's close: the refunds come off what should be there, by the method they were given in.
    const expected = await shop.api.call(
      ENDPOINTS.dayCloses.getDayCloseExpected,
      { business_id: shop.ceo.businessId, scope: 'shop' },
      { token: shop.ceo.token },
    );
    expect(expected.status).toBe(200);
    const line = (method: string) => expected.data.lines.find((row) => row.method === method);
    expect(line('cash')).toMatchObject({ received: '0.00', refunded: '2000.00', expected: '-2000.00' });
    expect(line('bank_transfer')).toMatchObject({ received: '7450.00', refunded: '1000.00', expected: '6450.00' });
  });

  it('writes damaged units off through the ledger and takes the unrefunded value off the debt', async () => {
    const { soap, sale, soapLine } = await twoLineSale(
      shop.ceo,
      { payment_status: 'partial', deposit_amount: '1000.00' },
      'Ngozi',
    );
    expect(await owedBy(shop.ceo, 'ngozi')).toBe('6450.00');
    const answer = await giveBack(shop.ceo, {
      id: sale.id,
      reason: 'Torn wrapper',
      lines: [{ sale_line_id: soapLine.id, quantity: 2 }],
      restock: false,
    });
    expect(answer.status).toBe(200);
    expect(answer.data.sale).toMatchObject({
      total_cart_amount: '7000.00',
      amount_paid: '1000.00',
      balance: '6000.00',
      payment_status: 'partial',
    });
    expect(await owedBy(shop.ceo, 'ngozi')).toBe('6000.00');
    // The soap came back and went: the shelf holds what it held, the ledger shows both.
    expect(await batchQuantities(shop.t, soap.id)).toEqual([2]);
    const moves = await shop.t.db
      .select({ delta: stock_movements.delta, reason: stock_movements.reason })
      .from(stock_movements)
      .where(and(eq(stock_movements.business_id, shop.ceo.businessId), eq(stock_movements.product_id, soap.id)))
      .orderBy(stock_movements.id);
    expect(moves.slice(-2)).toEqual([
      { delta: 2, reason: 'return' },
      { delta: -2, reason: 'damage' },
    ]);
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);

    // The debts list says the same, and the customer's statement shows the sale as sold and the return.
    const debts = await shop.api.call(
      ENDPOINTS.sales.listDebts,
      { business_id: shop.ceo.businessId, search: 'Ngozi' },
      { token: shop.ceo.token },
    );
    expect(debts.data.results.map((debt) => debt.total_owed)).toEqual(['6000.00']);
    const book = await shop.api.call(
      ENDPOINTS.customers.getCustomer,
      { business_id: shop.ceo.businessId, customer_name: 'Ngozi' },
      { token: shop.ceo.token },
    );
    expect(book.status).toBe(200);
    expect(book.data.statement.lines.map((line) => [line.kind, line.debit, line.credit, line.balance])).toEqual([
      ['sale', '7450.00', '0.00', '7450.00'],
      ['payment', '0.00', '1000.00', '6450.00'],
      ['return', '0.00', '450.00', '6000.00'],
    ]);
  });

  it('refuses more units than are left, refunds out of bounds, and cancelling after a return', async () => {
    const { sale, riceSooner, soapLine } = await twoLineSale(shop.ceo, {
      payment_status: 'partial',
      deposit_amount: '7000.00',
    });
    const first = await giveBack(shop.ceo, {
      id: sale.id,
      reason: 'One bag too many',
      lines: [{ sale_line_id: riceSooner.id, quantity: 4 }],
      restock: true,
      refunds: [{ method: 'cash', amount: '3550.00' }],
    });
    expect(first.status).toBe(200);

    const tooMany = await giveBack(shop.ceo, {
      id: sale.id,
      reason: 'Again',
      lines: [{ sale_line_id: riceSooner.id, quantity: 2 }],
      restock: true,
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.response_description).toBe(SALES_MESSAGES.returnTooMany(riceSooner.product_name, 1));

    // Owed 0 now (3,450.00 paid of 3,450.00): the soap's 450.00 must all go back to the customer.
    const soapBack = (refund: string) =>
      giveBack(shop.ceo, {
        id: sale.id,
        reason: 'Soap',
        lines: [{ sale_line_id: soapLine.id, quantity: 2 }],
        restock: true,
        refunds: [{ method: 'cash', amount: refund }],
      });
    const tooLittle = await soapBack('100.00');
    expect(tooLittle.status).toBe(409);
    expect(tooLittle.body.response_description).toBe(SALES_MESSAGES.refundTooSmall('₦450.00'));
    const tooMuch = await soapBack('500.00');
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.response_description).toBe(SALES_MESSAGES.refundMoreThanReturned('₦450.00'));

    const cancel = await shop.api.call(
      ENDPOINTS.sales.cancelSale,
      { business_id: shop.ceo.businessId, id: sale.id, reason: 'Undo' },
      { token: shop.ceo.token },
    );
    expect(cancel.status).toBe(409);
    expect(cancel.body.response_description).toBe(SALES_MESSAGES.cannotCancelReturned);

    // Another business's sale, or a line of another sale, is not there to return.
    const foreign = await giveBack(other, {
      id: sale.id,
      reason: 'Mine',
      lines: [{ sale_line_id: soapLine.id, quantity: 1 }],
      restock: true,
    });
    expect(foreign.status).toBe(404);
    const { sale: second } = await twoLineSale(shop.ceo, { payment_status: 'not_paid' });
    const wrongLine = await giveBack(shop.ceo, {
      id: second.id,
      reason: 'Wrong line',
      lines: [{ sale_line_id: soapLine.id, quantity: 1 }],
      restock: true,
    });
    expect(wrongLine.status).toBe(400);
    expect(wrongLine.body.response_description).toBe(SALES_MESSAGES.returnLineNotInSale);

    // Everything left goes back: the sale owes nothing and is worth nothing, still in the history.
    const rest = await giveBack(shop.ceo, {
      id: second.id,
      reason: 'All of it',
      lines: second.lines.map((line) => ({ sale_line_id: line.id, quantity: line.quantity })),
      restock: true,
    });
    expect(rest.status).toBe(200);
    expect(rest.data.sale).toMatchObject({ total_cart_amount: '0.00', balance: '0.00', status: 'active' });
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);
  });
});
