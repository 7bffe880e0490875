import { ENDPOINTS, type Product, type ProductSold } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createProduct, hoursAgo, insertSale, type Member, memberLoggedIn } from '../factories';
import { useShop } from '../shop';

/**
 * A seller's best sellers (the employee analytics' top products over 30 days, the employee home's top product
 * over all time). When the seller made most of the sales, they are read as the whole business's maintained rows
 * less the other sellers' (sale-figures.ts, lessOtherSellers), from only the first rows of the business's ranking:
 * whatever the way, they must be the rule, the seller's own counted lines summed per product.
 */

const shop = useShop();
let lead: Member;
let other: Member;
let third: Member;
let products: Product[];

const DAY = 24;

beforeAll(async () => {
  // Other sellers on both sides of the leading one's id: the others' rows are read as two ranges of sellers.
  third = await memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_rep');
  lead = await memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person');
  other = await memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person');
  products = [];
  for (let i = 0; i < 14; i++) products.push(await createProduct(shop.t, shop.ceo, { product_name: `Item ${i}` }));
}, 60_000);

const sellerOf = (member: Member) => ({ id: member.user.id, name: member.user.first_name });

/** One sale of one line by `by`, `hours` ago. */
async function sale(by: Member, product: Product, quantity: number, price: string, hours: number, currency?: 'USD') {
  return insertSale(shop.t, shop.ceo.businessId, {
    lines: [{ product, quantity, unitPrice: price }],
    soldBy: sellerOf(by),
    createdAt: hoursAgo(hours),
    currency,
  });
}

/** The rule: the seller's counted lines since `days` Lagos days ago (all time without), summed and ranked. */
async function rule(by: Member, limit: number, days?: number): Promise<Omit<ProductSold, 'product_name'>[]> {
  const since = days
    ? sql` and s.created_at >= (((now() at time zone 'Africa/Lagos')::date - ${days - 1}::int)::timestamp
        at time zone 'Africa/Lagos')`
    : sql``;
  const { rows } = await shop.t.db.execute<{
    product_id: string;
    currency: string;
    quantity: number;
    revenue: string;
  }>(sql`
    select l.product_id, s.currency, sum(l.quantity)::int as quantity, round(sum(l.line_total), 2)::text as revenue
    from sales s join sale_lines l on l.business_id = s.business_id and l.sale_id = s.id
    where s.business_id = ${shop.ceo.businessId} and s.created_by = ${by.user.id} and s.status = 'active'${since}
    group by l.product_id, s.currency
    order by sum(l.quantity) desc, sum(l.line_total) desc, l.product_id
    limit ${limit}`);
  return rows.map((row) => ({ ...row, product_id: Number(row.product_id) }) as Omit<ProductSold, 'product_name'>);
}

const withoutNames = (list: ProductSold[]) => list.map(({ product_name: _name, ...rest }) => rest);

async function analytics(by: Caller) {
  const answer = await shop.api.send(ENDPOINTS.businesses.getEmployeeAnalytics, {
    token: by.token,
    query: { business_id: String(by.businessId), days: '30' },
  });
  expect(answer.status).toBe(200);
  return (answer.data as { top_products: ProductSold[] }).top_products;
}

async function topProduct(by: Caller) {
  const answer = await shop.api.call(
    ENDPOINTS.businesses.getEmployeeFigures,
    { business_id: by.businessId },
    { token: by.token },
  );
  expect(answer.status).toBe(200);
  return answer.data.top_product;
}

/** The sellers' counted sales in the last 30 days and over all time: who leads, as the figures choose it. */
async function salesBy(member: Member, days?: number): Promise<number> {
  const { rows } = await shop.t.db.execute<{ count: number }>(sql`
    select count(*)::int as count from sales s
    where s.business_id = ${shop.ceo.businessId} and s.created_by = ${member.user.id} and s.status = 'active'
      ${days ? sql`and s.created_at > now() - make_interval(days => ${days - 1})` : sql``}`);
  return rows[0]?.count ?? 0;
}

describe("a seller's best sellers, read as the business's less the other sellers'", () => {
  beforeAll(async () => {
    // The leading seller: 30 small sales over the last 30 days, every product, quantities that tie on units with
    // different revenue and on both (then the lower product id first).
    for (let i = 0; i < 28; i++) {
      const product = products[i % 14]!;
      await sale(lead, product, 1 + (i % 5), i % 3 === 0 ? '150.00' : '100.00', 1 + i * 20);
    }
    await sale(lead, products[3]!, 2, '3.00', 5, 'USD');
    const cancelled = await sale(lead, products[13]!, 40, '100.00', 3);
    await shop.t.db.execute(sql`update sales set status = 'cancelled', cancelled_at = now(), cancel_reason = 'Test'
      where business_id = ${shop.ceo.businessId} and id = ${cancelled.id}`);
    // Older sales: all time only.
    await sale(lead, products[9]!, 30, '100.00', 60 * DAY);
    await sale(other, products[10]!, 500, '100.00', 90 * DAY);
    // The others: few sales, large ones, of twelve products (more than the ten listed), so that the business's
    // first ten rows are theirs: read from those ten alone, the seller's list would be theirs too.
    for (let i = 0; i < 6; i++)
      await insertSale(shop.t, shop.ceo.businessId, {
        lines: [{ product: products[i]!, quantity: 100 + i, unitPrice: '100.00' }],
        soldBy: sellerOf(i % 2 === 0 ? other : third),
        createdAt: hoursAgo(2 + i),
      });
    await insertSale(shop.t, shop.ceo.businessId, {
      lines: products.slice(6, 12).map((product, index) => ({ product, quantity: 200 + index, unitPrice: '90.00' })),
      soldBy: sellerOf(other),
      createdAt: hoursAgo(30),
    });
    const theirsCancelled = await sale(third, products[0]!, 900, '100.00', 4);
    await shop.t.db.execute(sql`update sales set status = 'cancelled', cancelled_at = now(), cancel_reason = 'Test'
      where business_id = ${shop.ceo.businessId} and id = ${theirsCancelled.id}`);
  }, 60_000);

  it('lists the leading seller’s own top ten over 30 days and top product over all time', async () => {
    // The case the reading is for: the seller made at least two thirds of the sales, and the others sold more of
    // twelve products than the seller sold of any.
    const others = (await salesBy(other, 30)) + (await salesBy(third, 30));
    expect(await salesBy(lead, 30)).toBeGreaterThanOrEqual(2 * others);
    const expected = await rule(lead, 10, 30);
    expect(expected).toHaveLength(10);
    expect(withoutNames(await analytics(lead))).toEqual(expected);
    const [best] = await rule(lead, 1);
    // Its older sale makes product 9 the seller's best of all time: 30 units, and 5 + 4 in the last 30 days.
    expect(best).toMatchObject({ product_id: products[9]!.id, quantity: 39 });
    expect(await topProduct(lead)).toMatchObject(best!);
  });

  it('lists the others’ own, read from their own rows', async () => {
    expect(withoutNames(await analytics(other))).toEqual(await rule(other, 10, 30));
    expect(withoutNames(await analytics(third))).toEqual(await rule(third, 10, 30));
    expect(await topProduct(other)).toMatchObject((await rule(other, 1))[0]!);
  });

  it('follows the sales made after the window was counted', async () => {
    await analytics(lead);
    // A sale of the leading seller today, and one of another seller of the seller's own best product.
    const [first] = await rule(lead, 1, 30);
    const firstProduct = products.find((product) => product.id === first!.product_id)!;
    await sale(other, firstProduct, 3, '100.00', 1);
    await sale(lead, products[12]!, 9, '100.00', 1);
    expect(withoutNames(await analytics(lead))).toEqual(await rule(lead, 10, 30));
    expect(await topProduct(lead)).toMatchObject((await rule(lead, 1))[0]!);
  });
});
