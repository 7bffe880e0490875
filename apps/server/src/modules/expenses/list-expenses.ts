import {
  type Currency,
  type Expense,
  type ExpenseList,
  type listExpensesQuerySchema,
  PAGE_SIZE,
  pageInfo,
} from '@oja/contract';
import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { expense_totals, expenses } from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';
import { expenseAnswer } from './expense-answer';

/**
 * Expenses newest day first, with their totals per currency. The list of a caller who sees the business's (the
 * gate: the entry's `whole`, the CEO) is the business's, optionally one member's; anyone else's is filtered by their
 * own user id whatever user_id they send.
 *
 * The business's whole list (no member, category or dates) takes its count and totals from expense_totals, which
 * triggers keep (migration 0033), instead of counting and summing every expense of the business on every page:
 * on the load data that was most of the page's time (bench/README.md). A filtered list counts and sums its own rows, which its filters narrow, in one pass:
 * a category's through expenses_business_category_idx (migration 0034), a member's through their own index.
 */
export async function listExpenses(
  ctx: BusinessContext,
  query: z.output<typeof listExpensesQuerySchema>,
): Promise<ExpenseList> {
  const userId = ctx.sees === 'business' ? query.user_id : ctx.actor.userId;
  const where = and(
    eq(expenses.business_id, ctx.businessId),
    userId === undefined ? undefined : eq(expenses.created_by, userId),
    query.category ? sql`lower(${expenses.category}) = ${query.category.toLowerCase()}` : undefined,
    query.from ? gte(expenses.date, query.from) : undefined,
    query.to ? lte(expenses.date, query.to) : undefined,
  );
  const pageSize = PAGE_SIZE.expenses;
  const whole = userId === undefined && !query.category && !query.from && !query.to;
  const [perCurrency, rows] = await Promise.all([
    whole ? keptPerCurrency(ctx) : countedPerCurrency(ctx, where),
    ctx.db
      .select()
      .from(expenses)
      .where(where)
      .orderBy(desc(expenses.date), desc(expenses.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
  ]);
  const results: Expense[] = rows.map(expenseAnswer);
  return {
    ...pageInfo(
      perCurrency.reduce((sum, row) => sum + row.expenses, 0),
      query.page,
      pageSize,
    ),
    results,
    totals: perCurrency.map((row) => ({ currency: row.currency, amount: row.amount })),
  };
}

/** The list's expenses per currency, their count and their sum, the largest sum first: its count and totals. */
type PerCurrency = { currency: Currency; expenses: number; amount: string }[];

/** The whole list's, as expense_totals keeps them. */
function keptPerCurrency(ctx: BusinessContext): Promise<PerCurrency> {
  return ctx.db
    .select({
      currency: expense_totals.currency,
      expenses: expense_totals.expenses,
      amount: sql<string>`${expense_totals.amount}::text`,
    })
    .from(expense_totals)
    .where(and(eq(expense_totals.business_id, ctx.businessId), sql`${expense_totals.expenses} > 0`))
    .orderBy(desc(expense_totals.amount), expense_totals.currency);
}

/** A filtered list's, counted and summed from its own rows in one pass. */
function countedPerCurrency(ctx: BusinessContext, where: SQL | undefined): Promise<PerCurrency> {
  return ctx.db
    .select({ currency: expenses.currency, expenses: count(), amount: sql<string>`sum(${expenses.amount})::text` })
    .from(expenses)
    .where(where)
    .groupBy(expenses.currency)
    .orderBy(desc(sql`sum(${expenses.amount})`), expenses.currency);
}
