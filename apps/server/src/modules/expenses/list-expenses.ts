import { type Expense, type ExpenseList, type listExpensesQuerySchema, PAGE_SIZE, pageInfo } from '@oja/contract';
import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { expenses } from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';
import { expenseAnswer } from './expense-answer';

/**
 * Expenses newest day first, with their totals per currency. The CEO's list is the
 * business's (optionally one member's), anyone else's is filtered by their own user id whatever
 * user_id they send.
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
  const [[total], totals, rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(expenses).where(where),
    ctx.db
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
