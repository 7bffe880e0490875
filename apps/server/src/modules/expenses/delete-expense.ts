import { DAY_CLOSE_MESSAGES, type deleteExpenseBodySchema, EXPENSE_MESSAGES } from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import type * as z from 'zod';
import { expenses } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { conflict, notFound } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { closerOf } from '../day-closes/closed-periods';

/**
 * Deletes an expense: a caller who sees the business's (the gate: the entry's `whole`, the CEO) any of the
 * business's, anyone else only their own. Someone else's expense answers 404 to them, as one that does not exist:
 * they never see it. One recorded inside a closed
 * period (ADR 0022) stays.
 */
export async function deleteExpense(
  ctx: BusinessContext,
  input: z.output<typeof deleteExpenseBodySchema>,
): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    const deleted = await tx
      .delete(expenses)
      .where(
        and(
          eq(expenses.business_id, ctx.businessId),
          eq(expenses.id, input.id),
          ctx.sees === 'business' ? undefined : eq(expenses.created_by, ctx.actor.userId),
        ),
      )
      .returning({ id: expenses.id, created_at: expenses.created_at, created_by: expenses.created_by });
    const [expense] = deleted;
    if (!expense) throw notFound(EXPENSE_MESSAGES.notFound);
    // A closed day's cash-up counted it: taking it out now would leave the close's figures unexplained.
    const closedBy = await closerOf(tx, ctx.businessId, { moment: expense.created_at, memberId: expense.created_by });
    if (closedBy !== null) throw conflict(DAY_CLOSE_MESSAGES.expenseInClosedDay(closedBy));
  });
}
