import { ENDPOINTS, type EndpointInput, MESSAGES } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { containsPattern } from '../../src/db/search';
import { StatementNames } from '../../src/db/statement-names';
import { createProduct, hoursAgo, insertSale, memberLoggedIn, type Owner, signUpCeo } from '../factories';
import { idsOfEveryPage } from '../searched';
import { useShop } from '../shop';
import { statementsOf } from '../statements';

/**
 * The sales list's search finds its matches first (list-sales.ts, searchedStatement): its answers must be the
 * rule's, a sale whose customer's name or one of whose lines' product names contains the search (ILIKE, taken
 * literally), once each, with the list's other filters, newest first, counted and paged.
 */
const shop = useShop();
let other: Owner;
let customerId: number;
let customerToken: string;
let clerkId: number;

type Query = Partial<EndpointInput<typeof ENDPOINTS.sales.listSales>>;

beforeAll(async () => {
  other = await signUpCeo(shop.t);
  const customer = await memberLoggedIn(shop.t, shop.ceo.businessId, 'customer');
  customerId = customer.user.id;
  customerToken = customer.token;
  clerkId = (await memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person')).user.id;

  const names = ['Golden Penny Rice', 'Golden Morn', 'Peak Milk', 'Milo 100% Tin', 'Indomie_Chicken'];
  const products = [];
  for (const product_name of names) products.push(await createProduct(shop.t, shop.ceo, { product_name }));
  const customers = ['Mama Golden', 'Chidi Okafor', 'Ada 100%', 'Walk-in'];
  // 30 sales over three days: one to five lines each, some matching by a line and the name at once, some on
  // credit, some the registered customer's, two sellers.
  for (let i = 0; i < 30; i++) {
    const lines = products
      .filter((_, index) => (i + index) % 3 === 0 || index === i % 5)
      .map((product, index) => ({ product, quantity: 1 + index, unitPrice: '250.00' }));
    await insertSale(shop.t, shop.ceo.businessId, {
      lines,
      customerName: customers[i % customers.length],
      customerId: i % 7 === 0 ? customerId : null,
      soldBy: i % 2 === 0 ? { id: shop.ceo.user.id, name: 'Owner' } : { id: clerkId, name: 'Clerk' },
      createdAt: hoursAgo(i * 2),
      paymentStatus: i % 3 === 0 ? 'not_paid' : 'paid',
    });
  }
  // Another business's sales match the same searches and are never found.
  const theirs = await createProduct(shop.t, other, { product_name: 'Golden Penny Rice' });
  await insertSale(shop.t, other.businessId, {
    lines: [{ product: theirs, quantity: 1, unitPrice: '1.00' }],
    customerName: 'Mama Golden',
  });
});

/** The rule, as one condition on each sale: the ids of the matching sales, newest first. */
async function expected(search: string, filters: { customer?: number; seller?: number; status?: string } = {}) {
  const pattern = containsPattern(search);
  const { rows } = await shop.t.db.execute<{ id: string }>(sql`select s.id from sales s
    where s.business_id = ${shop.ceo.businessId}
      and (s.customer_name ilike ${pattern} or exists (select 1 from sale_lines l
        where l.business_id = s.business_id and l.sale_id = s.id and l.product_name ilike ${pattern}))
      and (${filters.customer ?? null}::bigint is null or s.customer_id = ${filters.customer ?? null})
      and (${filters.seller ?? null}::bigint is null or s.created_by = ${filters.seller ?? null})
      and (${filters.status ?? null}::text is null or s.payment_status = ${filters.status ?? null})
    order by s.created_at desc, s.id desc`);
  return rows.map((row) => Number(row.id));
}

const list = (query: Query, token = shop.ceo.token) =>
  shop.api.call(ENDPOINTS.sales.listSales, { business_id: shop.ceo.businessId, ...query }, { token });

/** Every page of the list for `query`: the ids in order, and the count each page gave. */
const allPages = (query: Query, token = shop.ceo.token) => idsOfEveryPage((page) => list({ ...query, page }, token));

describe('GET /sales/ search', () => {
  it.each([
    'golden',
    'GOLDEN PENNY',
    'milk',
    'chidi',
    'mama golden',
    '100%',
    '%',
    '_chicken',
    'i',
    'pe',
    'ok',
    'nothing sells by this name',
  ])('"%s": the rule\'s sales, once each, newest first, counted and paged', async (search) => {
    const want = await expected(search);
    const { ids, counts } = await allPages({ search });
    expect(ids).toEqual(want);
    expect(counts).toEqual([want.length]);
  });

  it('refuses a search with a newline, so that no search matches across the names sale_search joins', async () => {
    // sale_search holds a sale's names joined by newlines (migration 0029): a pattern holding one could match the
    // end of one name and the start of the next ('golden\ngolden': a customer Mama Golden who bought Golden Penny
    // Rice first).
    for (const search of ['golden\ngolden', 'rice\npeak']) {
      const answer = await list({ search });
      expect(answer.status, JSON.stringify(search)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(MESSAGES.validation.invalidText);
    }
  });

  it('is planned for its values on every run, which a letter or two and a whole name need apart', async () => {
    // A letter or two matches most of a large business's sale_search rows and reads the table whole; a name takes
    // the trigram index; a small business its own rows (list-sales.ts, searchedStatement). A named statement would
    // settle on one generic plan for them all (db/statement-names.ts).
    for (const search of ['golden', 'o']) {
      const seen = await statementsOf(shop.t, () => list({ search }));
      const searched = seen.filter((statement) => statement.text.includes('"sale_search"'));
      expect(searched, search).toHaveLength(1);
      const names = new StatementNames();
      for (let run = 1; run <= 3; run++)
        expect(names.nameOf(searched[0]!.text), `${search}, run ${run}`).toBeUndefined();
    }
  });

  // A whole name and a letter (which list-sales.ts counts apart and pages as the list is) narrowed alike.
  it.each(['golden', 'o'])(
    'narrows "%s" by the list\'s other filters, and a customer finds only their own',
    async (search) => {
      for (const [query, filters] of [
        [{ payment_status: 'not_paid' }, { status: 'not_paid' }],
        [{ created_by: clerkId }, { seller: clerkId }],
        [
          { user_id: customerId, payment_status: 'paid' },
          { customer: customerId, status: 'paid' },
        ],
      ] as const) {
        const want = await expected(search, filters);
        expect(want.length).toBeGreaterThan(0);
        const { ids, counts } = await allPages({ search, ...query });
        expect(ids, JSON.stringify(query)).toEqual(want);
        expect(counts).toEqual([want.length]);
      }
      const own = await allPages({ search }, customerToken);
      expect(own.ids).toEqual(await expected(search, { customer: customerId }));
      // Whatever seller or customer they name.
      const named = await allPages({ search, user_id: shop.ceo.user.id }, customerToken);
      expect(named.ids).toEqual([]);
    },
  );
});
