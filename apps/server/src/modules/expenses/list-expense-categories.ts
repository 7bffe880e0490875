import type { ExpenseCategory } from '@oja/contract';
import type { BusinessContext } from '../../platform/tenancy';
import { categoriesOf } from './categories';

/** The categories the Add Expense form offers. */
export function listExpenseCategories(ctx: BusinessContext): Promise<ExpenseCategory[]> {
  return categoriesOf(ctx.db, ctx.businessId);
}
