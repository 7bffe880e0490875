import { ENDPOINTS, type EndpointInput } from '@oja/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sales } from '../../src/db/schema';
import { containsPattern } from '../../src/db/search';
import { createProduct, hoursAgo, insertSale, memberLoggedIn, type Owner, signUpCeo } from '../factories';
import { useShop } from '../shop';

/**
 * The debts list reads the maintained debtors (list-debts.ts): its answers must be the rule's, the open sales
 * (not paid in full, not cancelled) grouped per registered customer or walk-in name (any letter case, outer
 * spaces ignored) and currency, the largest debt first, counted, paged and searched over the names sold under,
 * with the totals per currency, through payments and cancellations.
 */
const shop = useShop();
let other: Owner;
const registered: { id: number; name: string }[] = [];

beforeAll(async () => {
  other = await signUpCeo(shop.t);
  for (const first of ['Uche', 'Bisi']) {
    const customer = await memberLoggedIn(shop.t, shop.ceo.businessId, 'customer');
    registered.push({ id: customer.user.id, name: `${first} Registered` });
  }
  const product = await createProduct(shop.t, shop.ceo);
  // 14 walk-ins (some written two ways), the two registered customers (one sold under two names), both
  // currencies, on credit, part paid and paid, over several days.
  const walkIns = Array.from({ length: 14 }, (_, i) => `Mama ${String.fromCharCode(65 + i)}`);
  for (let i = 0; i < 48; i++) {
    const customer = i % 6 === 0 ? registered[(i / 6) % 2]! : null;
    const walkIn = walkIns[i % walkIns.length]!;
    await insertSale(shop.t, shop.ceo.businessId, {
      lines: [{ product, quantity: 1 + (i % 4), unitPrice: `${100 + i * 7}.50` }],
      customerId: customer?.id ?? null,
      customerName: customer
        ? i % 12 === 0
          ? customer.name
          : 'Old Name'
        : i % 5 === 0
          ? ` ${walkIn.toLowerCase()} `
          : walkIn,
      currency: i % 7 === 0 ? 'USD' : 'NGN',
      createdAt: hoursAgo(i * 5),
      paymentStatus: i % 4 === 0 ? 'paid' : 'not_paid',
    });
  }
  // A walk-in whose name holds ILIKE's wildcards: a search takes them literally ('a_b' is not 'mama b').
  await insertSale(shop.t, shop.ceo.businessId, {
    lines: [{ product, quantity: 1, unitPrice: '75.00' }],
    customerName: 'Iya_Basira 100%',
    paymentStatus: 'not_paid',
  });
  const theirs = await createProduct(shop.t, other);
  await insertSale(shop.t, other.businessId, {
    lines: [{ product: theirs, quantity: 1, unitPrice: '9.00' }],
    customerName: 'Mama A',
    paymentStatus: 'not_paid',
  });
});

type Query = Partial<EndpointInput<typeof ENDPOINTS.sales.listDebts>>;

/** The rule: the open sales grouped, in the list's order, with the totals per currency. */
async function expected(search?: string) {
  const key = sql`coalesce(s.customer_id::text, 'name:' || lower(btrim(s.customer_name)))`;
  const open = sql`s.business_id = ${shop.ceo.businessId} and s.payment_status <> 'paid' and s.status = 'active'`;
  const { rows } = await shop.t.db.execute<{
    customer_id: string | null;
    customer_name: string;
    currency: string;
    total_owed: string;
    last_sale_at: string;
    open_sales: number[];
  }>(sql`select max(s.customer_id) as customer_id,
      (array_agg(s.customer_name order by s.created_at desc))[1] as customer_name, s.currency,
      sum(s.total_cart_amount - s.amount_paid)::numeric(14, 2)::text as total_owed,
      to_char(max(s.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_sale_at,
      array_agg(s.id::int order by s.created_at, s.id) as open_sales
    from sales s where ${open}
    group by ${key}, s.currency
    ${search ? sql`having bool_or(s.customer_name ilike ${containsPattern(search)})` : sql``}
    order by sum(s.total_cart_amount - s.amount_paid) desc, ${key}, s.currency`);
  const { rows: totals } = await shop.t.db.execute<{ currency: string; total_owed: string }>(sql`select s.currency,
      sum(s.total_cart_amount - s.amount_paid)::numeric(14, 2)::text as total_owed
    from sales s where ${open} group by s.currency order by s.currency`);
  return {
    debts: rows.map((row) => ({ ...row, customer_id: row.customer_id === null ? null : Number(row.customer_id) })),
    totals,
  };
}

/** Every page of the debts list: the debtors as the rule has them, and the count and totals each page gave. */
async function allPages(query: Query = {}) {
  const debts: unknown[] = [];
  const counts = new Set<number>();
  const totals = new Set<string>();
  for (let page = 1; ; page++) {
    const answer = await shop.api.call(
      ENDPOINTS.sales.listDebts,
      { business_id: shop.ceo.businessId, ...query, page },
      { token: shop.ceo.token },
    );
    expect(answer.status).toBe(200);
    counts.add(answer.data.count);
    totals.add(JSON.stringify(answer.data.totals));
    for (const debt of answer.data.results) {
      debts.push({
        ...debt,
        open_sales: debt.open_sales.map((sale: { id: number }) => sale.id),
        customer_phone: undefined,
      });
    }
    if (answer.data.next === null) return { debts, counts: [...counts], totals: [...totals] };
  }
}

async function expectTheRule(when: string) {
  for (const search of [
    undefined,
    'mama',
    ' MAMA B',
    'old name',
    'registered',
    'nobody by this name',
    'a_b',
    '0%',
    'b',
  ]) {
    const want = await expected(search);
    const got = await allPages(search === undefined ? {} : { search });
    const label = `${when}, search ${JSON.stringify(search)}`;
    expect(got.debts, label).toEqual(want.debts.map((debt) => ({ ...debt, customer_phone: undefined })));
    expect(got.counts, label).toEqual([want.debts.length]);
    expect(got.totals, label).toEqual([JSON.stringify(want.totals)]);
  }
}

describe('GET /sales/debts/', () => {
  it("answers the rule's debtors, counted, paged, searched, with the totals, through payments and cancellations", async () => {
    const first = await expected();
    // More than a page of debtors, and both kinds of key.
    expect(first.debts.length).toBeGreaterThan(10);
    expect(first.debts.some((debt) => debt.customer_id !== null)).toBe(true);
    await expectTheRule('as sold');

    // A payment that leaves some owing, one that clears a sale, and a cancelled sale.
    const pay = (saleId: number, amount: string) =>
      shop.api.call(
        ENDPOINTS.sales.recordPayment,
        { business_id: shop.ceo.businessId, sale_id: saleId, amount, method: 'cash' },
        { token: shop.ceo.token },
      );
    const [one, two] = first.debts[0]!.open_sales;
    expect((await pay(one!, '10.00')).status).toBe(201);
    const [cleared] = await shop.t.db
      .select({ total: sales.total_cart_amount })
      .from(sales)
      .where(and(eq(sales.business_id, shop.ceo.businessId), eq(sales.id, two!)));
    expect((await pay(two!, cleared!.total)).status).toBe(201);
    const cancel = await shop.api.call(
      ENDPOINTS.sales.cancelSale,
      { business_id: shop.ceo.businessId, id: first.debts[1]!.open_sales[0]!, reason: 'Returned' },
      { token: shop.ceo.token },
    );
    expect(cancel.status).toBe(200);
    await expectTheRule('after payments and a cancellation');

    // Every debt of a walk-in paid: they leave the list, and the count.
    for (const id of (await expected()).debts.find((debt) => debt.customer_id === null)!.open_sales) {
      await shop.t.db
        .update(sales)
        .set({ payment_status: 'paid', amount_paid: sql`${sales.total_cart_amount}` })
        .where(and(eq(sales.business_id, shop.ceo.businessId), inArray(sales.id, [id])));
    }
    await expectTheRule('after a walk-in paid everything');
  });

  it('answers a page past the end with the count and the totals, and no debtor', async () => {
    const { debts, totals } = await expected();
    const answer = await shop.api.call(
      ENDPOINTS.sales.listDebts,
      { business_id: shop.ceo.businessId, page: 99 },
      { token: shop.ceo.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ count: debts.length, results: [], totals });
  });
});
