import { DEMO_MESSAGES, ENDPOINTS, toKobo } from '@oja/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, carts, memberships, payments, product_batches, products, sales, users } from '../../src/db/schema';
import { createDemoShopIfEmpty, DEMO_BUSINESS_NAME } from '../../src/demo/demo-shop';
import { DEMO_CUSTOMER_USERNAME, DEMO_PASSWORD, DEMO_PEOPLE } from '../../src/demo/people';
import { loadConfig } from '../../src/platform/config';
import { createTestApp, type TestApp } from '../app';
import { freshIp, lagosDay, ledgerMismatches, logIn, signUpCeo } from '../factories';
import { apiClient } from '../http';

/**
 * The demo shop of a first start: made once, on an empty database only, when the configuration
 * allows it; a shop whose every record keeps the domain's rules; and accounts that anyone may
 * enter but nobody may take over.
 */
let t: TestApp;
let businessId: number;
let slug: string;
let ms: number;

const countOf = async (table: typeof users | typeof businesses) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  const outcome = await createDemoShopIfEmpty(t.app.deps);
  if (!outcome.created) throw new Error(`The demo shop was not created: ${outcome.reason}`);
  ({ businessId, slug, ms } = outcome);
}, 60_000);
afterAll(() => t.close());

describe('when the demo shop is made', () => {
  it('is on by default, off with DEMO_DATA=false, and off in production unless DEMO_DATA=true', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('is made on an empty database, quickly', async () => {
    const [business] = await t.db.select().from(businesses).where(eq(businesses.id, businessId));
    expect(business?.name).toBe(DEMO_BUSINESS_NAME);
    expect(slug).toBe(business?.slug);
    // A few seconds on a quiet machine; the bound leaves room for a CI machine running other suites at once.
    expect(ms).toBeLessThan(30_000);
  });

  it('is not made again on the next start', async () => {
    const before = { users: await countOf(users), businesses: await countOf(businesses) };
    const again = await createDemoShopIfEmpty(t.app.deps);
    expect(again).toEqual({ created: false, reason: 'database not empty' });
    expect({ users: await countOf(users), businesses: await countOf(businesses) }).toEqual(before);
  });

  it('is not made on a database that already has a shop, nor when turned off or in production', async () => {
    const other = await createTestApp();
    try {
      const production = { ...other.app.deps, config: loadConfig({ NODE_ENV: 'production' }) };
      expect(await createDemoShopIfEmpty(production)).toEqual({ created: false, reason: 'turned off' });
      const off = { ...other.app.deps, config: loadConfig({ DEMO_DATA: 'false' }) };
      expect(await createDemoShopIfEmpty(off)).toEqual({ created: false, reason: 'turned off' });
      const none = await other.db.select({ id: users.id }).from(users);
      expect(none).toEqual([]);

      await signUpCeo(other);
      expect(await createDemoShopIfEmpty(other.app.deps)).toEqual({ created: false, reason: 'database not empty' });
      const demoUsers = await other.db.select({ id: users.id }).from(users).where(eq(users.is_demo, true));
      expect(demoUsers).toEqual([]);
      // No demo here: the demo login says so.
      const answer = await apiClient(other.app).call(ENDPOINTS.accounts.demoLogin, {}, { ip: freshIp() });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ detail: DEMO_MESSAGES.notSetUp });
    } finally {
      await other.close();
    }
  }, 30_000);
});

describe('the demo shop', () => {
  it('keeps the stock ledger: every batch holds the sum of its movements', async () => {
    expect(await ledgerMismatches(t, businessId)).toEqual([]);
  });

  it('has 40 products, a batch expiring within 30 days and an expired batch still on hand', async () => {
    const productRows = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.business_id, businessId));
    expect(productRows).toHaveLength(40);
    const batches = await t.db
      .select({ quantity: product_batches.quantity, expires: product_batches.expiration_date })
      .from(product_batches)
      .where(eq(product_batches.business_id, businessId));
    const today = lagosDay(0);
    const soon = lagosDay(30);
    expect(batches.some((b) => b.expires !== null && b.expires < today && b.quantity > 0)).toBe(true);
    expect(batches.some((b) => b.expires !== null && b.expires >= today && b.expires <= soon && b.quantity > 0)).toBe(
      true,
    );
  });

  it('has three months of sales in every payment status, each paid no more than its total', async () => {
    const rows = await t.db
      .select({
        id: sales.id,
        status: sales.status,
        payment_status: sales.payment_status,
        total: sales.total_cart_amount,
        amount_paid: sales.amount_paid,
        created_at: sales.created_at,
        paid: sql<string>`coalesce((select sum(p.amount) from ${payments} p where p.business_id = sales.business_id and p.sale_id = sales.id), 0)::text`,
        later: sql<number>`(select count(*)::int from ${payments} p where p.business_id = sales.business_id and p.sale_id = sales.id and p.created_at > sales.created_at)`,
      })
      .from(sales)
      .where(eq(sales.business_id, businessId));
    expect(rows.length).toBeGreaterThan(80);
    for (const sale of rows) {
      expect(toKobo(sale.paid)).toBeLessThanOrEqual(toKobo(sale.total));
      expect(toKobo(sale.paid)).toBe(toKobo(sale.amount_paid));
      const settled = toKobo(sale.paid) === toKobo(sale.total);
      expect(sale.payment_status === 'paid').toBe(settled);
    }
    const active = rows.filter((sale) => sale.status === 'active');
    expect(new Set(active.map((sale) => sale.payment_status))).toEqual(new Set(['paid', 'partial', 'not_paid']));
    expect(rows.filter((sale) => sale.status === 'cancelled')).toHaveLength(1);
    expect(rows.some((sale) => sale.later > 0)).toBe(true);
    const days = rows.map((sale) => (Date.now() - sale.created_at.getTime()) / 86_400_000);
    expect(Math.max(...days)).toBeGreaterThan(85);
    expect(Math.max(...days)).toBeLessThan(92);
    expect(Math.min(...days)).toBeGreaterThanOrEqual(0);
    expect(Math.min(...days)).toBeLessThan(1);
  });

  it('keeps its report totals as a full recount would make them, after the back-dating', async () => {
    // The per-day totals that sales write are spread over slots (a row per writing connection, migration
    // 0014): summed per key, as every reader sums them; a recount writes slot 0.
    const tables = {
      report_sale_days: sql`(select business_id, day, currency, sold_by, payment_status, sum(sales) as sales,
        sum(revenue) as revenue, sum(paid) as paid, sum(cost) as cost
        from report_sale_days group by business_id, day, currency, sold_by, payment_status)`,
      report_product_days: sql`report_product_days`,
      report_products: sql`report_products`,
      report_payment_days: sql`(select business_id, day, currency, sold_by, sum(payments) as payments,
        sum(amount) as amount from report_payment_days group by business_id, day, currency, sold_by)`,
      report_expense_days: sql`report_expense_days`,
      report_debtors: sql`report_debtors`,
    };
    const snapshot = async () => {
      const all: Record<string, unknown[]> = {};
      for (const [table, source] of Object.entries(tables)) {
        const { rows } = await t.db.execute(
          // A key whose rows all moved to other days keeps a row of zeros; a recount makes none.
          sql`select to_jsonb(r) as row from ${source} r
              where business_id = ${businessId}
                and coalesce(to_jsonb(r)->>'sales', to_jsonb(r)->>'lines', to_jsonb(r)->>'payments',
                             to_jsonb(r)->>'expenses', to_jsonb(r)->>'open_sales')::numeric <> 0
              order by 1`,
        );
        all[table] = rows;
      }
      return all;
    };
    const maintained = await snapshot();
    expect(maintained.report_sale_days?.length).toBeGreaterThan(0);
    await t.db.execute(sql`select report_totals_rebuild(array[${businessId}]::bigint[])`);
    expect(await snapshot()).toEqual(maintained);
  });

  it('has a manager, two salespeople and three active customers, one of whom owes money', async () => {
    const members = await t.db
      .select({ username: users.username, role: memberships.role, active: memberships.is_active, demo: users.is_demo })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.user_id))
      .where(eq(memberships.business_id, businessId));
    const roles = members.map((member) => member.role).sort();
    expect(roles).toEqual(['ceo', 'customer', 'customer', 'customer', 'manager', 'sales_person', 'sales_person']);
    expect(members.every((member) => member.active && member.demo)).toBe(true);

    const [debtor] = await t.db
      .select({ owed: sql<string>`sum(${sales.total_cart_amount} - ${sales.amount_paid})::text` })
      .from(sales)
      .innerJoin(users, eq(users.id, sales.customer_id))
      .where(
        and(eq(sales.business_id, businessId), eq(users.username, DEMO_CUSTOMER_USERNAME), eq(sales.status, 'active')),
      );
    expect(toKobo(debtor?.owed ?? '0')).toBeGreaterThan(0n);
  });

  it('has a product request from the demo customer waiting in the carts', async () => {
    const requests = await t.db
      .select({ id: carts.id })
      .from(carts)
      .innerJoin(users, eq(users.id, carts.customer_id))
      .where(
        and(
          eq(carts.business_id, businessId),
          eq(carts.is_customer_request, true),
          eq(users.username, DEMO_CUSTOMER_USERNAME),
        ),
      );
    expect(requests).toHaveLength(1);
  });
});

describe('the demo accounts', () => {
  it('log the visitor in as the demo customer, with her business to land in', async () => {
    const answer = await apiClient(t.app).call(ENDPOINTS.accounts.demoLogin, {}, { ip: freshIp() });
    expect(answer.status).toBe(200);
    expect(answer.data.user).toMatchObject({ username: DEMO_CUSTOMER_USERNAME, role: 'customer' });
    expect(answer.data.user.business?.slug).toBe(slug);
    expect(answer.cookies.map((cookie) => cookie.name)).toEqual(expect.arrayContaining(['oja_access', 'oja_refresh']));
  });

  it('are rate limited like a login', async () => {
    const ip = freshIp();
    const api = apiClient(t.app);
    for (let n = 0; n < 30; n++) {
      expect((await api.call(ENDPOINTS.accounts.demoLogin, {}, { ip })).status).toBe(200);
    }
    expect((await api.call(ENDPOINTS.accounts.demoLogin, {}, { ip })).status).toBe(429);
  });

  it('cannot change their password or email, by any route', async () => {
    const api = apiClient(t.app);
    const demo = await apiClient(t.app).call(ENDPOINTS.accounts.demoLogin, {}, { ip: freshIp() });
    const token = demo.data.access_token;
    const amaka = DEMO_PEOPLE.find((person) => person.username === DEMO_CUSTOMER_USERNAME);
    const locked = { detail: DEMO_MESSAGES.accountLocked };

    const change = await api.call(
      ENDPOINTS.accounts.changePassword,
      { previous_password: DEMO_PASSWORD, new_password: 'taken-over-123', confirm_password: 'taken-over-123' },
      { token },
    );
    expect(change.status).toBe(403);
    expect(change.body).toMatchObject(locked);

    const email = await api.call(
      ENDPOINTS.accounts.updateProfile,
      { first_name: 'Amaka', last_name: 'Okafor', email: 'mine@example.com', current_password: DEMO_PASSWORD },
      { token },
    );
    expect(email.status).toBe(403);
    expect(email.body).toMatchObject(locked);

    const forgot = await api.call(ENDPOINTS.accounts.forgotPassword, { email: amaka?.email ?? '' }, { ip: freshIp() });
    expect(forgot.status).toBe(403);
    expect(forgot.body).toMatchObject(locked);

    const reset = await api.call(
      ENDPOINTS.accounts.resetPassword,
      { email: amaka?.email ?? '', code: '123456', new_password: 'taken-over-123' },
      { ip: freshIp() },
    );
    expect(reset.status).toBe(403);
    expect(reset.body).toMatchObject(locked);

    // Still hers, as she was: the same password opens it.
    const again = await logIn(t, DEMO_CUSTOMER_USERNAME, DEMO_PASSWORD);
    expect(again.user.email).toBe(amaka?.email);
  });

  it("cannot change the demo shop's team or the shop itself, and the shop stays whole", async () => {
    const api = apiClient(t.app);
    const ceo = await logIn(t, 'demo.nkechi', DEMO_PASSWORD);
    const as = { token: ceo.token };
    const locked = { detail: DEMO_MESSAGES.shopLocked };
    const idOf = async (username: string) =>
      (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id ?? 0;
    const manager = await idOf('demo.emeka');
    const customer = await idOf(DEMO_CUSTOMER_USERNAME);
    const before = await t.db.select().from(memberships).where(eq(memberships.business_id, businessId));
    const [shopBefore] = await t.db.select().from(businesses).where(eq(businesses.id, businessId));

    const refusals = [
      await api.call(
        ENDPOINTS.team.updateBusinessUser,
        { user_id: manager, business_id: businessId, password: 'taken-over-123' },
        as,
      ),
      await api.call(ENDPOINTS.team.updateBusinessUser, { user_id: manager, business_id: businessId, role: 'ceo' }, as),
      await api.call(
        ENDPOINTS.team.updateBusinessUser,
        { user_id: customer, business_id: businessId, is_active: false },
        as,
      ),
      await api.call(ENDPOINTS.team.deleteBusinessUsers, { user_ids: [customer], business_id: businessId }, as),
      await api.call(ENDPOINTS.businesses.updateBusiness, { id: businessId, name: 'Wrecked', about: 'gone' }, as),
      await api.call(ENDPOINTS.businesses.deleteBusiness, { id: businessId }, as),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject(locked);
    }

    expect(await t.db.select().from(memberships).where(eq(memberships.business_id, businessId))).toEqual(before);
    expect((await t.db.select().from(businesses).where(eq(businesses.id, businessId)))[0]).toEqual(shopBefore);
    await logIn(t, 'demo.emeka', DEMO_PASSWORD);
    expect((await api.call(ENDPOINTS.accounts.demoLogin, {}, { ip: freshIp() })).status).toBe(200);
  });

  it('take no strangers: its public invite links are refused, and nobody is added to its team', async () => {
    const before = await countOf(users);
    for (const role of ['salesperson', 'manager', 'customer']) {
      const answer = await apiClient(t.app).call(
        ENDPOINTS.team.joinBusiness,
        { first_name: 'Stranger', last_name: 'Danger', password: 'pass-word-123', role, business_slug: slug },
        { ip: freshIp() },
      );
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ detail: DEMO_MESSAGES.noJoining });
    }
    expect(await countOf(users)).toBe(before);
  });

  it('belong to the demo shop only: its CEO cannot open another business', async () => {
    const ceo = await logIn(t, 'demo.nkechi', DEMO_PASSWORD);
    expect(ceo.user.can_create_business).toBe(false);
    const answer = await apiClient(t.app).call(
      ENDPOINTS.businesses.createBusiness,
      { name: 'Another shop', business_email: 'x@example.com', about: 'x' },
      { token: ceo.token },
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ detail: DEMO_MESSAGES.demoBusinessOnly });
  });
});
