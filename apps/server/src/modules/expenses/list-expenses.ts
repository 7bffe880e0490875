import { type Expense, type ExpenseList, type listExpensesQuerySchema, PAGE_SIZE, pageInfo } from '@oja/contract';
import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { expense_totals, expenses } from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';
import { expenseAnswer } from './expense-answer';

/**
 * Expenses newest day first, with their totals per currency. The CEO's list is the
 * business's (optionally one member's), anyone else's is filtered by their own user id whatever
 * user_id they send.
 *
 * The CEO's whole list (no member, category or dates) takes its count and totals from expense_totals, which
 * triggers keep (migration 0033), instead of counting and summing every expense of the business on every page:
 * on the load data (50,000 expenses), 10-18 and 19-21 ms of the page's statements on a slow machine, where the
 * page itself takes 0.1-2 ms. A filtered list reads its own rows, which its filters narrow.
 */
export async function listExpenses(
  ctx: BusinessContext,
  query: z.output<typeof listExpensesQuerySchema>,
): Promise<ExpenseList> {
  const userId = ctx.role === 'ceo' ? query.user_id : ctx.actor.userId;
  const where = and(
    eq(expenses.business_id, ctx.businessId),
    userId === undefined ? undefined : eq(expenses.created_by, userId),
    query.category ? sql`lower(${expenses.category}) = ${query.category.toLowerCase()}` : undefined,
    query.from ? gte(expenses.date, query.from) : undefined,
    query.to ? lte(expenses.date, query.to) : undefined,
  );
  const pageSize = PAGE_SIZE.expenses;
  const whole = userId === undefined && !query.category && !query.from && !query.to;
  const [[total], totals, rows] = await Promise.all([
    whole
      ? ctx.db
          .select({ value: sql<number>`coalesce(sum(${expense_totals.expenses}), 0)::int` })
          .from(expense_totals)
          .where(eq(expense_totals.business_id, ctx.businessId))
      : ctx.db.select({ value: count() }).from(expenses).where(where),
    whole
      ? ctx.db
          .select({ currency: expense_totals.currency, amount: sql<string>`${expense_totals.amount}::text` })
          .from(expense_totals)
          .where(and(eq(expense_totals.business_id, ctx.businessId), sql`${expense_totals.expenses} > 0`))
          .orderBy(desc(expense_totals.amount), expense_totals.currency)
      : ctx.db
          .select({ currency: expenses.currency, amount: sql<string>`sum(${expenses.amount})::text` })
          .from(expenses)
          .where(where)
          .groupBy(expenses.currency)
          .orderBy(desc(sql`sum(${expenses.amount})`), expenses.currency),
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
    ...pageInfo(total?.value ?? 0, query.page, pageSize),
    results,
    totals: totals.map((row) => ({ currency: row.currency, amount: row.amount })),
  };
}
