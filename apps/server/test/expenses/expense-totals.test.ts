import { ENDPOINTS, lagosToday } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, lagosDay, memberLoggedIn, type Owner, signUpCeo } from '../factories';
import { useShop } from '../shop';

/**
 * expense_totals (migration 0033) must stay each business's expenses counted and summed per currency after every
 * kind of write, whatever makes it, since the CEO's whole list answers its count and totals from it
 * (list-expenses.ts); and that list must answer what its rows add up to.
 */
const shop = useShop();
let other: Owner;

beforeAll(async () => {
  other = await signUpCeo(shop.t);
});

const add = (by: Caller, amount: string, currency: 'NGN' | 'USD' = 'NGN', date = lagosToday()) =>
  shop.api.call(
    ENDPOINTS.expenses.createExpense,
    { business_id: by.businessId, amount, category: 'transport', description: '', date, currency },
    { token: by.token },
  );

type Totals = { business_id: number; currency: string; expenses: number; amount: string }[];

/** The totals rows that hold expenses, and the same counted from the expenses, each business and currency in order. */
async function keptAndCounted(): Promise<{ kept: Totals; counted: Totals }> {
  const kept = await shop.t.db.execute<Totals[number]>(sql`
    select business_id::int, currency, expenses, amount::text from expense_totals
    where expenses > 0 order by business_id, currency`);
  const counted = await shop.t.db.execute<Totals[number]>(sql`
    select business_id::int, currency, count(*)::int as expenses, sum(amount)::text as amount from expenses
    group by business_id, currency order by business_id, currency`);
  return { kept: kept.rows, counted: counted.rows };
}

async function expectKeptAsCounted(): Promise<void> {
  const { kept, counted } = await keptAndCounted();
  expect(kept).toEqual(counted);
}

describe('expense_totals', () => {
  it('stays the expenses counted and summed per business and currency through every kind of write', async () => {
    const clerk = await memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person');
    const ids: number[] = [];
    for (const [by, amount, currency] of [
      [shop.ceo, '1500.00', 'NGN'],
      [shop.ceo, '0.10', 'NGN'],
      [clerk, '250.55', 'NGN'],
      [shop.ceo, '12.34', 'USD'],
      [other, '999999999999.99', 'NGN'],
      [other, '0.01', 'NGN'],
    ] as const) {
      const answer = await add(by, amount, currency);
      expect(answer.status).toBe(201);
      ids.push(answer.data.expense.id);
    }
    await expectKeptAsCounted();
    // Past numeric(14,2): the sum of two of the largest amounts an expense may hold.
    expect((await keptAndCounted()).kept.find((row) => row.business_id === other.businessId)?.amount).toBe(
      '1000000000000.00',
    );

    // Deleted through the API, by the CEO and by the clerk.
    const del = (by: Caller, id: number) =>
      shop.api.call(ENDPOINTS.expenses.deleteExpense, { id }, { token: by.token });
    expect((await del(shop.ceo, ids[0]!)).status).toBe(200);
    expect((await del(clerk, ids[2]!)).status).toBe(200);
    await expectKeptAsCounted();

    // Written by hand: an amount and a currency changed, several rows in one statement, a description alone.
    await shop.t.db.execute(sql`update expenses set amount = amount / 2 where business_id = ${other.businessId}`);
    await shop.t.db.execute(
      sql`update expenses set currency = 'USD' where business_id = ${shop.ceo.businessId} and id = ${ids[1]!}`,
    );
    await shop.t.db.execute(sql`update expenses set description = 'fuel' where business_id = ${shop.ceo.businessId}`);
    await shop.t.db.execute(sql`
      insert into expenses (business_id, amount, currency, category, date, created_by_name)
      select ${shop.ceo.businessId}, i, case when i % 2 = 0 then 'NGN' else 'USD' end, 'rent', ${lagosDay(-2)}::date, 'Bulk'
      from generate_series(1, 40) i`);
    await expectKeptAsCounted();
    await shop.t.db.execute(sql`delete from expenses where business_id = ${shop.ceo.businessId} and category = 'rent'`);
    await expectKeptAsCounted();
  });

  it("answers the CEO's whole list with the count and totals of its rows, and leaves out a currency with none left", async () => {
    const owner = await signUpCeo(shop.t);
    for (const [amount, currency] of [
      ['100.00', 'NGN'],
      ['200.50', 'NGN'],
      ['5.25', 'USD'],
    ] as const) {
      expect((await add(owner, amount, currency)).status).toBe(201);
    }
    const list = () =>
      shop.api.call(ENDPOINTS.expenses.listExpenses, { business_id: owner.businessId }, { token: owner.token });
    const first = await list();
    expect(first.data.count).toBe(3);
    expect(first.data.totals).toEqual([
      { currency: 'NGN', amount: '300.50' },
      { currency: 'USD', amount: '5.25' },
    ]);
    // The same as a filtered list that reads its rows (every day up to today).
    const filtered = await shop.api.call(
      ENDPOINTS.expenses.listExpenses,
      { business_id: owner.businessId, to: lagosToday() },
      { token: owner.token },
    );
    expect({ count: filtered.data.count, totals: filtered.data.totals }).toEqual({
      count: first.data.count,
      totals: first.data.totals,
    });

    const dollars = first.data.results.find((expense) => expense.currency === 'USD');
    expect(
      (await shop.api.call(ENDPOINTS.expenses.deleteExpense, { id: dollars!.id }, { token: owner.token })).status,
    ).toBe(200);
    const after = await list();
    expect(after.data.count).toBe(2);
    expect(after.data.totals).toEqual([{ currency: 'NGN', amount: '300.50' }]);
  });

  it('goes with its business', async () => {
    const doomed = await signUpCeo(shop.t);
    expect((await add(doomed, '75.00')).status).toBe(201);
    const answer = await shop.api.call(
      ENDPOINTS.businesses.deleteBusiness,
      { id: doomed.businessId },
      { token: doomed.token },
    );
    expect(answer.status).toBe(200);
    const { rows } = await shop.t.db.execute(
      sql`select 1 from expense_totals where business_id = ${doomed.businessId}`,
    );
    expect(rows).toEqual([]);
    await expectKeptAsCounted();
  });
});
