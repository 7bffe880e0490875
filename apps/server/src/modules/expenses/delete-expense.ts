import { type deleteExpenseBodySchema, EXPENSE_MESSAGES } from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import type * as z from 'zod';
import { expenses } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';

/**
 * Deletes an expense: the CEO any of the business's, anyone else only their own. Someone else's
 * expense answers 404 to a non-CEO, as one that does not exist: they never see it.
 */
export async function deleteExpense(
  ctx: BusinessContext,
  input: z.output<typeof deleteExpenseBodySchema>,
): Promise<void> {
  const deleted = await ctx.db
    .delete(expenses)
    .where(
      and(
        eq(expenses.business_id, ctx.businessId),
        eq(expenses.id, input.id),
        ctx.role === 'ceo' ? undefined : eq(expenses.created_by, ctx.actor.userId),
      ),
    )
    .returning({ id: expenses.id });
  if (deleted.length === 0) throw notFound(EXPENSE_MESSAGES.notFound);
}
