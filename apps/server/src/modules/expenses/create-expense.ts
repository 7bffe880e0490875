import { type createExpenseBodySchema, EXPENSE_MESSAGES, type Expense } from '@oja/contract';
import { sql } from 'drizzle-orm';
import type * as z from 'zod';
import { businessToday } from '../../db/business-day';
import { expenses } from '../../db/schema';
import { fieldError } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { resolveCategory } from './categories';
import { expenseAnswer } from './expense-answer';

/**
 * Records an expense of the caller. The day is checked against today in Lagos by PostgreSQL's own
 * clock too (the contract checked the server's), so a phone with a wrong date cannot date it ahead.
 */
export async function createExpense(
  ctx: BusinessContext,
  input: z.output<typeof createExpenseBodySchema>,
): Promise<Expense> {
  const { rows } = await ctx.db.execute<{ is_future: boolean }>(
    sql`select ${input.date}::date > ${businessToday} as is_future`,
  );
  if (rows[0]?.is_future) throw fieldError('date', EXPENSE_MESSAGES.dateFuture);
  const category = await resolveCategory(ctx.db, ctx.businessId, input.category);
  if (!category) throw fieldError('category', EXPENSE_MESSAGES.categoryUnknown);
  const user = ctx.actor.user;
  const [row] = await ctx.db
    .insert(expenses)
    .values({
      business_id: ctx.businessId,
      amount: input.amount,
      currency: input.currency,
      category,
      description: input.description,
      date: input.date,
      created_by: ctx.actor.userId,
      created_by_name: `${user.first_name} ${user.last_name}`.trim(),
    })
    .returning();
  if (!row) throw new Error('The expense was not recorded.');
  return expenseAnswer(row);
}
