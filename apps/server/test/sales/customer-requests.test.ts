import { ENDPOINTS, MAX_OPEN_REQUESTS, MESSAGES, type RequestProductsBody, SALES_MESSAGES } from '@oja/contract';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import {
  addMember,
  batchQuantities,
  confirm,
  createCart,
  createProduct,
  logIn,
  type Member,
  memberLoggedIn,
  type Owner,
  signUpCeo,
} from '../factories';
import { type ApiClient, apiClient } from '../http';
import { fingerprint } from '../proofs/world';

/**
 * A customer asks the shop for products from their area: the request is a cart of the business named
 * to them and marked as theirs, bounded like any cart, seen and confirmed by the staff as any cart,
 * and the customer sees only their own requests, sales and documents.
 */
let t: TestApp;
let api: ApiClient;
let shop: Owner;
let other: Owner;
let customer: Member;
let neighbour: Member;
let seller: Member;
let rice: { id: number; product_name: string };
let milk: { id: number };
let dollars: { id: number };
let empty: { id: number };
let foreign: { id: number };

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const page = await pdf.getPage(1);
  const content = await page.getTextContent();
  return content.items
    .map((item) => ('str' in item ? item.str : ''))
    .join(' ')
    .replace(/\s+/g, ' ');
}

const request = (by: Member, items: RequestProductsBody['items'], businessId = shop.businessId) =>
  api.call(ENDPOINTS.sales.requestProducts, { business_id: businessId, items }, { token: by.token });

const invoice = (token: string, id: number, businessId = shop.businessId) =>
  api.call(ENDPOINTS.sales.getCartInvoice, { business_id: businessId, id }, { token });

const myRequests = (by: Member) =>
  api.call(ENDPOINTS.sales.listMyRequests, { business_id: shop.businessId, page: 1 }, { token: by.token });

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  [shop, other] = await Promise.all([signUpCeo(t), signUpCeo(t)]);
  const named = await addMember(t, shop.businessId, { role: 'customer', first_name: 'Ngozi', last_name: 'Okafor' });
  customer = { ...(await logIn(t, named.username)), businessId: shop.businessId };
  [neighbour, seller] = await Promise.all([
    memberLoggedIn(t, shop.businessId, 'customer'),
    memberLoggedIn(t, shop.businessId, 'sales_person'),
  ]);
  [rice, milk, dollars, empty, foreign] = await Promise.all([
    createProduct(t, shop, {
      product_name: 'Mama Gold Rice 5kg',
      cost_price: '6000.00',
      selling_price: '8000.00',
      selling_price_discount_percentage: '10',
      batches: [{ quantity: 6 }],
    }),
    createProduct(t, shop, { selling_price: '999999999.99', batches: [{ quantity: 2000 }] }),
    createProduct(t, shop, { currency: 'USD', batches: [{ quantity: 5 }] }),
    createProduct(t, shop, { batches: [{ quantity: 0 }] }),
    createProduct(t, other, { batches: [{ quantity: 5 }] }),
  ]);
});
afterAll(() => t.close());

describe('a customer’s request', () => {
  let requestId: number;

  it('is a cart of the business named to that customer, marked, at the discounted retail price', async () => {
    const answer = await request(customer, [{ product_id: rice.id, quantity: 2 }]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const cart = answer.data.cart;
    requestId = cart.id;
    expect(cart).toMatchObject({
      business_id: shop.businessId,
      customer_id: customer.user.id,
      customer_name: 'Ngozi Okafor',
      created_by: customer.user.id,
      is_customer_request: true,
      currency: 'NGN',
      // 2 × (₦8,000.00 less 10%)
      total_cart_amount: '14400.00',
    });
    expect(cart.title).toMatch(/^Request-\d{8}-\d{6}$/);
    expect(cart.items).toMatchObject([
      { product_id: rice.id, quantity: 2, pricing_strategy: 'retail', apply_discount: true, product_batch_id: null },
    ]);
    // Nothing is taken from the stock until the shop confirms.
    expect(await batchQuantities(t, rice.id)).toEqual([6]);
  });

  it('shows in the staff’s carts marked as a customer request, and the staff confirm it into the customer’s sale', async () => {
    const listed = await api.call(
      ENDPOINTS.sales.listCarts,
      { business_id: shop.businessId, page: 1 },
      { token: seller.token },
    );
    expect(listed.status).toBe(200);
    const seen = listed.data.results.find((cart) => cart.id === requestId);
    expect(seen).toMatchObject({ is_customer_request: true, customer_name: 'Ngozi Okafor' });

    // A cart the staff write is not a request, even when it names the customer.
    const staffCart = await createCart(t, shop, [{ product_id: rice.id, quantity: 1 }], {
      customer_id: customer.user.id,
    });
    expect(staffCart.is_customer_request).toBe(false);

    const mine = await myRequests(customer);
    expect(mine.data.results.map((cart) => cart.id)).toEqual([requestId]);
    expect((await myRequests(neighbour)).data.results).toEqual([]);

    const sale = await confirm(t, seller, requestId, { payment_status: 'partial', deposit_amount: '4400.00' });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.data.sale).toMatchObject({
      customer_id: customer.user.id,
      customer_name: 'Ngozi Okafor',
      total_cart_amount: '14400.00',
      balance: '10000.00',
    });
    expect(await batchQuantities(t, rice.id)).toEqual([4]);
    // Confirmed, it is a sale of theirs and no longer an open request.
    expect((await myRequests(customer)).data.results).toEqual([]);
    const sales = await api.call(
      ENDPOINTS.sales.listSales,
      { business_id: shop.businessId, page: 1 },
      { token: customer.token },
    );
    expect(sales.data.results.map((row) => row.id)).toEqual([sale.data.sale.id]);
    await api.call(ENDPOINTS.sales.deleteCart, { id: staffCart.id }, { token: shop.token });
  });

  it('is refused beyond the stock, out of stock, across currencies, past the money range, or for another shop’s product, writing nothing', async () => {
    const before = await fingerprint(t);
    const cases: [RequestProductsBody['items'], string][] = [
      [[{ product_id: rice.id, quantity: 5 }], MESSAGES.product.insufficientStock],
      // Two lines of one product ask for their sum.
      [
        [
          { product_id: rice.id, quantity: 3 },
          { product_id: rice.id, quantity: 2 },
        ],
        MESSAGES.product.insufficientStock,
      ],
      [[{ product_id: empty.id, quantity: 1 }], MESSAGES.product.outOfStockForCart],
      [
        [
          { product_id: rice.id, quantity: 1 },
          { product_id: dollars.id, quantity: 1 },
        ],
        MESSAGES.cart.mixedCurrency,
      ],
      // 1,001 × ₦999,999,999.99 is past ₦999,999,999,999.99.
      [[{ product_id: milk.id, quantity: 1001 }], SALES_MESSAGES.cartTotalTooLarge],
      [[{ product_id: foreign.id, quantity: 1 }], MESSAGES.product.notFound],
      [[], SALES_MESSAGES.requestEmpty],
    ];
    for (const [items, message] of cases) {
      const answer = await request(customer, items);
      expect(answer.status, JSON.stringify(items)).toBe(400);
      expect(answer.body.response_description).toBe(message);
    }
    // The customer chooses products and quantities only: no price, batch or name of their own.
    const sneaky = await api.send(ENDPOINTS.sales.requestProducts, {
      token: customer.token,
      body: {
        business_id: shop.businessId,
        items: [{ product_id: rice.id, quantity: 1, pricing_strategy: 'wholesale' }],
      },
    });
    expect(sneaky.status).toBe(400);
    expect(await fingerprint(t)).toEqual(before);
  });

  it('is for customers only, in their own business', async () => {
    const staff = await api.call(
      ENDPOINTS.sales.requestProducts,
      { business_id: shop.businessId, items: [{ product_id: rice.id, quantity: 1 }] },
      { token: seller.token },
    );
    expect(staff.status).toBe(403);
    expect((await request(customer, [{ product_id: foreign.id, quantity: 1 }], other.businessId)).status).toBe(404);
    const carts = await api.call(
      ENDPOINTS.sales.listCarts,
      { business_id: shop.businessId, page: 1 },
      { token: customer.token },
    );
    expect(carts.status).toBe(403);
  });
});

describe('the pro-forma invoice of a cart', () => {
  it('goes to the requesting customer and the staff; another customer, a staff cart or another shop answers 404', async () => {
    const mine = (await request(customer, [{ product_id: rice.id, quantity: 1 }])).data.cart;
    for (const token of [customer.token, seller.token, shop.token]) {
      const answer = await invoice(token, mine.id);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.headers['content-disposition']).toBe(
        `attachment; filename="proforma-${shop.business.slug}-${mine.id}.pdf"`,
      );
    }
    const text = await pdfText((await invoice(customer.token, mine.id)).raw);
    expect(text).toContain('Pro-forma invoice');
    expect(text).toContain('Mama Gold Rice 5kg');
    expect(text).toContain('Bill to: Ngozi Okafor');
    expect(text).toContain('₦7,200.00');
    expect(text).toContain(SALES_MESSAGES.customerRequest);
    // The customer's copy, like their product list, carries no cost.
    expect(text).not.toContain('6,000');

    const theirs = await invoice(neighbour.token, mine.id);
    expect(theirs.status).toBe(404);
    expect(theirs.body.response_description).toBe(MESSAGES.cart.notFound);
    const staffCart = await createCart(t, shop, [{ product_id: rice.id, quantity: 1 }], {
      customer_id: customer.user.id,
    });
    expect((await invoice(shop.token, staffCart.id)).status).toBe(200);
    expect((await invoice(customer.token, staffCart.id)).status).toBe(404);
    expect((await invoice(other.token, mine.id)).status).toBe(404);
    expect((await invoice(other.token, mine.id, other.businessId)).status).toBe(404);
    expect((await invoice(shop.token, mine.id + 10_000)).status).toBe(404);
    await Promise.all(
      [mine.id, staffCart.id].map((id) => api.call(ENDPOINTS.sales.deleteCart, { id }, { token: shop.token })),
    );
  });
});

describe('a customer sees only their own', () => {
  it('sales, receipts and invoices: another customer’s answer 404; the product list has no cost', async () => {
    const cart = await createCart(t, shop, [{ product_id: rice.id, quantity: 1 }], {
      customer_id: neighbour.user.id,
    });
    const sale = await confirm(t, shop, cart.id);
    expect(sale.status).toBe(201);
    const query = { business_id: shop.businessId, id: sale.data.sale.id };
    for (const entry of [ENDPOINTS.sales.getSale, ENDPOINTS.sales.getReceipt, ENDPOINTS.sales.getInvoice]) {
      expect((await api.call(entry, query, { token: customer.token })).status).toBe(404);
      expect((await api.call(entry, query, { token: neighbour.token })).status).toBe(200);
    }
    // Asking for another customer's sales by id still lists only one's own.
    const listed = await api.call(
      ENDPOINTS.sales.listSales,
      { business_id: shop.businessId, page: 1, user_id: neighbour.user.id },
      { token: customer.token },
    );
    expect(listed.data.results.every((row) => row.customer_id === customer.user.id)).toBe(true);
    // Her receipts list the payments on her sales, never on another customer's.
    const payments = (who: Member) =>
      api.call(ENDPOINTS.sales.listPayments, { business_id: shop.businessId, page: 1 }, { token: who.token });
    const hers = await payments(customer);
    expect(hers.status).toBe(200);
    expect(hers.data.results.length).toBeGreaterThan(0);
    expect(hers.data.results.every((payment) => payment.customer_id === customer.user.id)).toBe(true);
    expect((await payments(neighbour)).data.results.map((payment) => payment.sale_id)).toContain(sale.data.sale.id);

    const products = await api.call(
      ENDPOINTS.stock.listProducts,
      { business_id: shop.businessId, page: 1, stock: 'in_stock' },
      { token: customer.token },
    );
    expect(products.status).toBe(200);
    expect(products.data.results.length).toBeGreaterThan(0);
    for (const product of products.data.results) expect(product).not.toHaveProperty('cost_price');
  });
});

describe('open requests', () => {
  it(`are capped at ${MAX_OPEN_REQUESTS} per customer, even when they arrive at once`, async () => {
    const sender = await memberLoggedIn(t, shop.businessId, 'customer');
    const answers = await Promise.all(
      Array.from({ length: MAX_OPEN_REQUESTS + 5 }, () => request(sender, [{ product_id: milk.id, quantity: 1 }])),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_OPEN_REQUESTS);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => answer.status)).toEqual(Array(5).fill(409));
    expect(refused[0]?.body.response_description).toBe(SALES_MESSAGES.tooManyOpenRequests(MAX_OPEN_REQUESTS));
    const written = await t.db.select({ id: carts.id }).from(carts).where(eq(carts.customer_id, sender.user.id));
    expect(written).toHaveLength(MAX_OPEN_REQUESTS);
  });
});
