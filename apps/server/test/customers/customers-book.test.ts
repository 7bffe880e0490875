import {
  BUSINESS_TIME_ZONE,
  CUSTOMER_MESSAGES,
  type CustomerBookRow,
  ENDPOINTS,
  fromKobo,
  IDEMPOTENCY_HEADER,
  STATEMENT_MAX_LINES,
  toKobo,
} from '@oja/contract';
import { and, eq, sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customer_merges, sales } from '../../src/db/schema';
import {
  confirm,
  createCart,
  createProduct,
  insertSale,
  type Member,
  memberLoggedIn,
  type Owner,
  signUpCeo,
} from '../factories';
import { useShop } from '../shop';

/**
 * The customers book (issue 54). Aging runs on a fixed clock, noon in Lagos on 15 March 2026: only Date is faked,
 * and only while the aging test asks, so the server's own "today" (lagosToday) is that day; its sales are written
 * at chosen moments before it. (A clock behind the real one: the sessions made at the real time stay valid.)
 */
const NOW = new Date('2026-03-15T11:00:00Z');

const shop = useShop();
let manager: Member;
let salesPerson: Member;
let regular: Member;
let other: Owner;
let product: { id: number; product_name: string };

beforeAll(async () => {
  [manager, salesPerson, regular, other] = await Promise.all([
    memberLoggedIn(shop.t, shop.ceo.businessId, 'manager'),
    memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person'),
    memberLoggedIn(shop.t, shop.ceo.businessId, 'customer'),
    signUpCeo(shop.t),
  ]);
  product = await createProduct(shop.t, shop.ceo, { selling_price: '100.00', batches: [{ quantity: 500 }] });
});
afterAll(() => vi.useRealTimers());

const DAY = 86_400_000;
/** A moment `days` Lagos days before the clock's, at the given Lagos hour (Lagos is UTC+1, all year). */
const lagosDaysAgo = (days: number, lagosHour = 12) => new Date(Date.UTC(2026, 2, 15 - days, lagosHour - 1, 30));

const lagosDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(at);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

/** Sets what was paid on a sale written by insertSale (the book reads the sale's own amounts). */
async function payPart(saleId: number, paid: string) {
  await shop.t.db
    .update(sales)
    .set({ amount_paid: paid, payment_status: 'partial' })
    .where(and(eq(sales.business_id, shop.ceo.businessId), eq(sales.id, saleId)));
}

async function book(search?: string, page = 1, token = shop.ceo.token) {
  const answer = await shop.api.call(
    ENDPOINTS.customers.listCustomerBook,
    { business_id: shop.ceo.businessId, search, page },
    { token },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.data;
}

/** Every row of the book, page by page. */
async function wholeBook(): Promise<CustomerBookRow[]> {
  const rows: CustomerBookRow[] = [];
  for (let page = 1; ; page++) {
    const data = await book(undefined, page);
    rows.push(...data.results);
    if (page >= data.total_pages) return rows;
  }
}

describe('aging of what a customer owes', () => {
  it('puts each open balance in 0-30, 31-60 or over 60 Lagos days from the sale, on a fixed clock', async () => {
    const name = 'Aging Adaeze';
    // [Lagos days ago, Lagos hour, quantity, paid]: the hour 00:30 is still the previous day in UTC.
    const fixtures: [number, number, number, string | null][] = [
      [0, 12, 1, null],
      [30, 0, 2, '50.00'], // 30 Lagos days, 31 UTC days: 0-30
      [31, 12, 3, null],
      [60, 0, 4, '120.00'], // 60 Lagos days: 31-60
      [61, 12, 5, null],
      [200, 12, 6, '1.50'],
      [45, 12, 7, 'paid'], // paid in full: owes nothing
    ];
    const expected = { days_0_30: 0n, days_31_60: 0n, over_60: 0n, owed: 0n, bought: 0n };
    let oldestOpen: Date | null = null;
    for (const [days, hour, quantity, paid] of fixtures) {
      const at = lagosDaysAgo(days, hour);
      const sale = await insertSale(shop.t, shop.ceo.businessId, {
        lines: [{ product, quantity, unitPrice: '100.00' }],
        customerName: name,
        createdAt: at,
        paymentStatus: paid === 'paid' ? 'paid' : 'not_paid',
      });
      if (paid && paid !== 'paid') await payPart(sale.id, paid);
      expected.bought += toKobo(sale.total);
      if (paid === 'paid') continue;
      const balance = toKobo(sale.total) - (paid ? toKobo(paid) : 0n);
      // The independent rule: Lagos calendar days between the sale and the clock's day.
      const age = daysBetween(lagosDay(at), lagosDay(NOW));
      const bucket = age <= 30 ? 'days_0_30' : age <= 60 ? 'days_31_60' : 'over_60';
      expected[bucket] += balance;
      expected.owed += balance;
      if (!oldestOpen || at < oldestOpen) oldestOpen = at;
    }
    // A cancelled sale, however old, is owed by no one.
    const cancelled = await insertSale(shop.t, shop.ceo.businessId, {
      lines: [{ product, quantity: 9, unitPrice: '100.00' }],
      customerName: 'aging adaeze ',
      createdAt: lagosDaysAgo(90),
      paymentStatus: 'not_paid',
    });
    await shop.t.db
      .update(sales)
      .set({ status: 'cancelled', cancelled_at: lagosDaysAgo(80), cancel_reason: 'Test' })
      .where(and(eq(sales.business_id, shop.ceo.businessId), eq(sales.id, cancelled.id)));

    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const { results } = await book('aging adaeze');
    expect(results).toHaveLength(1);
    const [row] = results;
    expect(row).toMatchObject({
      customer_id: null,
      customer_name: name,
      currency: 'NGN',
      sales_count: fixtures.length,
      total_bought: fromKobo(expected.bought),
      owed: fromKobo(expected.owed),
      owing_since: oldestOpen?.toISOString(),
      aging: {
        days_0_30: fromKobo(expected.days_0_30),
        days_31_60: fromKobo(expected.days_31_60),
        over_60: fromKobo(expected.over_60),
      },
    });
    // The buckets were chosen to hold something each, so a rule off by a day moves money between them.
    expect(row?.aging).toEqual({ days_0_30: '250.00', days_31_60: '580.00', over_60: '1098.50' });

    // The customer's own page answers the same balances.
    const detail = await shop.api.call(
      ENDPOINTS.customers.getCustomer,
      { business_id: shop.ceo.businessId, customer_name: '  AGING adaeze' },
      { token: manager.token },
    );
    vi.useRealTimers();
    expect(detail.status).toBe(200);
    expect(detail.data.statement.balances).toEqual([
      {
        currency: row?.currency,
        sales_count: row?.sales_count,
        total_bought: row?.total_bought,
        owed: row?.owed,
        owing_since: row?.owing_since,
        aging: row?.aging,
        last_sale_at: row?.last_sale_at,
      },
    ]);
  });
});

describe('the book', () => {
  it("totals every customer's purchases and debts as an independent sum of the sales does, most owed first", async () => {
    const seller = { id: shop.ceo.user.id, name: 'Owner' };
    const plan: [string | null, number, string | null][] = [
      ['Mama Ngozi', 3, null],
      ['mama ngozi ', 2, '80.00'],
      ['MAMA NGOZI', 4, 'paid'],
      ['Tunde Bakare', 10, '999.99'],
      [null, 5, '100.00'],
      [null, 1, 'paid'],
      ['', 7, null], // a nameless sale names nobody
      ['Unnamed Customer', 6, null],
    ];
    for (const [index, [name, quantity, paid]] of plan.entries()) {
      const sale = await insertSale(shop.t, shop.ceo.businessId, {
        lines: [{ product, quantity, unitPrice: '100.00' }],
        customerName: name ?? 'Typed at the counter',
        customerId: name === null ? regular.user.id : null,
        soldBy: seller,
        createdAt: lagosDaysAgo(index * 10),
        paymentStatus: paid === 'paid' ? 'paid' : 'not_paid',
      });
      if (paid && paid !== 'paid') await payPart(sale.id, paid);
    }
    // Another business's sales stay out of this book.
    await insertSale(shop.t, other.businessId, {
      lines: [
        { product: { id: (await createProduct(shop.t, other)).id, product_name: 'X' }, quantity: 1, unitPrice: '5.00' },
      ],
      customerName: 'Mama Ngozi',
    });

    // The independent computation: every sale of the business, grouped in TypeScript.
    const all = await shop.t.db.select().from(sales).where(eq(sales.business_id, shop.ceo.businessId));
    const expected = new Map<string, { bought: bigint; owed: bigint; count: number }>();
    for (const sale of all) {
      const nameKey = sale.customer_name.trim().toLowerCase();
      if (sale.customer_id === null && (nameKey === '' || nameKey === 'unnamed customer')) continue;
      const key = sale.customer_id !== null ? `id:${sale.customer_id}` : `name:${nameKey}`;
      const entry = expected.get(key) ?? { bought: 0n, owed: 0n, count: 0 };
      if (sale.status === 'active') {
        entry.count += 1;
        entry.bought += toKobo(sale.total_cart_amount);
        if (sale.payment_status !== 'paid') entry.owed += toKobo(sale.total_cart_amount) - toKobo(sale.amount_paid);
      }
      expected.set(key, entry);
    }
    const rows = await wholeBook();
    const seen = new Map(
      rows
        .filter((row) => row.sales_count > 0)
        .map((row) => [
          row.customer_id !== null ? `id:${row.customer_id}` : `name:${row.customer_name.trim().toLowerCase()}`,
          { bought: toKobo(row.total_bought), owed: toKobo(row.owed), count: row.sales_count },
        ]),
    );
    expect(seen).toEqual(expected);
    expect(rows.find((row) => row.customer_id === regular.user.id)?.customer_name).toBe(
      `${regular.user.first_name} ${regular.user.last_name}`.trim(),
    );
    // Most owed first.
    const owed = rows.map((row) => toKobo(row.owed));
    expect(owed).toEqual([...owed].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    // Paging: ten a page, the count exact.
    const first = await book();
    expect(first.count).toBe(rows.length);
    // The search is the server's: over names and phones.
    const found = await book('ngozi');
    expect(found.results.map((row) => row.customer_name)).toEqual(['Mama Ngozi']);
  });

  it('is for the CEO and managers: a salesperson is refused, another business sees none of it', async () => {
    expect((await book(undefined, 1, manager.token)).count).toBeGreaterThan(0);
    const refused = await shop.api.call(
      ENDPOINTS.customers.listCustomerBook,
      { business_id: shop.ceo.businessId },
      { token: salesPerson.token },
    );
    expect(refused.status).toBe(403);
    const theirs = await shop.api.call(
      ENDPOINTS.customers.getCustomer,
      { business_id: other.businessId, customer_id: regular.user.id },
      { token: other.token },
    );
    expect(theirs.status).toBe(404);
    const byName = await shop.api.call(
      ENDPOINTS.customers.getCustomer,
      { business_id: other.businessId, customer_name: 'Tunde Bakare' },
      { token: other.token },
    );
    expect(byName.status).toBe(404);
    expect(byName.body.response_description).toBe(CUSTOMER_MESSAGES.notFound);
  });
});

describe("a customer's statement", () => {
  let buyer: Member;
  beforeAll(async () => {
    buyer = await memberLoggedIn(shop.t, shop.ceo.businessId, 'customer');
  });

  const sell = async (quantity: number, body: Parameters<typeof confirm>[3]) => {
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity }], {
      customer_id: buyer.user.id,
    });
    const answer = await confirm(shop.t, shop.ceo, cart.id, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.data.sale;
  };

  it('lists sales, payments, cancellations and refunds with the balance after each, and prints them', async () => {
    const first = await sell(3, { payment_status: 'partial', deposit_amount: '100.00', payment_method: 'cash' });
    const paid = await shop.api.call(
      ENDPOINTS.sales.recordPayment,
      { business_id: shop.ceo.businessId, sale_id: first.id, amount: '50.00', method: 'bank_transfer' },
      { token: shop.ceo.token },
    );
    expect(paid.status).toBe(201);
    const second = await sell(2, { payment_status: 'partial', deposit_amount: '60.00', payment_method: 'pos_card' });
    const cancelled = await shop.api.call(
      ENDPOINTS.sales.cancelSale,
      { business_id: shop.ceo.businessId, id: second.id, reason: 'Changed their mind' },
      { token: shop.ceo.token },
    );
    expect(cancelled.status).toBe(200);

    const answer = await shop.api.call(
      ENDPOINTS.customers.getCustomer,
      { business_id: shop.ceo.businessId, customer_id: buyer.user.id },
      { token: manager.token },
    );
    expect(answer.status).toBe(200);
    const { statement } = answer.data;
    expect(
      statement.lines.map((line) => [line.kind, line.sale_id, line.method, line.debit, line.credit, line.balance]),
    ).toEqual([
      ['sale', first.id, null, '300.00', '0.00', '300.00'],
      ['payment', first.id, 'cash', '0.00', '100.00', '200.00'],
      ['payment', first.id, 'bank_transfer', '0.00', '50.00', '150.00'],
      ['sale', second.id, null, '200.00', '0.00', '350.00'],
      ['payment', second.id, 'pos_card', '0.00', '60.00', '290.00'],
      ['refund', second.id, 'pos_card', '60.00', '0.00', '350.00'],
      ['cancellation', second.id, null, '0.00', '200.00', '150.00'],
    ]);
    expect(statement.balances).toMatchObject([
      { currency: 'NGN', sales_count: 1, total_bought: '300.00', owed: '150.00' },
    ]);
    expect(statement.open_sales).toMatchObject([{ id: first.id, balance: '150.00' }]);
    expect(statement.brought_forward).toEqual([]);

    const pdf = await shop.api.call(
      ENDPOINTS.customers.getCustomerStatement,
      { business_id: shop.ceo.businessId, customer_id: buyer.user.id },
      { token: shop.ceo.token },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.raw);
    expect(text).toContain(`Customer: ${statement.customer.customer_name}`);
    expect(text).toContain('Cancelled');
    expect(text).toContain('Refund');
    expect(text).toContain('₦150.00');
  });
});

describe('a long statement', () => {
  it('lists the newest lines, brings the balance before them forward, and prints over several pages', async () => {
    const name = `Regular ${Date.now()}`;
    const count = STATEMENT_MAX_LINES + 5;
    for (let index = 0; index < count; index++) {
      await insertSale(shop.t, shop.ceo.businessId, {
        lines: [{ product, quantity: 1, unitPrice: `${index + 1}.00` }],
        customerName: name,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
        paymentStatus: 'not_paid',
      });
    }
    const answer = await shop.api.call(
      ENDPOINTS.customers.getCustomer,
      { business_id: shop.ceo.businessId, customer_name: name },
      { token: shop.ceo.token },
    );
    const { statement } = answer.data;
    expect(statement.lines).toHaveLength(STATEMENT_MAX_LINES);
    // The five oldest sales (₦1 to ₦5) are brought forward; the first line shown is the sixth, ₦6.
    expect(statement.brought_forward).toEqual([{ currency: 'NGN', balance: '15.00' }]);
    expect(statement.lines[0]).toMatchObject({ kind: 'sale', debit: '6.00', balance: '21.00' });
    const total = (count * (count + 1)) / 2;
    expect(statement.lines.at(-1)?.balance).toBe(`${total}.00`);
    expect(statement.balances[0]?.owed).toBe(`${total}.00`);

    const pdf = await shop.api.call(
      ENDPOINTS.customers.getCustomerStatement,
      { business_id: shop.ceo.businessId, customer_name: name },
      { token: shop.ceo.token },
    );
    expect(await pdfText(pdf.raw)).toContain('Brought forward');
    // 200 lines do not fit one A4 page: the table goes on over the next pages, none past the bottom margin.
    const document = await getDocument({ data: new Uint8Array(pdf.raw), useSystemFonts: false }).promise;
    expect(document.numPages).toBeGreaterThan(1);
  });
});

describe('merging two customers', () => {
  const merge = (body: Record<string, unknown>, options: { token?: string; key?: string } = {}) =>
    shop.api.send(ENDPOINTS.customers.mergeCustomers, {
      token: options.token ?? shop.ceo.token,
      body: { business_id: shop.ceo.businessId, ...body },
      headers: options.key ? { [IDEMPOTENCY_HEADER]: options.key } : undefined,
    });
  const owedBy = async (ref: { customer_id?: number; customer_name?: string }) => {
    const answer = await shop.api.call(
      ENDPOINTS.customers.getCustomer,
      { business_id: shop.ceo.businessId, ...ref },
      { token: shop.ceo.token },
    );
    return answer.status === 200 ? answer.data.statement.balances[0]?.owed : answer.status;
  };

  it("makes a duplicate's sales and debts the kept customer's, once, recorded", async () => {
    const kept = await memberLoggedIn(shop.t, shop.ceo.businessId, 'customer');
    const one = await insertSale(shop.t, shop.ceo.businessId, {
      lines: [{ product, quantity: 2, unitPrice: '100.00' }],
      customerId: kept.user.id,
      paymentStatus: 'not_paid',
    });
    const dup = await insertSale(shop.t, shop.ceo.businessId, {
      lines: [{ product, quantity: 5, unitPrice: '100.00' }],
      customerName: 'Chidi Okeke',
      paymentStatus: 'not_paid',
      createdAt: lagosDaysAgo(40),
    });
    const dupAgain = await insertSale(shop.t, shop.ceo.businessId, {
      lines: [{ product, quantity: 1, unitPrice: '100.00' }],
      customerName: 'chidi okeke',
      paymentStatus: 'paid',
    });
    const debtsBefore = await debtTotal();

    const first = await merge(
      { customer_id: kept.user.id, merge_customer_name: 'Chidi Okeke' },
      { key: 'merge-key-0001' },
    );
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.data.merge).toMatchObject({
      customer_id: kept.user.id,
      merged_customer_id: null,
      merged_customer_name: 'chidi okeke',
      moved_sales: 2,
    });
    expect(await owedBy({ customer_id: kept.user.id })).toBe('700.00');
    expect(await owedBy({ customer_name: 'Chidi Okeke' })).toBe(404);
    // What the business is owed in all is unchanged: the debt moved, it did not double or vanish.
    expect(await debtTotal()).toBe(debtsBefore);
    const [record] = await shop.t.db.select().from(customer_merges).where(eq(customer_merges.id, first.data.merge.id));
    expect(record).toMatchObject({
      merged_by: shop.ceo.user.id,
      sale_ids: [dup.id, dupAgain.id].sort((a, b) => a - b),
    });
    expect(one.id).toBeLessThan(dup.id);

    // Sent again, with its key or without: the same merge, nothing more moved or recorded.
    const replay = await merge(
      { customer_id: kept.user.id, merge_customer_name: 'Chidi Okeke' },
      { key: 'merge-key-0001' },
    );
    const again = await merge({ customer_id: kept.user.id, merge_customer_name: 'chidi OKEKE' });
    for (const answer of [replay, again]) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.data.merge.id).toBe(first.data.merge.id);
    }
    expect(await mergeCount()).toBe(1);
    expect(await owedBy({ customer_id: kept.user.id })).toBe('700.00');
  });

  it('merges a name into a name and a registered customer into another', async () => {
    await insertSale(shop.t, shop.ceo.businessId, {
      lines: [{ product, quantity: 1, unitPrice: '100.00' }],
      customerName: 'Bisi Ade',
      paymentStatus: 'not_paid',
    });
    await insertSale(shop.t, shop.ceo.businessId, {
      lines: [{ product, quantity: 2, unitPrice: '100.00' }],
      customerName: 'Bisi Adebayo',
      paymentStatus: 'not_paid',
    });
    const named = await merge({ customer_name: 'Bisi Adebayo', merge_customer_name: 'Bisi Ade' });
    expect(named.status).toBe(201);
    expect(await owedBy({ customer_name: 'bisi adebayo' })).toBe('300.00');

    const [a, b] = await Promise.all([
      memberLoggedIn(shop.t, shop.ceo.businessId, 'customer'),
      memberLoggedIn(shop.t, shop.ceo.businessId, 'customer'),
    ]);
    await insertSale(shop.t, shop.ceo.businessId, {
      lines: [{ product, quantity: 4, unitPrice: '100.00' }],
      customerId: b.user.id,
      paymentStatus: 'not_paid',
    });
    const accounts = await merge({ customer_id: a.user.id, merge_customer_id: b.user.id });
    expect(accounts.status).toBe(201);
    expect(await owedBy({ customer_id: a.user.id })).toBe('400.00');
    // The merged-away account leaves the book (it is still a member, with nothing of its own).
    const rows = await wholeBook();
    expect(rows.some((row) => row.customer_id === b.user.id)).toBe(false);
  });

  it('refuses a customer with itself, a registered customer into a name, a stranger, and anyone but the CEO', async () => {
    const before = await mergeCount();
    const self = await merge({ customer_id: regular.user.id, merge_customer_id: regular.user.id });
    expect(self.status).toBe(400);
    expect(self.body.response_description).toBe(CUSTOMER_MESSAGES.mergeSelf);
    const sameName = await merge({ customer_name: 'Tunde Bakare', merge_customer_name: ' tunde bakare' });
    expect(sameName.status).toBe(400);
    const intoName = await merge({ customer_name: 'Tunde Bakare', merge_customer_id: regular.user.id });
    expect(intoName.status).toBe(409);
    expect(intoName.body.response_description).toBe(CUSTOMER_MESSAGES.mergeIntoName);
    // Across businesses: the other business's customer is missing here, and this one's is missing there.
    const outsider = await memberLoggedIn(shop.t, other.businessId, 'customer');
    const across = await merge({ customer_id: regular.user.id, merge_customer_id: outsider.user.id });
    expect(across.status).toBe(404);
    const fromThere = await shop.api.send(ENDPOINTS.customers.mergeCustomers, {
      token: other.token,
      body: { business_id: other.businessId, customer_id: outsider.user.id, merge_customer_name: 'Tunde Bakare' },
    });
    expect(fromThere.status).toBe(404);
    const byManager = await merge(
      { customer_name: 'Tunde Bakare', merge_customer_name: 'Mama Ngozi' },
      {
        token: manager.token,
      },
    );
    expect(byManager.status).toBe(403);
    expect(byManager.body.response_description).toBe(CUSTOMER_MESSAGES.onlyCeoMerges);
    expect(await mergeCount()).toBe(before);
    expect(await owedBy({ customer_name: 'Tunde Bakare' })).toBe('0.01');
  });
});

async function debtTotal(): Promise<string> {
  const { rows } = await shop.t.db.execute<{ owed: string }>(
    sql`select coalesce(sum(${sales.total_cart_amount} - ${sales.amount_paid}), 0)::numeric(14, 2)::text as owed
      from ${sales} where ${sales.business_id} = ${shop.ceo.businessId} and ${sales.status} = 'active'`,
  );
  return rows[0]?.owed ?? '';
}

async function mergeCount(): Promise<number> {
  const rows = await shop.t.db
    .select()
    .from(customer_merges)
    .where(eq(customer_merges.business_id, shop.ceo.businessId));
  return rows.length;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const parts: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return parts.join('\n').replace(/\s+/g, ' ');
}
