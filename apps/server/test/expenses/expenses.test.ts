import { ENDPOINTS, EXPENSE_MESSAGES, lagosToday } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { type Caller, lagosDay, memberLoggedIn, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

const add = (
  by: Caller,
  fields: Partial<{ amount: string; category: string; date: string; currency: 'NGN' | 'USD' }>,
) =>
  api.call(
    ENDPOINTS.expenses.createExpense,
    {
      business_id: by.businessId,
      amount: '1500.00',
      category: 'transport',
      description: 'Keke to the market',
      date: lagosToday(),
      ...fields,
    },
    { token: by.token },
  );

const list = (
  by: Caller,
  query: Partial<{ user_id: number; category: string; from: string; to: string; page: number }> = {},
) => api.call(ENDPOINTS.expenses.listExpenses, { business_id: by.businessId, ...query }, { token: by.token });

describe('POST /expenses/', () => {
  it('records an expense with who recorded it and when', async () => {
    const ceo = await signUpCeo(t, { first_name: 'Ngozi', last_name: 'Okafor' });
    const answer = await add(ceo, { amount: '2500.5', category: 'Rent', date: lagosDay(-3) });
    expect(answer.status).toBe(201);
    expect(answer.body.response_description).toBe(EXPENSE_MESSAGES.created);
    expect(answer.data.expense).toMatchObject({
      amount: '2500.50',
      currency: 'NGN',
      category: 'rent',
      description: 'Keke to the market',
      date: lagosDay(-3),
      created_by: ceo.user.id,
      created_by_name: 'Ngozi Okafor',
    });
    expect(Date.parse(answer.data.expense.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each([
    ['0', EXPENSE_MESSAGES.amountPositive],
    ['0.00', EXPENSE_MESSAGES.amountPositive],
    ['-5.00', EXPENSE_MESSAGES.amountInvalid],
    ['abc', EXPENSE_MESSAGES.amountInvalid],
    ['10.123', EXPENSE_MESSAGES.amountInvalid],
    ['', EXPENSE_MESSAGES.amountInvalid],
  ])('refuses the amount %j with a message', async (amount, message) => {
    const ceo = await signUpCeo(t);
    const answer = await add(ceo, { amount });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(message);
  });

  it('refuses an amount sent as a JSON number', async () => {
    const ceo = await signUpCeo(t);
    const answer = await api.send(ENDPOINTS.expenses.createExpense, {
      token: ceo.token,
      body: { business_id: ceo.businessId, amount: 1500, category: 'rent', date: lagosToday() },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(EXPENSE_MESSAGES.amountInvalid);
  });

  it('refuses a day in the future and a day that does not exist', async () => {
    const ceo = await signUpCeo(t);
    const future = await add(ceo, { date: lagosDay(1) });
    expect(future.status).toBe(400);
    expect(JSON.stringify(future.body)).toContain(EXPENSE_MESSAGES.dateFuture);
    for (const date of ['2026-02-30', '2025-13-01', '31/01/2026', 'yesterday']) {
      const answer = await add(ceo, { date });
      expect(answer.status, date).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(EXPENSE_MESSAGES.dateInvalid);
    }
  });

  it("takes the fixed categories and the business's own, nothing else", async () => {
    const ceo = await signUpCeo(t);
    const manager = await memberLoggedIn(t, ceo.businessId, 'manager');
    const unknown = await add(ceo, { category: 'Generator fuel' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain(EXPENSE_MESSAGES.categoryUnknown);

    const refused = await api.call(
      ENDPOINTS.expenses.createExpenseCategory,
      { business_id: ceo.businessId, name: 'Generator fuel' },
      { token: manager.token },
    );
    expect(refused.status).toBe(403);
    const created = await api.call(
      ENDPOINTS.expenses.createExpenseCategory,
      { business_id: ceo.businessId, name: 'Generator fuel' },
      { token: ceo.token },
    );
    expect(created.status).toBe(201);
    expect(created.data.results.at(-1)).toEqual({ name: 'Generator fuel', is_custom: true });
    const again = await api.call(
      ENDPOINTS.expenses.createExpenseCategory,
      { business_id: ceo.businessId, name: 'generator FUEL' },
      { token: ceo.token },
    );
    expect(again.status).toBe(409);
    expect((await add(manager, { category: 'generator fuel' })).data.expense.category).toBe('Generator fuel');

    const categories = await api.call(
      ENDPOINTS.expenses.listExpenseCategories,
      { business_id: ceo.businessId },
      { token: manager.token },
    );
    expect(categories.data.results.map((category) => category.name)).toEqual([
      'rent',
      'salaries',
      'transport',
      'utilities',
      'stock purchase',
      'repairs',
      'other',
      'Generator fuel',
    ]);
  });

  it('is refused to a customer', async () => {
    const ceo = await signUpCeo(t);
    const customer = await memberLoggedIn(t, ceo.businessId, 'customer');
    expect((await add(customer, {})).status).toBe(403);
    expect((await list(customer)).status).toBe(403);
  });
});

describe('GET /expenses/list_expenses/', () => {
  it('shows the CEO every expense of the business and anyone else only their own', async () => {
    const ceo = await signUpCeo(t);
    const seller = await memberLoggedIn(t, ceo.businessId, 'sales_person');
    const manager = await memberLoggedIn(t, ceo.businessId, 'manager');
    const other = await signUpCeo(t);
    await add(ceo, { amount: '100.00', date: lagosDay(-2) });
    await add(seller, { amount: '20.00', date: lagosDay(-1) });
    await add(seller, { amount: '5.00', currency: 'USD' });
    await add(manager, { amount: '7.00' });
    await add(other, { amount: '999.00' });

    const all = await list(ceo);
    expect(all.status).toBe(200);
    expect(all.data.count).toBe(4);
    expect(all.data.totals).toEqual([
      { currency: 'NGN', amount: '127.00' },
      { currency: 'USD', amount: '5.00' },
    ]);
    // Newest day first.
    expect(all.data.results.map((expense) => expense.amount).at(-1)).toBe('100.00');

    const oneMember = await list(ceo, { user_id: seller.user.id });
    expect(oneMember.data.results.map((expense) => expense.amount).sort()).toEqual(['20.00', '5.00']);

    // A non-CEO is filtered by their own id whatever user_id they send.
    const own = await list(seller, { user_id: manager.user.id });
    expect(own.data.count).toBe(2);
    expect(own.data.results.every((expense) => expense.created_by === seller.user.id)).toBe(true);
    expect((await list(manager)).data.results.map((expense) => expense.amount)).toEqual(['7.00']);
  });

  it('filters by category and period and pages by 10', async () => {
    const ceo = await signUpCeo(t);
    for (let index = 0; index < 12; index++) await add(ceo, { amount: `${index + 1}.00`, date: lagosDay(-index) });
    await add(ceo, { amount: '50.00', category: 'rent', date: lagosDay(-1) });

    const first = await list(ceo);
    expect(first.data).toMatchObject({ count: 13, total_pages: 2, next: 2, previous: null });
    expect(first.data.results).toHaveLength(10);
    expect((await list(ceo, { page: 2 })).data.results).toHaveLength(3);

    const rent = await list(ceo, { category: 'Rent' });
    expect(rent.data.results.map((expense) => expense.amount)).toEqual(['50.00']);
    const lastThreeDays = await list(ceo, { from: lagosDay(-2), to: lagosDay(0), category: 'transport' });
    expect(lastThreeDays.data.count).toBe(3);
    expect(lastThreeDays.data.totals).toEqual([{ currency: 'NGN', amount: '6.00' }]);
    const backwards = await list(ceo, { from: lagosDay(0), to: lagosDay(-2) });
    expect(backwards.status).toBe(400);
  });
});

describe('DELETE /expenses/delete/', () => {
  it('lets the CEO delete any expense and others only their own', async () => {
    const ceo = await signUpCeo(t);
    const seller = await memberLoggedIn(t, ceo.businessId, 'sales_person');
    const rep = await memberLoggedIn(t, ceo.businessId, 'sales_rep');
    const sellers = (await add(seller, { amount: '20.00' })).data.expense;
    const ceos = (await add(ceo, { amount: '30.00' })).data.expense;
    const reps = (await add(rep, { amount: '40.00' })).data.expense;

    const del = (by: Caller, id: number) => api.call(ENDPOINTS.expenses.deleteExpense, { id }, { token: by.token });
    const notTheirs = await del(seller, ceos.id);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.response_description).toBe(EXPENSE_MESSAGES.notFound);
    expect((await del(seller, sellers.id)).status).toBe(200);
    expect((await del(seller, sellers.id)).status).toBe(404);
    const byCeo = await del(ceo, reps.id);
    expect(byCeo.status).toBe(200);
    expect(byCeo.body.response_description).toBe(EXPENSE_MESSAGES.deleted);
    expect((await list(ceo)).data.results.map((expense) => expense.id)).toEqual([ceos.id]);
  });

  it("answers 404 for another business's expense, named alone or with a business id", async () => {
    const ceo = await signUpCeo(t);
    const stranger = await signUpCeo(t);
    const expense = (await add(ceo, {})).data.expense;
    const alone = await api.call(ENDPOINTS.expenses.deleteExpense, { id: expense.id }, { token: stranger.token });
    expect(alone.status).toBe(404);
    const withBusiness = await api.call(
      ENDPOINTS.expenses.deleteExpense,
      { id: expense.id, business_id: stranger.businessId },
      { token: stranger.token },
    );
    expect(withBusiness.status).toBe(404);
    expect((await api.call(ENDPOINTS.expenses.deleteExpense, { id: 987654321 }, { token: ceo.token })).status).toBe(
      404,
    );
    expect((await list(ceo)).data.count).toBe(1);
    // Another business's list is out of reach too.
    expect((await list({ token: stranger.token, businessId: ceo.businessId })).status).toBe(404);
  });
});
