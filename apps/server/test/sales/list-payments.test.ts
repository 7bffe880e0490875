import { type CreateSaleBody, ENDPOINTS, PAGE_SIZE } from '@oja/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  type Caller,
  confirm,
  createCart,
  createProduct,
  logIn,
  type Member,
  memberLoggedIn,
  type Owner,
  signUpCeo,
} from '../factories';
import { useShop } from '../shop';

const shop = useShop({ poolSize: 20 });
let other: Owner;
let seller: Member;
let secondSeller: Member;
let manager: Member;
let rep: Member;
let ada: Member;
let bola: Member;
/** The payment ids each caller should see, newest first. */
const taken = { byCeo: [] as number[], bySeller: [] as number[], onAda: [] as number[], onBola: [] as number[] };

/** Sells one ₦1,000 unit per `quantity` by `by`, with this payment, to a registered customer. */
async function sell(by: Caller, customerId: number, payment: Partial<CreateSaleBody>, quantity = 1) {
  const product = await createProduct(shop.t, shop.ceo, { selling_price: '1000.00', batches: [{ quantity: 50 }] });
  const cart = await createCart(shop.t, by, [{ product_id: product.id, quantity }], { customer_id: customerId });
  const answer = await confirm(shop.t, by, cart.id, payment);
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.data.sale;
}

async function pay(by: Caller, saleId: number, amount: string) {
  const answer = await shop.api.call(
    ENDPOINTS.sales.recordPayment,
    { business_id: by.businessId, sale_id: saleId, amount, method: 'bank_transfer' },
    { token: by.token },
  );
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.data.sale.payments.at(-1)!.id;
}

const list = (by: Caller, query: { page?: number; search?: string; business_id?: number } = {}) =>
  shop.api.call(ENDPOINTS.sales.listPayments, { business_id: by.businessId, ...query }, { token: by.token });

async function customerNamed(first_name: string, last_name: string): Promise<Member> {
  const customer = await addMember(shop.t, shop.ceo.businessId, { role: 'customer', first_name, last_name });
  return { ...(await logIn(shop.t, customer.username)), businessId: shop.ceo.businessId };
}

beforeAll(async () => {
  other = await signUpCeo(shop.t);
  [seller, secondSeller, manager, rep, ada, bola] = await Promise.all([
    memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person'),
    memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person'),
    memberLoggedIn(shop.t, shop.ceo.businessId, 'manager'),
    memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_rep'),
    customerNamed('Ada', 'Nwosu'),
    customerNamed('Bola', 'Ade'),
  ]);
  // In order, so that "newest first" is a known order: the seller is paid in full by Ada;
  const paidByAda = await sell(seller, ada.user.id, { payment_status: 'paid', payment_method: 'cash' });
  // the second seller sells to Ada on credit, and the first seller then collects part of that debt;
  const onCredit = await sell(secondSeller, ada.user.id, { payment_status: 'not_paid' }, 3);
  const collected = await pay(seller, onCredit.id, '1000.00');
  // the CEO collects more of it, and sells to Bola.
  const byCeo = await pay(shop.ceo, onCredit.id, '500.50');
  const toBola = await sell(shop.ceo, bola.user.id, { payment_status: 'paid', payment_method: 'pos_card' });
  const first = paidByAda.payments[0]!.id;
  const bolas = toBola.payments[0]!.id;
  taken.byCeo = [bolas, byCeo, collected, first];
  taken.bySeller = [collected, first];
  taken.onAda = [byCeo, collected, first];
  taken.onBola = [bolas];
});

describe('the payments list', () => {
  it('shows the CEO and a manager every payment of the business, newest first, with its sale', async () => {
    for (const by of [shop.ceo, manager]) {
      const answer = await list(by);
      expect(answer.status).toBe(200);
      expect(answer.body.response_description).toBe('Payments.');
      expect(answer.data.results.map((p) => p.id)).toEqual(taken.byCeo);
      expect(answer.data.count).toBe(4);
    }
    const [newest] = (await list(shop.ceo)).data.results;
    expect(newest).toMatchObject({
      amount: '1000.00',
      currency: 'NGN',
      method: 'pos_card',
      customer_id: bola.user.id,
      recorded_by: { id: shop.ceo.user.id, name: 'Ada Obi' },
      is_refunded: false,
      refunded_amount: '0.00',
    });
  });

  it('shows a salesperson only the payments they took, debts they collected included', async () => {
    const answer = await list(seller);
    expect(answer.data.results.map((p) => p.id)).toEqual(taken.bySeller);
    expect(answer.data.results.every((p) => p.recorded_by?.id === seller.user.id)).toBe(true);
    // The sale they collected on was sold by someone else: it is who took the money that counts.
    expect(answer.data.results.map((p) => p.amount)).toEqual(['1000.00', '1000.00']);
    // Selling on credit takes no money, and a sales rep records none.
    expect((await list(secondSeller)).data).toMatchObject({ count: 0, results: [] });
    expect((await list(rep)).data).toMatchObject({ count: 0, results: [] });
  });

  it("shows a customer the payments on their own sales, whoever took them, and never another's", async () => {
    expect((await list(ada)).data.results.map((p) => p.id)).toEqual(taken.onAda);
    expect((await list(bola)).data.results.map((p) => p.id)).toEqual(taken.onBola);
  });

  it("searches over the customer's name", async () => {
    const answer = await list(shop.ceo, { search: 'bOLA' });
    expect(answer.data.results.map((p) => [p.id, p.customer_name])).toEqual([[taken.onBola[0], 'Bola Ade']]);
    expect((await list(shop.ceo, { search: 'nobody-like-this' })).data.count).toBe(0);
  });

  it("answers 404 for another business's payments", async () => {
    const answer = await list(other, { business_id: shop.ceo.businessId });
    expect(answer.status).toBe(404);
    const own = await list(other);
    expect(own.data.count).toBe(0);
  });

  it('pages by PAGE_SIZE.sales', async () => {
    const pageSize = PAGE_SIZE.sales;
    const customer = await memberLoggedIn(shop.t, other.businessId, 'customer');
    const product = await createProduct(shop.t, other, { selling_price: '1000.00', batches: [{ quantity: 50 }] });
    const cart = await createCart(shop.t, other, [{ product_id: product.id, quantity: pageSize + 2 }], {
      customer_id: customer.user.id,
    });
    const sale = (await confirm(shop.t, other, cart.id, { payment_status: 'not_paid' })).data.sale;
    const ids: number[] = [];
    for (let i = 0; i < pageSize + 1; i++) ids.unshift(await pay(other, sale.id, '1000.00'));
    const first = await list(other);
    expect(first.data).toMatchObject({ count: pageSize + 1, next: 2, previous: null, total_pages: 2 });
    expect(first.data.results.map((p) => p.id)).toEqual(ids.slice(0, pageSize));
    const second = await list(other, { page: 2 });
    expect(second.data).toMatchObject({ next: null, previous: 1, current_page: 2 });
    expect(second.data.results.map((p) => p.id)).toEqual(ids.slice(pageSize));
  });

  it('tells a payment partly refunded by a return, with the amount, from one refunded in full by a cancel', async () => {
    const owner = await signUpCeo(shop.t);
    const product = await createProduct(shop.t, owner, { selling_price: '1000.00', batches: [{ quantity: 10 }] });
    const sellThree = async () => {
      const cart = await createCart(shop.t, owner, [{ product_id: product.id, quantity: 3 }]);
      const answer = await confirm(shop.t, owner, cart.id, { payment_status: 'paid', payment_method: 'cash' });
      if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
      return answer.data.sale;
    };
    const returned = await sellThree();
    const cancelled = await sellThree();
    const kept = await sellThree();
    const back = await shop.api.call(
      ENDPOINTS.sales.returnSale,
      {
        business_id: owner.businessId,
        id: returned.id,
        reason: 'One too many',
        lines: [{ sale_line_id: returned.lines[0]!.id, quantity: 1 }],
        restock: true,
        refunds: [{ method: 'cash', amount: '1000.00' }],
      },
      { token: owner.token },
    );
    expect(back.status).toBe(200);
    const cancel = await shop.api.call(
      ENDPOINTS.sales.cancelSale,
      { business_id: owner.businessId, id: cancelled.id, reason: 'Wrong customer' },
      { token: owner.token },
    );
    expect(cancel.status).toBe(200);
    const bySale = new Map((await list(owner)).data.results.map((payment) => [payment.sale_id, payment]));
    expect(bySale.get(returned.id)).toMatchObject({
      amount: '3000.00',
      refunded_amount: '1000.00',
      is_refunded: false,
    });
    expect(bySale.get(cancelled.id)).toMatchObject({
      amount: '3000.00',
      refunded_amount: '3000.00',
      is_refunded: true,
    });
    expect(bySale.get(kept.id)).toMatchObject({ amount: '3000.00', refunded_amount: '0.00', is_refunded: false });
    // The sale's own payments say the same.
    const sale = await shop.api.call(
      ENDPOINTS.sales.getSale,
      { business_id: owner.businessId, id: returned.id },
      { token: owner.token },
    );
    expect(sale.data.sale.payments).toMatchObject([{ refunded_amount: '1000.00', is_refunded: false }]);
  });
});
