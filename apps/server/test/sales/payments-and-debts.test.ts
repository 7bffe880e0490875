import { type CreateSaleBody, ENDPOINTS, type EndpointInput, type RecordPaymentBody } from '@oja/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments, sales } from '../../src/db/schema';
import {
  addMember,
  confirm,
  createCart,
  createProduct,
  logIn,
  type Member,
  memberLoggedIn,
  type Owner,
  type Person,
  signUpCeo,
} from '../factories';
import { useShop } from '../shop';

const shop = useShop({ poolSize: 30 });
let other: Owner;

beforeAll(async () => {
  other = await signUpCeo(shop.t);
});

/** Sells `quantity` units at ₦1,000 each with this payment and answers the sale. */
async function sell(
  s: Owner,
  payment: Partial<CreateSaleBody>,
  options: { quantity?: number; customer_name?: string; customer_id?: number } = {},
) {
  const { quantity = 1, ...cartOptions } = options;
  const product = await createProduct(shop.t, s, { selling_price: '1000.00', batches: [{ quantity: 100 }] });
  const cart = await createCart(shop.t, s, [{ product_id: product.id, quantity }], cartOptions);
  const answer = await confirm(shop.t, s, cart.id, payment);
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.data.sale;
}

const pay = (s: Owner, saleId: number, amount: string, token = s.token, method: RecordPaymentBody['method'] = 'cash') =>
  shop.api.call(
    ENDPOINTS.sales.recordPayment,
    { business_id: s.businessId, sale_id: saleId, amount, method },
    { token },
  );

describe('recording payments', () => {
  it('turns a partial sale into a paid one when the rest is paid', async () => {
    const sale = await sell(shop.ceo, { payment_status: 'partial', deposit_amount: '400.00' }, { quantity: 2 });
    const first = await pay(shop.ceo, sale.id, '600.50', shop.ceo.token, 'bank_transfer');
    expect(first.status).toBe(201);
    expect(first.body.response_description).toBe('Payment recorded ✅');
    expect(first.data.sale).toMatchObject({ payment_status: 'partial', amount_paid: '1000.50', balance: '999.50' });
    // Money travels as text: a JSON number has lost its exactness on the way, and is refused.
    const asNumber = await shop.api.send(ENDPOINTS.sales.recordPayment, {
      token: shop.ceo.token,
      body: { business_id: shop.ceo.businessId, sale_id: sale.id, amount: 999.5, method: 'pos_card' },
    });
    expect(asNumber.status).toBe(400);
    expect(asNumber.body.errors?.amount).toEqual(['Enter an amount like 1500 or 1500.50.']);
    const rest = await pay(shop.ceo, sale.id, '999.5', shop.ceo.token, 'pos_card');
    expect(rest.status).toBe(201);
    expect(rest.data.sale).toMatchObject({
      payment_status: 'paid',
      amount_paid: '2000.00',
      balance: '0.00',
      deposit_amount: '400.00',
    });
    expect(rest.data.sale.payments.map((p) => [p.amount, p.method, p.recorded_by_name])).toEqual([
      ['400.00', 'cash', 'Ada Obi'],
      ['600.50', 'bank_transfer', 'Ada Obi'],
      ['999.50', 'pos_card', 'Ada Obi'],
    ]);
  });

  it('moves a sale on credit to partial, then paid', async () => {
    const sale = await sell(shop.ceo, { payment_status: 'not_paid' });
    expect((await pay(shop.ceo, sale.id, '1')).data.sale.payment_status).toBe('partial');
    expect((await pay(shop.ceo, sale.id, '999')).data.sale.payment_status).toBe('paid');
  });

  it('refuses paying more than the balance, a paid sale, and amounts that are not positive', async () => {
    const sale = await sell(shop.ceo, { payment_status: 'partial', deposit_amount: '100' });
    const over = await pay(shop.ceo, sale.id, '900.01');
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual({ amount: ['The payment is more than the balance of ₦900.00.'] });
    for (const amount of ['0', '-5', 'abc', '1.001']) {
      expect((await pay(shop.ceo, sale.id, amount)).status).toBe(400);
    }
    const paid = await sell(shop.ceo, { payment_status: 'paid' });
    const again = await pay(shop.ceo, paid.id, '1');
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This sale is already paid in full.');
    const [row] = await shop.t.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(row?.amount_paid).toBe('100.00');
  });

  it('cannot be overpaid by payments racing each other', async () => {
    const sale = await sell(shop.ceo, { payment_status: 'not_paid' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(shop.ceo, sale.id, '300.00')));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(7);
    const [row] = await shop.t.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(row).toMatchObject({ amount_paid: '900.00', payment_status: 'partial' });
    const rows = await shop.t.db.select().from(payments).where(eq(payments.sale_id, sale.id));
    expect(rows).toHaveLength(3);
  });

  it('lets the CEO and sales persons record payments; refuses other roles; 404 across businesses', async () => {
    const sale = await sell(shop.ceo, { payment_status: 'not_paid' });
    for (const role of ['manager', 'sales_rep', 'customer'] as const) {
      const person = await memberLoggedIn(shop.t, shop.ceo.businessId, role);
      expect((await pay(shop.ceo, sale.id, '1', person.token)).status).toBe(403);
    }
    const seller = await memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person');
    expect((await pay(shop.ceo, sale.id, '1', seller.token)).status).toBe(201);
    const foreign = await shop.api.call(
      ENDPOINTS.sales.recordPayment,
      { business_id: other.businessId, sale_id: sale.id, amount: '1', method: 'cash' },
      { token: other.token },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Sale not found.');
  });
});

describe('listing and reading sales', () => {
  let listShop: Owner;
  let customer: Person;
  let seller: Member;
  beforeAll(async () => {
    listShop = await signUpCeo(shop.t);
    const added = await addMember(shop.t, listShop.businessId, {
      role: 'customer',
      first_name: 'Kemi',
      last_name: 'Bello',
    });
    customer = await logIn(shop.t, added.username);
    seller = await memberLoggedIn(shop.t, listShop.businessId, 'sales_person');
    // Yam has the lower id: the sale must still list the items in the cart's order, soap first.
    const yam = await createProduct(shop.t, listShop, { product_name: 'Yam tuber', batches: [{ quantity: 99 }] });
    const soap = await createProduct(shop.t, listShop, { product_name: 'Soap bar', batches: [{ quantity: 99 }] });
    for (let index = 1; index <= 11; index++) {
      const cart = await createCart(
        shop.t,
        listShop,
        index === 3
          ? [
              { product_id: soap.id, quantity: 5 },
              { product_id: yam.id, quantity: 2 },
            ]
          : [{ product_id: soap.id, quantity: index }],
        index <= 2 ? { customer_id: added.id } : { customer_name: `Walk-in ${index}` },
      );
      const by = index === 3 ? seller : listShop;
      expect((await confirm(shop.t, by, cart.id, { payment_status: 'not_paid' })).status).toBe(201);
    }
  });

  const listSales = (query: Partial<EndpointInput<typeof ENDPOINTS.sales.listSales>> = {}, token = listShop.token) =>
    shop.api.call(ENDPOINTS.sales.listSales, { business_id: listShop.businessId, ...query }, { token });

  it('pages staff through every sale, newest first, with the spec fields and the balance', async () => {
    const first = await listSales();
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ count: 11, total_pages: 2, next: 2 });
    expect(first.data.results).toHaveLength(10);
    const third = first.data.results.find((sale) => sale.customer_name === 'Walk-in 3');
    expect(third).toMatchObject({
      payment_status: 'not_paid',
      deposit_amount: '0.00',
      created_by: seller.user.id,
      created_by_name: 'Chidi Eze',
      total_cart_amount: '700.00',
      amount_paid: '0.00',
      balance: '700.00',
      items: [
        { product: { product_name: 'Soap bar' }, quantity: 5 },
        { product: { product_name: 'Yam tuber' }, quantity: 2 },
      ],
    });
    expect(third?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('searches product names and customers, and filters by customer and seller', async () => {
    expect((await listSales({ search: 'yam' })).data.count).toBe(1);
    expect((await listSales({ search: 'walk-in 1' })).data.count).toBe(2);
    expect((await listSales({ search: 'kemi' })).data.count).toBe(2);
    expect((await listSales({ user_id: customer.user.id })).data.count).toBe(2);
    expect((await listSales({ created_by: seller.user.id })).data.count).toBe(1);
    expect((await listSales({ payment_status: 'paid' })).data.count).toBe(0);
  });

  it('shows a customer only their own sales, without cost prices', async () => {
    const own = await listSales({}, customer.token);
    expect(own.status).toBe(200);
    expect(own.data.count).toBe(2);
    expect(own.data.results.every((sale) => sale.customer_id === customer.user.id)).toBe(true);
    const sneaky = await listSales({ user_id: seller.user.id }, customer.token);
    expect(sneaky.data.count).toBe(0);
    const mine = await shop.api.call(
      ENDPOINTS.sales.getSale,
      { business_id: listShop.businessId, id: own.data.results[0]!.id },
      { token: customer.token },
    );
    expect(mine.status).toBe(200);
    expect(mine.data.sale.lines[0]?.cost_price).toBeNull();
    const notMine = (await listSales()).data.results.find((sale) => sale.customer_id === null);
    const refused = await shop.api.call(
      ENDPOINTS.sales.getSale,
      { business_id: listShop.businessId, id: notMine!.id },
      { token: customer.token },
    );
    expect(refused.status).toBe(404);
    expect(refused.body.detail).toBe('Sale not found.');
  });

  it('answers 404 for another business, for its list and its sales', async () => {
    const saleId = (await listSales()).data.results[0]!.id;
    expect((await listSales({}, other.token)).status).toBe(404);
    const foreign = await shop.api.call(
      ENDPOINTS.sales.getSale,
      { business_id: other.businessId, id: saleId },
      { token: other.token },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Sale not found.');
    const staff = await shop.api.call(
      ENDPOINTS.sales.getSale,
      { business_id: listShop.businessId, id: saleId },
      { token: listShop.token },
    );
    expect(staff.data.sale.lines[0]?.cost_price).toBe('50.00');
  });
});

describe('debts', () => {
  let debtShop: Owner;
  let customer: Person;
  beforeAll(async () => {
    debtShop = await signUpCeo(shop.t);
    const added = await addMember(shop.t, debtShop.businessId, {
      role: 'customer',
      first_name: 'Uche',
      last_name: 'Nwosu',
    });
    customer = await logIn(shop.t, added.username);
    // Uche (registered) owes 1000 + 600; "Mama Ify" (walk-in, two spellings) owes 2000 + 500; a paid sale owes nothing.
    await sell(debtShop, { payment_status: 'not_paid' }, { customer_id: added.id });
    await sell(debtShop, { payment_status: 'partial', deposit_amount: '400' }, { customer_id: added.id });
    await sell(debtShop, { payment_status: 'not_paid' }, { quantity: 2, customer_name: 'Mama Ify' });
    await sell(debtShop, { payment_status: 'partial', deposit_amount: '500' }, { customer_name: ' mama ify ' });
    await sell(debtShop, { payment_status: 'paid' }, { customer_name: 'Baba Paid' });
  });

  const debts = (query: Partial<EndpointInput<typeof ENDPOINTS.sales.listDebts>> = {}, token = debtShop.token) =>
    shop.api.call(ENDPOINTS.sales.listDebts, { business_id: debtShop.businessId, ...query }, { token });

  it('sums what each customer owes, registered ones by id and walk-ins by name', async () => {
    const answer = await debts();
    expect(answer.status).toBe(200);
    expect(answer.data.count).toBe(2);
    expect(answer.data.totals).toEqual([{ currency: 'NGN', total_owed: '4100.00' }]);
    expect(answer.data.results.map((debt) => [debt.customer_id, debt.total_owed, debt.open_sales.length])).toEqual([
      [null, '2500.00', 2],
      [customer.user.id, '1600.00', 2],
    ]);
    expect(answer.data.results[1]?.customer_name).toBe('Uche Nwosu');
    expect(answer.data.results[1]?.open_sales.map((sale) => sale.balance)).toEqual(['1000.00', '600.00']);
    expect((await debts({ search: 'IFY' })).data.results.map((debt) => debt.total_owed)).toEqual(['2500.00']);
  });

  it('drops a customer once they have paid everything', async () => {
    const before = await debts({ search: 'uche' });
    for (const sale of before.data.results[0]!.open_sales) {
      expect((await pay(debtShop, sale.id, sale.balance)).status).toBe(201);
    }
    expect((await debts({ search: 'uche' })).data.count).toBe(0);
    expect((await debts()).data.totals).toEqual([{ currency: 'NGN', total_owed: '2500.00' }]);
  });

  it("shows a customer their own debts only, and refuses them the business's", async () => {
    const uchePlus = await sell(debtShop, { payment_status: 'not_paid' }, { customer_id: customer.user.id });
    const mine = await shop.api.call(
      ENDPOINTS.sales.listMyDebts,
      { business_id: debtShop.businessId },
      { token: customer.token },
    );
    expect(mine.status).toBe(200);
    expect(mine.data.debts).toHaveLength(1);
    expect(mine.data.debts[0]).toMatchObject({ customer_id: customer.user.id, total_owed: '1000.00' });
    expect(mine.data.debts[0]?.open_sales.map((sale) => sale.id)).toEqual([uchePlus.id]);
    expect((await debts({}, customer.token)).status).toBe(403);
    const staffMine = await shop.api.call(
      ENDPOINTS.sales.listMyDebts,
      { business_id: debtShop.businessId },
      { token: debtShop.token },
    );
    expect(staffMine.status).toBe(403);
    expect((await debts({}, other.token)).status).toBe(404);
  });
});
