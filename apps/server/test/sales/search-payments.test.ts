import { ENDPOINTS, type EndpointInput } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../src/db/schema';
import { containsPattern } from '../../src/db/search';
import { StatementNames } from '../../src/db/statement-names';
import { createProduct, hoursAgo, insertSale, type Member, memberLoggedIn, type Owner, signUpCeo } from '../factories';
import { idsOfEveryPage } from '../searched';
import { useShop } from '../shop';
import { statementsOf } from '../statements';

/**
 * The receipts list's search (list-payments.ts): its answers must be the rule's, every payment the caller may see
 * whose sale's customer's name contains the search (ILIKE, taken literally), newest first (time, then id), counted
 * and paged, whichever plan a search gets (a letter or two reads the lowered names, a name takes their trigram
 * index, migration 0031).
 */
const shop = useShop();
let other: Owner;
let clerk: Member;
let customer: Member;

type Query = Partial<EndpointInput<typeof ENDPOINTS.sales.listPayments>>;

const NAMES = [
  'Mama Golden',
  'Chidi Okafor',
  'Ada 100%',
  'Walk-in',
  'ṢADÉ ỌLỌ́JA',
  'Ìyá Bísí',
  'Emeka_Ltd',
  'GOLDEN GATE',
];

beforeAll(async () => {
  other = await signUpCeo(shop.t);
  clerk = await memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person');
  customer = await memberLoggedIn(shop.t, shop.ceo.businessId, 'customer');
  const product = await createProduct(shop.t, shop.ceo, { product_name: 'Golden Penny Rice' });
  // 40 sales, each under one of the names, some the registered customer's; each paid once to three times, by the
  // owner or the clerk, at times that repeat, so that the order falls back on the id.
  for (let i = 0; i < 40; i++) {
    const sale = await insertSale(shop.t, shop.ceo.businessId, {
      lines: [{ product, quantity: 1, unitPrice: '900.00' }],
      customerName: NAMES[i % NAMES.length],
      customerId: i % 5 === 0 ? customer.user.id : null,
      createdAt: hoursAgo(100 - i),
      paymentStatus: 'not_paid',
    });
    for (let n = 0; n <= i % 3; n++) {
      await shop.t.db.insert(payments).values({
        business_id: shop.ceo.businessId,
        sale_id: sale.id,
        amount: '100.00',
        method: 'cash',
        recorded_by: (i + n) % 2 === 0 ? shop.ceo.user.id : clerk.user.id,
        created_at: hoursAgo(50 - Math.floor(i / 4)),
      });
    }
  }
  // Another business's payments match the same searches and are never found.
  const theirs = await createProduct(shop.t, other, { product_name: 'Golden Penny Rice' });
  const sale = await insertSale(shop.t, other.businessId, {
    lines: [{ product: theirs, quantity: 1, unitPrice: '900.00' }],
    customerName: 'Mama Golden',
  });
  await shop.t.db
    .insert(payments)
    .values({ business_id: other.businessId, sale_id: sale.id, amount: '900.00', method: 'cash' });
});

/** The rule, as one condition on each payment: the ids the caller may see, newest first. */
async function expected(search: string, whose: { recordedBy?: number; customer?: number } = {}) {
  const { rows } = await shop.t.db.execute<{ id: string }>(sql`select p.id from payments p
    join sales s on s.business_id = p.business_id and s.id = p.sale_id
    where p.business_id = ${shop.ceo.businessId} and s.customer_name ilike ${containsPattern(search)}
      and (${whose.recordedBy ?? null}::bigint is null or p.recorded_by = ${whose.recordedBy ?? null})
      and (${whose.customer ?? null}::bigint is null or s.customer_id = ${whose.customer ?? null})
    order by p.created_at desc, p.id desc`);
  return rows.map((row) => Number(row.id));
}

const list = (query: Query, token = shop.ceo.token) =>
  shop.api.call(ENDPOINTS.sales.listPayments, { business_id: shop.ceo.businessId, ...query }, { token });

/** Every page of the list for `query`: the ids in order, and the count each page gave. */
const allPages = (query: Query, token = shop.ceo.token) => idsOfEveryPage((page) => list({ ...query, page }, token));

const SEARCHES = [
  'golden',
  'GOLDEN',
  'mama golden',
  'a',
  'ọ',
  'Ọ',
  'ṣa',
  'ọlọ́ja',
  'ÌYÁ',
  '100%',
  '%',
  '_',
  'a_l',
  'i',
  'nobody pays by this name',
];

describe('GET /sales/payments/list/ search', () => {
  it.each(SEARCHES)('"%s": the rule\'s payments, newest first, counted and paged', async (search) => {
    const want = await expected(search);
    const { ids, counts } = await allPages({ search });
    expect(ids).toEqual(want);
    expect(counts).toEqual([want.length]);
  });

  it('keeps a salesperson to the payments they took and a customer to those on their own sales', async () => {
    for (const search of ['golden', 'a', 'ọ']) {
      const clerks = await expected(search, { recordedBy: clerk.user.id });
      const customers = await expected(search, { customer: customer.user.id });
      expect(clerks.length * customers.length, search).toBeGreaterThan(0);
      expect((await allPages({ search }, clerk.token)).ids, search).toEqual(clerks);
      expect((await allPages({ search }, customer.token)).ids, search).toEqual(customers);
    }
  });

  it('pages every payment, and a salesperson their own, as the rule without a search', async () => {
    // Nothing asked of the sale: the page's payments are chosen off the payments' own index before any sale is
    // joined (list-payments.ts), which the searches above do not take.
    for (const [token, whose] of [
      [shop.ceo.token, {}],
      [clerk.token, { recordedBy: clerk.user.id }],
      [customer.token, { customer: customer.user.id }],
    ] as const) {
      const want = await expected('', whose);
      expect(want.length).toBeGreaterThan(10);
      const { ids, counts } = await allPages({}, token);
      expect(ids, JSON.stringify(whose)).toEqual(want);
      expect(counts).toEqual([want.length]);
    }
  });

  it('is planned for its values on every run, which a letter and a whole name need apart', async () => {
    // A letter or two matches most of a long history or almost none of it, and only the pattern tells which; a
    // name takes the trigram index. A named statement would settle on one generic plan for them all
    // (db/statement-names.ts): the count, a statement of its own, did (list-payments.ts).
    for (const search of ['golden', 'a']) {
      const seen = await statementsOf(shop.t, () => list({ search }));
      const searched = seen.filter((statement) => statement.text.includes('"payments"'));
      expect(searched, search).toHaveLength(1);
      const names = new StatementNames();
      for (let run = 1; run <= 3; run++)
        expect(names.nameOf(searched[0]!.text), `${search}, run ${run}`).toBeUndefined();
    }
  });
});
