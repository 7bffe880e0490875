import { EXPENSE_ENDPOINTS } from '@oja/contract';
import { handlers } from '../../platform/endpoints';
import { onceAnswer, requestKeyOf } from '../../platform/idempotency';
import { createExpense } from './create-expense';
import { createExpenseCategory } from './create-expense-category';
import { deleteExpense } from './delete-expense';
import { listExpenseCategories } from './list-expense-categories';
import { listExpenses } from './list-expenses';

export const expenseHandlers = handlers(EXPENSE_ENDPOINTS, {
  createExpense: async (ctx, body, http) => {
    const { expense, isReplay } = await createExpense(ctx, body, requestKeyOf(http, 'createExpense', body));
    return onceAnswer({ expense }, isReplay);
  },
  listExpenses: (ctx, query) => listExpenses(ctx, query),
  deleteExpense: async (ctx, body) => {
    await deleteExpense(ctx, body);
    return {};
  },
  listExpenseCategories: async (ctx) => ({ results: await listExpenseCategories(ctx) }),
  createExpenseCategory: async (ctx, body) => ({ results: await createExpenseCategory(ctx, body) }),
});
