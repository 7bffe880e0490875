import { emptySchema } from '../accounts';
import { endpoint, member } from '../endpoint';
import {
  createExpenseBodySchema,
  createExpenseCategoryBodySchema,
  deleteExpenseBodySchema,
  EXPENSE_MESSAGES,
  expenseAnswerSchema,
  expenseCategoriesQuerySchema,
  expenseCategoryListSchema,
  expenseListSchema,
  listExpensesQuerySchema,
} from '../expenses';
import { idempotencyHeadersSchema } from '../idempotency';

/** Expenses: every member records their own; the CEO sees and deletes all of the business's. */
export const EXPENSE_ENDPOINTS = {
  createExpense: endpoint({
    method: 'POST',
    path: '/expenses/',
    summary: 'Record an expense of the caller on a Lagos day (not in the future).',
    access: member('expense.record'),
    input: createExpenseBodySchema,
    headers: idempotencyHeadersSchema,
    response: expenseAnswerSchema,
    status: 201,
    message: EXPENSE_MESSAGES.created,
  }),
  listExpenses: endpoint({
    method: 'GET',
    path: '/expenses/list_expenses/',
    summary: "Expenses, newest day first, with totals: the CEO's of the business, anyone else's their own.",
    access: member('expense.record', { whole: 'expense.review' }),
    input: listExpensesQuerySchema,
    response: expenseListSchema,
    status: 200,
    message: EXPENSE_MESSAGES.listed,
  }),
  deleteExpense: endpoint({
    method: 'DELETE',
    path: '/expenses/delete/',
    summary: 'Delete an expense named by its id alone: the CEO any of the business, others their own.',
    access: {
      kind: 'business',
      permission: 'expense.record',
      whole: 'expense.review',
      from: { record: 'expense', field: 'id', notFound: EXPENSE_MESSAGES.notFound },
    },
    input: deleteExpenseBodySchema,
    response: emptySchema,
    status: 200,
    message: EXPENSE_MESSAGES.deleted,
  }),
  listExpenseCategories: endpoint({
    method: 'GET',
    path: '/expenses/categories/',
    summary: "The fixed categories and the business's own.",
    access: member('expense.record'),
    input: expenseCategoriesQuerySchema,
    response: expenseCategoryListSchema,
    status: 200,
    message: EXPENSE_MESSAGES.categoriesListed,
  }),
  createExpenseCategory: endpoint({
    method: 'POST',
    path: '/expenses/categories/',
    summary: 'Add a category of the business (the CEO).',
    access: member('expense.categories'),
    input: createExpenseCategoryBodySchema,
    response: expenseCategoryListSchema,
    status: 201,
    message: EXPENSE_MESSAGES.categoryCreated,
  }),
};
