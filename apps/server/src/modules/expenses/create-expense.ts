import { type createExpenseBodySchema, EXPENSE_MESSAGES, type Expense } from '@oja/contract';
import { and, eq, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { businessToday } from '../../db/business-day';
import type { Tx } from '../../db/client';
import { expenses } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { resolveCategory } from './categories';
import { expenseAnswer } from './expense-answer';

type ExpenseRow = typeof expenses.$inferSelect;
type CreateExpenseInput = z.output<typeof createExpenseBodySchema>;

/**
 * Records an expense of the caller. The day is checked against today in Lagos by PostgreSQL's own
 * clock too (the contract checked the server's), so a phone with a wrong date cannot date it ahead.
 * With an Idempotency-Key, a retry answers the expense the first attempt recorded instead of
 * counting the money out twice (platform/idempotency.ts).
 */
export async function createExpense(
  ctx: BusinessContext,
  input: CreateExpenseInput,
  requestKey: RequestKey | null = null,
): Promise<{ expense: Expense; isReplay: boolean }> {
  let made: ExpenseRow | undefined;
  const { subjectId, isReplay } = await writeOnce(
    ctx.db,
    { businessId: ctx.businessId, userId: ctx.actor.userId },
    requestKey,
    async (tx) => {
      made = await insertExpense(tx, ctx, input);
      return made.id;
    },
  );
  const row = made ?? (await findExpense(ctx, subjectId));
  return { expense: expenseAnswer(row), isReplay };
}

async function insertExpense(tx: Tx, ctx: BusinessContext, input: CreateExpenseInput): Promise<ExpenseRow> {
  const { rows } = await tx.execute<{ is_future: boolean }>(
    sql`select ${input.date}::date > ${businessToday} as is_future`,
  );
  if (rows[0]?.is_future) throw fieldError('date', EXPENSE_MESSAGES.dateFuture);
  const category = await resolveCategory(tx, ctx.businessId, input.category);
  if (!category) throw fieldError('category', EXPENSE_MESSAGES.categoryUnknown);
  const user = ctx.actor.user;
  const [row] = await tx
    .insert(expenses)
    .values({
      business_id: ctx.businessId,
      amount: input.amount,
      currency: input.currency,
      category,
      description: input.description,
      date: input.date,
      payment_method: input.payment_method,
      created_by: ctx.actor.userId,
      created_by_name: `${user.first_name} ${user.last_name}`.trim(),
    })
    .returning();
  if (!row) throw new Error('The expense was not recorded.');
  return row;
}

/** The expense an earlier attempt recorded: deleted since, it answers 404 as any deleted expense does. */
async function findExpense(ctx: BusinessContext, id: number): Promise<ExpenseRow> {
  const [row] = await ctx.db
    .select()
    .from(expenses)
    .where(and(eq(expenses.business_id, ctx.businessId), eq(expenses.id, id)));
  if (!row) throw notFound(EXPENSE_MESSAGES.notFound);
  return row;
}
