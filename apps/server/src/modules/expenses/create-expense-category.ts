import {
  type createExpenseCategoryBodySchema,
  EXPENSE_MESSAGES,
  type ExpenseCategory,
  isFixedExpenseCategory,
} from '@oja/contract';
import type * as z from 'zod';
import { expense_categories } from '../../db/schema';
import { conflict, PG, pgErrorCode } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { categoriesOf } from './categories';

/** The CEO adds a category of the business's own; a name already offered (any letter case) is refused. */
export async function createExpenseCategory(
  ctx: BusinessContext,
  input: z.output<typeof createExpenseCategoryBodySchema>,
): Promise<ExpenseCategory[]> {
  const taken = () => conflict(EXPENSE_MESSAGES.categoryTaken, { name: [EXPENSE_MESSAGES.categoryTaken] });
  if (isFixedExpenseCategory(input.name)) throw taken();
  try {
    await ctx.db
      .insert(expense_categories)
      .values({ business_id: ctx.businessId, name: input.name, created_by: ctx.actor.userId });
  } catch (error) {
    if (pgErrorCode(error) === PG.uniqueViolation) throw taken();
    throw error;
  }
  return categoriesOf(ctx.db, ctx.businessId);
}
