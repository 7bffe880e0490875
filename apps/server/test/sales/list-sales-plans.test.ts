import { ENDPOINTS } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberLoggedIn } from '../factories';
import { useShop } from '../shop';
import { analyzedPlan, type Statement, statementsOf } from '../statements';

/**
 * A page of the sales list of a payment status, a seller or both reads the page and the cancelled sales it
 * counts, not the seller's history, under either of PostgreSQL's plans. These statements are built once per shape
 * and named (db/statement-names.ts), so after five runs on a connection PostgreSQL may keep a generic plan, made
 * without the values: it then takes any business and any seller to hold few sales. With the seller's index in the
 * business's id order, that plan sorted every sale of the seller to take ten, and counted the seller's cancelled
 * sales by reading all of their sales: for the load data's owner, a hundred times what the plan made for the values
 * took (migration 0032). A shop whose owner or one clerk makes most of the sales is the common one.
 */
const shop = useShop();
let clerkId: number;

/** The owner's sales: enough that reading them all is told apart from reading a page. */
const OWNER_SALES = 3_000;
/** Of which cancelled, counted apart from the totals (list-sales.ts, countedFromTotals). */
const CANCELLED = OWNER_SALES / 50;
/** The other shops on the server. */
const OTHER_SHOPS = 300;

beforeAll(async () => {
  const clerk = await memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person');
  clerkId = clerk.user.id;
  // A year of the owner's sales, a third of each payment status, a few cancelled; a few of a clerk's.
  await shop.t.db.execute(sql`
    insert into sales (business_id, payment_status, currency, total_cart_amount, amount_paid, customer_name,
      created_by, created_by_name, created_at, status, cancelled_at, cancel_reason)
    select ${shop.ceo.businessId}, (array['paid', 'partial', 'not_paid'])[1 + i % 3], 'NGN', 100,
      case i % 3 when 0 then 100 when 1 then 40 else 0 end, 'Customer ' || i % 97,
      ${shop.ceo.user.id}, 'Owner', now() - make_interval(hours => i * 3),
      case when i % 50 = 0 then 'cancelled' else 'active' end,
      case when i % 50 = 0 then now() end, case when i % 50 = 0 then 'test' end
    from generate_series(1, ${OWNER_SALES}) i`);
  await shop.t.db.execute(sql`
    insert into sales (business_id, payment_status, currency, total_cart_amount, amount_paid, customer_name,
      created_by, created_by_name, created_at)
    select ${shop.ceo.businessId}, 'paid', 'NGN', 100, 100, 'Walk-in', ${clerkId}, 'Clerk', now() - make_interval(hours => i)
    from generate_series(1, 30) i`);
  // The other shops of the server, each with its own seller: what PostgreSQL's statistics see on a server of many
  // shops, where a generic plan takes a business and a seller to hold a few sales each.
  await shop.t.db.execute(sql`
    with sellers as (
      insert into users (first_name, last_name, username, password_hash)
      select 'Seller', 'Other', 'other-seller-' || i, 'not a hash' from generate_series(1, ${OTHER_SHOPS}) i
      returning id, username
    ), shops as (
      insert into businesses (name, slug, owner_id)
      select 'Other shop', 'other-shop-' || s.username, s.id from sellers s
      returning id, owner_id
    )
    insert into sales (business_id, payment_status, currency, total_cart_amount, amount_paid, customer_name,
      created_by, created_by_name, created_at)
    select b.id, 'paid', 'NGN', 100, 100, 'Walk-in', b.owner_id, 'Seller', now() - make_interval(hours => i)
    from shops b cross join generate_series(1, 10) i`);
  await shop.t.db.execute(sql`vacuum analyze sales`);
});

/** The statement the list runs for `query` (the gate folded in: one). */
async function statementOf(query: Record<string, unknown>): Promise<Statement> {
  const statements = await statementsOf(shop.t, async () => {
    const answer = await shop.api.call(
      ENDPOINTS.sales.listSales,
      { business_id: shop.ceo.businessId, ...query },
      { token: shop.ceo.token },
    );
    expect(answer.status).toBe(200);
  });
  const [statement] = statements.filter(({ text }) => /from "?sales"?/.test(text));
  if (!statement) throw new Error('The list ran no statement on sales.');
  return statement;
}

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
};

/** The rows of sales a plan read: those its scans of sales returned, and those they read and filtered out. */
function salesRowsRead(node: PlanNode): number {
  const own =
    node['Relation Name'] === 'sales'
      ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops']
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + salesRowsRead(child), 0);
}

/** The statement run once under `mode`'s plan, as PostgreSQL ran it. */
async function planOf(statement: Statement, mode: 'force_generic_plan' | 'force_custom_plan'): Promise<PlanNode> {
  return analyzedPlan<PlanNode>(shop.t, statement, [`plan_cache_mode = ${mode}`]);
}

describe('GET /sales/ of a seller or a payment status, as PostgreSQL plans it', () => {
  const shapes: [string, () => Record<string, unknown>][] = [
    ['the owner, who made most of the sales', () => ({ created_by: shop.ceo.user.id })],
    ['the owner, on a later page', () => ({ created_by: shop.ceo.user.id, page: 30 })],
    ['the owner, unpaid', () => ({ created_by: shop.ceo.user.id, payment_status: 'not_paid' })],
    ['the clerk, who made few', () => ({ created_by: clerkId })],
    ['the unpaid sales', () => ({ payment_status: 'not_paid' })],
  ];
  for (const mode of ['force_generic_plan', 'force_custom_plan'] as const) {
    for (const [name, query] of shapes) {
      it(`${name}: reads its page and the cancelled sales, not the history (${mode})`, async () => {
        const input = query();
        const statement = await statementOf(input);
        const read = salesRowsRead(await planOf(statement, mode));
        // The page walked to (ten a page, a third of them unpaid: thirty rows a page at most), its ten items'
        // sales, and the cancelled sales counted; never the owner's 3,000.
        const page = Number(input.page ?? 1);
        expect(read).toBeLessThanOrEqual(30 * page + 10 + CANCELLED);
        expect(read).toBeGreaterThan(0);
      });
    }
  }
});
