import { ENDPOINTS, toKobo } from '@oja/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sales } from '../../src/db/schema';
import { ANONYMOUS_NAME_KEYS } from '../../src/modules/customers/customer-key';
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
import { seeded } from '../seeded';
import { useShop } from '../shop';

/**
 * customer_totals (ADR 0035), kept by the sales' triggers, against an independent grouping of the sales in
 * TypeScript, after random sales, payments, returns, cancels, merges, back-datings, phones and a deletion; and
 * against report_totals_rebuild's recount.
 */
const shop = useShop();
let other: Owner;
let first: Member;
let second: Member;
let product: { id: number; product_name: string };

beforeAll(async () => {
  [first, second, other] = await Promise.all([
    memberLoggedIn(shop.t, shop.ceo.businessId, 'customer'),
    memberLoggedIn(shop.t, shop.ceo.businessId, 'customer'),
    signUpCeo(shop.t),
  ]);
  product = await createProduct(shop.t, shop.ceo, { selling_price: '100.00', batches: [{ quantity: 10_000 }] });
});

type Figures = {
  sales: number;
  sales_count: number;
  total_bought: bigint;
  owed: bigint;
  last_sale: string | null;
  latest_name: string | null;
  phone: string | null;
  phone_sale: string | null;
};

/** Every customer's figures grouped here from the sales' rows, with the rules of ADR 0025 written out again. */
async function grouped(): Promise<Record<string, Figures>> {
  const { rows } = await shop.t.db.execute<{
    business_id: string;
    id: string;
    customer_id: string | null;
    customer_name: string | null;
    customer_phone: string | null;
    currency: string;
    status: string;
    payment_status: string;
    total: string;
    paid: string;
    at: string;
  }>(sql`select business_id, id, customer_id, customer_name, customer_phone, currency, status, payment_status,
      total_cart_amount::text as total, amount_paid::text as paid,
      (extract(epoch from created_at) * 1000000)::bigint::text as at
    from ${sales} order by business_id, id`);
  const byKey: Record<string, Figures & { lastAt: bigint; lastId: bigint; phoneAt: bigint; phoneId: bigint }> = {};
  for (const row of rows) {
    // PostgreSQL's trim() takes spaces only: so does this one.
    const nameKey = row.customer_id === null ? (row.customer_name ?? '').replace(/^ +| +$/g, '').toLowerCase() : '';
    if (row.customer_id === null && (row.customer_name === null || ['', 'unnamed customer'].includes(nameKey)))
      continue;
    const key = `${row.business_id}|${row.customer_id ?? 0}|${nameKey}|${row.currency}`;
    byKey[key] ??= {
      sales: 0,
      sales_count: 0,
      total_bought: 0n,
      owed: 0n,
      last_sale: null,
      latest_name: null,
      phone: null,
      phone_sale: null,
      lastAt: -1n,
      lastId: -1n,
      phoneAt: -1n,
      phoneId: -1n,
    };
    const figures = byKey[key];
    const at = BigInt(row.at);
    const id = BigInt(row.id);
    figures.sales += 1;
    if (row.status === 'active') {
      figures.sales_count += 1;
      figures.total_bought += toKobo(row.total);
      if (row.payment_status !== 'paid') figures.owed += toKobo(row.total) - toKobo(row.paid);
    }
    if (at > figures.lastAt || (at === figures.lastAt && id > figures.lastId)) {
      Object.assign(figures, { lastAt: at, lastId: id, last_sale: `${at}/${id}` });
      figures.latest_name = row.customer_name?.replace(/^ +| +$/g, '') ?? null;
    }
    if (row.customer_phone !== null && (at > figures.phoneAt || (at === figures.phoneAt && id > figures.phoneId))) {
      Object.assign(figures, { phoneAt: at, phoneId: id, phone: row.customer_phone, phone_sale: `${at}/${id}` });
    }
  }
  return Object.fromEntries(
    Object.entries(byKey).map(([key, { lastAt, lastId, phoneAt, phoneId, ...figures }]) => [key, figures]),
  );
}

/** customer_totals' rows of customers with a sale, in the same shape. */
async function kept(): Promise<Record<string, Figures>> {
  const { rows } = await shop.t.db.execute<{
    key: string;
    sales: number;
    sales_count: number;
    total_bought: string;
    owed: string;
    last_sale: string | null;
    latest_name: string | null;
    phone: string | null;
    phone_sale: string | null;
  }>(sql`select business_id || '|' || customer_id || '|' || name_key || '|' || currency as key, sales, sales_count,
      total_bought::numeric(14, 2)::text as total_bought, owed::numeric(14, 2)::text as owed,
      (extract(epoch from last_sale_at) * 1000000)::bigint || '/' || last_sale_id as last_sale, latest_name, phone,
      (extract(epoch from phone_at) * 1000000)::bigint || '/' || phone_sale_id as phone_sale
    from customer_totals where sales > 0`);
  return Object.fromEntries(
    rows.map(({ key, total_bought, owed, ...figures }) => [
      key,
      { ...figures, total_bought: toKobo(total_bought), owed: toKobo(owed) },
    ]),
  );
}

async function expectKeptAsGrouped(step: string) {
  const expected = await grouped();
  expect(Object.keys(expected).length, step).toBeGreaterThan(3);
  expect(await kept(), step).toEqual(expected);
}

const NAMES = ['Ada Obi', ' ada OBI ', 'Bayo Ade', 'Chidi Okeke', 'Unnamed Customer', 'Mama Ngozi', '   '];

describe('customer_totals', () => {
  it('leaves out the same names as the book', () => {
    // The migration's triggers write these two keys out as literals (0056_customer_totals.sql).
    expect(ANONYMOUS_NAME_KEYS).toEqual(['', 'unnamed customer']);
  });

  it('equals a fresh grouping of the sales after sales, payments, returns, cancels, merges and back-datings', async () => {
    const r = seeded(54);
    const ceo = shop.ceo;
    const sold: { id: number; lineId: number; status: string }[] = [];
    const sell = async (by: Owner) => {
      const registered = r.int(0, 4) === 0 ? r.pick([first, second]) : null;
      const cart = await createCart(
        shop.t,
        by,
        [{ product_id: product.id, quantity: r.int(1, 5) }],
        registered
          ? { customer_id: registered.user.id, customer_name: 'Registered' }
          : r.int(0, 5) === 0
            ? {}
            : { customer_name: r.pick(NAMES.filter((name) => name.trim().length >= 3)) },
      );
      const status = r.pick(['paid', 'partial', 'not_paid'] as const);
      const answer = await confirm(shop.t, by, cart.id, {
        payment_status: status,
        ...(status === 'partial' ? { deposit_amount: '50.00' } : {}),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const sale = answer.data.sale;
      sold.push({ id: sale.id, lineId: sale.lines[0]!.id, status });
    };
    for (let index = 0; index < 24; index++) await sell(ceo);
    // Sold at once to the same customers: the deltas add up whatever order the rows are taken in.
    await Promise.all([sell(ceo), sell(ceo), sell(ceo), sell(ceo)]);
    // Another business's sales stay its own.
    const theirs = await createProduct(shop.t, other, { selling_price: '10.00', batches: [{ quantity: 100 }] });
    const theirCart = await createCart(shop.t, other, [{ product_id: theirs.id, quantity: 2 }], {
      customer_name: 'Ada Obi',
    });
    expect((await confirm(shop.t, other, theirCart.id, { payment_status: 'not_paid' })).status).toBe(201);

    // Sales written straight to the table: back-dated, in dollars, with blank and padded names, some together.
    const written: number[] = [];
    for (let index = 0; index < 12; index++) {
      const sale = await insertSale(shop.t, ceo.businessId, {
        lines: [{ product, quantity: r.int(1, 9), unitPrice: '100.00' }],
        customerName: r.pick(NAMES),
        customerId: r.int(0, 5) === 0 ? first.user.id : null,
        currency: r.pick(['NGN', 'NGN', 'USD'] as const),
        createdAt: new Date(Date.now() - r.int(1, 400) * 86_400_000),
        paymentStatus: r.pick(['paid', 'not_paid'] as const),
      });
      written.push(sale.id);
    }
    await shop.t.db.execute(sql`insert into ${sales} (business_id, payment_status, currency, total_cart_amount,
        amount_paid, customer_name, customer_phone, created_by_name, created_at)
      select ${ceo.businessId}, 'not_paid', 'NGN', 10 * i, 0, 'Mama Ngozi', '0803000000' || i, 'Someone',
        now() - make_interval(days => i)
      from generate_series(1, 5) as i`);
    await expectKeptAsGrouped('after the sales');

    // Payments, returns and cancels through the API.
    const open = sold.filter((sale) => sale.status !== 'paid');
    for (const sale of open.slice(0, 6)) {
      const paid = await shop.api.call(
        ENDPOINTS.sales.recordPayment,
        {
          business_id: ceo.businessId,
          sale_id: sale.id,
          amount: '10.00',
          method: r.pick(['cash', 'bank_transfer'] as const),
        },
        { token: ceo.token },
      );
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    }
    for (const sale of sold.slice(3, 9)) {
      const back = await shop.api.call(
        ENDPOINTS.sales.returnSale,
        {
          business_id: ceo.businessId,
          id: sale.id,
          reason: 'One too many',
          lines: [{ sale_line_id: sale.lineId, quantity: 1 }],
          restock: true,
          refunds: sale.status === 'paid' ? [{ method: 'cash', amount: '100.00' }] : [],
        },
        { token: ceo.token },
      );
      expect(back.status, JSON.stringify(back.body)).toBe(200);
    }
    for (const sale of [sold[1]!, sold[10]!, sold[20]!]) {
      const cancelled = await shop.api.call(
        ENDPOINTS.sales.cancelSale,
        { business_id: ceo.businessId, id: sale.id, reason: 'Wrong customer' },
        { token: ceo.token },
      );
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    }
    await expectKeptAsGrouped('after payments, returns and cancels');

    // Merges: a name into a name, a name into an account, an account into another.
    for (const body of [
      { customer_name: 'Ada Obi', merge_customer_name: 'Bayo Ade' },
      { customer_id: first.user.id, merge_customer_name: 'Chidi Okeke' },
      { customer_id: first.user.id, merge_customer_id: second.user.id },
    ]) {
      const merged = await shop.api.send(ENDPOINTS.customers.mergeCustomers, {
        token: ceo.token,
        body: { business_id: ceo.businessId, ...body },
      });
      expect([200, 201], JSON.stringify(merged.body)).toContain(merged.status);
    }
    await expectKeptAsGrouped('after the merges');

    // A phone alone: given to an account's latest sale, taken off a name's latest sale with one.
    const latestOf = (whose: SQL) => sql`(select id from ${sales} where business_id = ${ceo.businessId} and ${whose}
      order by created_at desc, id desc limit 1)`;
    const given = await shop.t.db.execute(sql`update ${sales} set customer_phone = '08031112222'
      where business_id = ${ceo.businessId} and id = ${latestOf(sql`customer_id = ${first.user.id}`)}`);
    const takenOff = await shop.t.db.execute(sql`update ${sales} set customer_phone = null
      where business_id = ${ceo.businessId}
        and id = ${latestOf(sql`customer_name = 'Mama Ngozi' and customer_phone is not null`)}`);
    expect([given.rowCount, takenOff.rowCount]).toEqual([1, 1]);
    await expectKeptAsGrouped('after a phone given and one taken off');

    // The latest sale and the latest phone leave: back-dated, its phone taken off, renamed, deleted.
    const mama = await shop.t.db.execute<{ id: string }>(
      sql`select id from ${sales} where business_id = ${ceo.businessId} and customer_name = 'Mama Ngozi'
        order by created_at desc, id desc limit 2`,
    );
    const [newest, next] = mama.rows.map((row) => Number(row.id));
    await shop.t.db
      .update(sales)
      .set({ created_at: new Date(Date.now() - 900 * 86_400_000), customer_phone: null })
      .where(and(eq(sales.business_id, ceo.businessId), eq(sales.id, newest!)));
    await shop.t.db
      .update(sales)
      .set({ customer_name: 'Mama Ngozi Two' })
      .where(and(eq(sales.business_id, ceo.businessId), eq(sales.id, next!)));
    // Every sale of the business moved a day back in one statement, as the demo seeder does.
    await shop.t.db.execute(sql`update ${sales} set created_at = created_at - interval '1 day'
      where business_id = ${ceo.businessId}`);
    await expectKeptAsGrouped('after the back-datings');
    await shop.t.db.delete(sales).where(and(eq(sales.business_id, ceo.businessId), eq(sales.id, written[0]!)));
    await expectKeptAsGrouped('after a deletion');

    // The recount makes exactly what the triggers kept.
    const before = await kept();
    await shop.t.db.execute(sql`select report_totals_rebuild(array[${ceo.businessId}, ${other.businessId}]::bigint[])`);
    expect(await kept()).toEqual(before);
    // Added in parts, a business's history ends in the same rows as added at once.
    await shop.t.db.execute(
      sql`select customer_totals_recount(array[${ceo.businessId}, ${other.businessId}]::bigint[], 3)`,
    );
    expect(await kept()).toEqual(before);
  });
});
