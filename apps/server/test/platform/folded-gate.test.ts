import { ENDPOINTS, type Endpoint, MESSAGES } from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../src/db/schema';
import { containsPattern } from '../../src/db/search';
import { getBusinessOverview } from '../../src/modules/businesses/get-overview';
import { listCarts } from '../../src/modules/sales/list-carts';
import { listSales } from '../../src/modules/sales/list-sales';
import { keptMatchesOf, Matches } from '../../src/modules/stock/kept-matches';
import { listProducts } from '../../src/modules/stock/list-products';
import type { ActorContext } from '../../src/platform/context';
import { type BusinessContext, requireBusiness } from '../../src/platform/tenancy';
import { createTestApp, type TestApp } from '../app';
import { confirm, createCart, createProduct, logIn, memberLoggedIn, type Owner, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';
import { statementsOf } from '../statements';

/**
 * The reads that fold the gate into their statement (platform/gate.ts): the product list and its search, the
 * sales list (whole, or of a payment status or a seller), the carts and the overview. Each must answer as the same read behind the gate's own statement,
 * in one statement (a search whose matches are not kept yet, in two, the gate in the first), and refuse exactly
 * as every other route does, reading nothing for a caller it refuses.
 */
let t: TestApp;
let api: ApiClient;
let ceo: Owner;
let rival: Owner;

type Read = {
  name: string;
  entry: Endpoint;
  input: (businessId: number) => Record<string, unknown>;
  /** The same read with the gate passed already, as a write or a test calls it, on the entry's parsed input. */
  plain: (ctx: BusinessContext, input: never) => Promise<unknown>;
  /**
   * Made once before by the business's own CEO, so that what the read keeps between requests is kept. 'count':
   * then only the count of its matches is kept, as for a search of more matches than are kept (kept-matches.ts).
   */
  warm?: true | 'count';
  /** The statements it runs, the first folding the gate: one unless said. */
  statements?: number;
};

const reads: Read[] = [
  {
    name: 'product list',
    entry: ENDPOINTS.stock.listProducts,
    input: (business_id) => ({ business_id }),
    plain: listProducts,
  },
  {
    // Its matches read, then their page by their ids (list-products.ts, searchedProducts).
    name: 'product search',
    entry: ENDPOINTS.stock.listProducts,
    input: (business_id) => ({ business_id, search: 'rice' }),
    plain: listProducts,
    statements: 2,
  },
  {
    // Its matches kept: only their page.
    name: 'product search, its matches kept',
    entry: ENDPOINTS.stock.listProducts,
    input: (business_id) => ({ business_id, search: 'bean' }),
    plain: listProducts,
    warm: true,
  },
  {
    // Only their count kept: the page is walked for.
    name: 'product search, the count of its matches kept',
    entry: ENDPOINTS.stock.listProducts,
    input: (business_id) => ({ business_id, search: 'ric' }),
    plain: listProducts,
    warm: 'count',
  },
  {
    name: 'in-stock list',
    entry: ENDPOINTS.stock.listProducts,
    input: (business_id) => ({ business_id, stock: 'in_stock' }),
    plain: listProducts,
  },
  { name: 'sales list', entry: ENDPOINTS.sales.listSales, input: (business_id) => ({ business_id }), plain: listSales },
  {
    name: "a seller's unpaid sales",
    entry: ENDPOINTS.sales.listSales,
    input: (business_id) => ({ business_id, payment_status: 'not_paid', created_by: ceo.user.id }),
    plain: listSales,
  },
  { name: 'carts list', entry: ENDPOINTS.sales.listCarts, input: (business_id) => ({ business_id }), plain: listCarts },
  {
    name: "the clerk's own carts",
    entry: ENDPOINTS.sales.listCarts,
    input: (business_id) => ({ business_id, user_id: ceo.user.id }),
    plain: listCarts,
  },
  {
    name: 'carts search',
    entry: ENDPOINTS.sales.listCarts,
    input: (business_id) => ({ business_id, search: 'customer' }),
    plain: listCarts,
  },
  {
    name: 'overview',
    entry: ENDPOINTS.businesses.getOverview,
    input: (business_id) => ({ business_id }),
    plain: getBusinessOverview,
  },
];

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  ceo = await signUpCeo(t);
  rival = await signUpCeo(t);
  for (const owner of [ceo, rival]) {
    const rice = await createProduct(t, owner, { product_name: 'Rice 50kg', batches: [{ quantity: 40 }] });
    const beans = await createProduct(t, owner, { product_name: 'Beans', batches: [{ quantity: 40 }] });
    const sold = await createCart(t, owner, [{ product_id: rice.id, quantity: 2 }]);
    expect((await confirm(t, owner, sold.id)).status).toBe(201);
    await createCart(t, owner, [{ product_id: beans.id, quantity: 1 }]);
  }
});
afterAll(() => t.close());

/** The CEO's context as the gate's own statement makes it (requireBusiness), for the reads called directly. */
function ceoContext(): Promise<BusinessContext> {
  const actor = { userId: ceo.user.id, sessionId: '', user: ceo.user, via: 'bearer' as const };
  const ctx = { ...t.app.deps, client: { ip: '127.0.0.1', userAgent: undefined }, actor } as unknown as ActorContext;
  return requireBusiness(ctx, ceo.business.id, 'business.view');
}

/** The read made by `owner`, their business's CEO, when it is to be warm (Read.warm). */
async function warm(read: Read, owner: Owner) {
  if (!read.warm) return;
  const input = read.input(owner.business.id);
  const answer = await api.call(read.entry, input as never, { token: owner.token });
  expect(answer.status).toBe(200);
  if (read.warm === 'count') {
    const kept = keptMatchesOf(t.db);
    const key = `${owner.business.id}:${containsPattern(String(input.search))}`;
    const known = kept.get(key);
    expect(known?.count).toBe(1);
    kept.set(key, new Matches(known!.version, known!.count, null));
  }
}

/** The read called through the API for `businessId` by the CEO, with the statements it ran. */
async function callSeeing(read: Read, businessId: number) {
  let answer: Awaited<ReturnType<ApiClient['call']>> | undefined;
  const statements = await statementsOf(t, async () => {
    answer = await api.call(read.entry, read.input(businessId) as never, { token: ceo.token });
  });
  return { answer: answer!, statements };
}

describe('a read that folds the gate', () => {
  it.each(reads.map((read) => [read.name, read] as const))(
    '%s: answers as the read behind the gate, in one statement',
    async (_name, read) => {
      await warm(read, ceo);
      const { answer, statements } = await callSeeing(read, ceo.business.id);
      expect(answer?.status).toBe(200);
      // The read's statement, the gate inside: no statement of the gate's own before it. (The overview's
      // first of a Lagos day also moves its totals' anchor, a write after the read.)
      expect(statements[0]?.text).toMatch(/^\s*with gate as materialized/);
      expect(statements.filter((statement) => statement.text.includes('"sessions"'))).toHaveLength(1);
      if (read.name !== 'overview') expect(statements).toHaveLength(read.statements ?? 1);
      const plain = await read.plain(await ceoContext(), read.entry.input!.parse(read.input(ceo.business.id)) as never);
      expect(answer?.data).toEqual(JSON.parse(JSON.stringify(plain)));
    },
  );

  it.each(reads.map((read) => [read.name, read] as const))(
    "%s: another business's answers 404 as one that does not exist, and reads nothing of it",
    async (_name, read) => {
      // What the rival's own read keeps is theirs: the CEO's read of their business is refused all the same.
      await warm(read, rival);
      const { answer: theirs, statements } = await callSeeing(read, rival.business.id);
      const none = await api.call(read.entry, read.input(999_999) as never, { token: ceo.token });
      expect(theirs?.status).toBe(404);
      expect(theirs?.body).toEqual(none.body);
      expect((none.body as { detail: string }).detail).toBe(MESSAGES.business.notFound);
      // The folded statement, then the gate's own, which says why.
      const [folded] = statements;
      expect(folded?.text).toMatch(/^\s*with gate as materialized/);
      const tables = await tablesRead(folded!);
      expect(tables.size).toBeGreaterThan(0);
      for (const table of tables) expect(['sessions', 'users', 'memberships', 'businesses']).toContain(table);
    },
  );
});

/** The tables a statement's plan read rows of (Actual Loops > 0), run with EXPLAIN ANALYZE on its own values. */
async function tablesRead(statement: { text: string; values: unknown[] }): Promise<Set<string>> {
  const { rows } = await t.database.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `explain (analyze, format json) ${statement.text}`,
    statement.values,
  );
  const read = new Set<string>();
  const walk = (node: PlanNode) => {
    if (node['Relation Name'] && node['Actual Loops'] > 0) read.add(node['Relation Name']);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(rows[0]!['QUERY PLAN'][0].Plan);
  return read;
}
type PlanNode = { 'Relation Name'?: string; 'Actual Loops': number; Plans?: PlanNode[] };

describe('the refusals of a folded read are the gate’s', () => {
  it('an ended session: 401, session expired', async () => {
    const person = await logIn(t, ceo.username);
    expect((await api.call(ENDPOINTS.accounts.logout, undefined as never, { token: person.token })).status).toBe(200);
    for (const read of reads) {
      const answer = await api.call(read.entry, read.input(ceo.business.id) as never, { token: person.token });
      expect(answer.status, read.name).toBe(401);
      expect((answer.body as { detail: string }).detail, read.name).toBe(MESSAGES.auth.sessionExpired);
    }
  });

  it('a member no longer active: 404 as another business', async () => {
    const member = await memberLoggedIn(t, ceo.business.id, 'manager');
    await t.db
      .update(memberships)
      .set({ is_active: false })
      .where(and(eq(memberships.business_id, ceo.business.id), eq(memberships.user_id, member.user.id)));
    for (const read of reads) {
      const answer = await api.call(read.entry, read.input(ceo.business.id) as never, { token: member.token });
      expect(answer.status, read.name).toBe(404);
    }
  });

  it('a role without the permission: 403, and the roles with it are let through', async () => {
    const seller = await memberLoggedIn(t, ceo.business.id, 'sales_person');
    const overview = await api.call(
      ENDPOINTS.businesses.getOverview,
      { business_id: ceo.business.id },
      {
        token: seller.token,
      },
    );
    expect(overview.status).toBe(403);
    expect((overview.body as { detail: string }).detail).toBe(MESSAGES.auth.forbidden);
    for (const read of reads.filter((candidate) => candidate.name !== 'overview')) {
      const answer = await api.call(read.entry, read.input(ceo.business.id) as never, { token: seller.token });
      expect(answer.status, read.name).toBe(200);
    }
  });

  it("a customer, whom the sales list's folded statement (staff's) refuses, gets their own sales through the gate", async () => {
    const customer = await memberLoggedIn(t, ceo.business.id, 'customer');
    const rice = await createProduct(t, ceo, { product_name: 'Rice for a customer', batches: [{ quantity: 5 }] });
    const cart = await createCart(t, ceo, [{ product_id: rice.id, quantity: 1 }], { customer_id: customer.user.id });
    expect((await confirm(t, ceo, cart.id)).status).toBe(201);
    const everyone = await api.call(ENDPOINTS.sales.listSales, { business_id: ceo.business.id }, { token: ceo.token });
    const own = await api.call(ENDPOINTS.sales.listSales, { business_id: ceo.business.id }, { token: customer.token });
    expect(own.status).toBe(200);
    expect(everyone.data.count).toBe(2);
    expect(own.data.count).toBe(1);
    const theirs = everyone.data.results.find(
      (sale: { customer_id: number | null }) => sale.customer_id === customer.user.id,
    );
    expect(own.data.results.map((sale: { id: number }) => sale.id)).toEqual([theirs?.id]);
    // Filtered as staff filter their list (a payment status, a seller): still their own sales only.
    const ownFiltered = await api.call(
      ENDPOINTS.sales.listSales,
      { business_id: ceo.business.id, payment_status: theirs?.payment_status, created_by: ceo.user.id },
      { token: customer.token },
    );
    expect(ownFiltered.status).toBe(200);
    expect(ownFiltered.data.count).toBe(1);
    expect(ownFiltered.data.results.map((sale: { id: number }) => sale.id)).toEqual([theirs?.id]);
  });
});
