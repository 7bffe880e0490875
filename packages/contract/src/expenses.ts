import * as z from 'zod';
import { BUSINESS_TIME_ZONE, DEFAULT_CURRENCY } from './constants';
import { currencySchema, paymentMethodSchema } from './enums';
import { bodyId, labelledId, queryId, realDay, text } from './ids';
import { MESSAGES } from './messages';
import { moneyOut, moneySchema } from './money';
import { pageQuerySchema, paginated } from './pagination';

/** The expenses feature's own sentences (the spec's failures are in MESSAGES.failed). */
export const EXPENSE_MESSAGES = {
  created: 'Expense added ✅',
  deleted: 'Expense deleted 🚮',
  listed: 'Expenses.',
  notFound: 'Expense not found.',
  categoriesListed: 'Expense categories.',
  categoryCreated: 'Category added ✅',
  categoryTaken: 'This category already exists.',
  categoryRequired: 'Choose a category.',
  categoryUnknown: 'Choose one of the categories of this business.',
  categoryName: 'A category name has 2 to 40 characters.',
  amountInvalid: 'Enter an amount like 1500 or 1500.50.',
  amountPositive: 'Amount must be above 0.',
  dateInvalid: 'Enter a real date as YYYY-MM-DD.',
  dateFuture: 'The date cannot be in the future.',
  descriptionTooLong: 'A description has at most 500 characters.',
  deleteConfirm: (amount: string) => `Delete the expense of ${amount}? This cannot be undone.`,
  noExpenses: 'No expenses for this period.',
  failed: {
    add: MESSAGES.failed.addExpense,
    fetch: MESSAGES.failed.fetchExpenses,
    delete: MESSAGES.failed.deleteExpense,
    addCategory: 'Failed to add category.',
  },
} as const;

const e = EXPENSE_MESSAGES;

/** The categories every business has; a CEO adds the business's own beside them. */
export const EXPENSE_CATEGORIES = [
  'rent',
  'salaries',
  'transport',
  'utilities',
  'stock purchase',
  'repairs',
  'other',
] as const;

export function isFixedExpenseCategory(name: string): boolean {
  return (EXPENSE_CATEGORIES as readonly string[]).includes(name.trim().toLowerCase());
}

/** Today's date in Lagos, YYYY-MM-DD (the server checks against PostgreSQL's own clock as well). */
export function lagosToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(now);
}

/** A real calendar day, YYYY-MM-DD, of a year a shop can mean (the contract's one date rule). */
export const calendarDate = (message: string = e.dateInvalid) => realDay(message);

/** The day an expense was paid: a real day, not after today in Lagos. */
const expenseDate = calendarDate().refine((value) => value <= lagosToday(), e.dateFuture);

const categoryName = text({ error: e.categoryRequired }).trim().min(1, e.categoryRequired).max(40, e.categoryName);

/** The Add Expense form; the request adds business_id. */
export const expenseFormSchema = z.strictObject({
  amount: moneySchema({ invalid: e.amountInvalid, positive: e.amountPositive }),
  currency: currencySchema.default(DEFAULT_CURRENCY),
  category: categoryName,
  description: text(undefined, { multiline: true }).trim().max(500, e.descriptionTooLong).default(''),
  date: expenseDate,
  /** How it was paid: a cash expense comes out of the drawer the day close counts (clients that omit it: cash). */
  payment_method: paymentMethodSchema.default('cash'),
});
export type ExpenseFormValues = z.input<typeof expenseFormSchema>;

/** POST /expenses/. */
export const createExpenseBodySchema = expenseFormSchema.extend({
  business_id: bodyId({ required: MESSAGES.local.businessIdRequired }),
});
export type CreateExpenseBody = z.input<typeof createExpenseBodySchema>;

/** DELETE /expenses/delete/: the expense by its id alone (a business_id sent beside it must be its own). */
export const deleteExpenseBodySchema = z.strictObject({
  id: bodyId({ required: MESSAGES.validation.required }),
  business_id: bodyId({ required: MESSAGES.validation.required }).optional(),
});

/** GET /expenses/list_expenses/: newest day first; the CEO sees all, anyone else only their own. */
export const listExpensesQuerySchema = z
  .object({
    business_id: queryId(labelledId('Business ID')),
    page: pageQuerySchema,
    /** The CEO's filter by who recorded them; ignored for anyone else, who sees only their own. */
    user_id: queryId(labelledId('User ID')).optional(),
    category: text().trim().max(40).optional(),
    from: calendarDate().optional(),
    to: calendarDate().optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['from'],
    message: 'The start date must be on or before the end date.',
  });
export type ListExpensesQuery = z.input<typeof listExpensesQuerySchema>;

export const expenseSchema = z.object({
  id: z.number().int(),
  amount: moneyOut,
  currency: currencySchema,
  category: z.string(),
  description: z.string(),
  date: z.string(),
  payment_method: paymentMethodSchema,
  created_by: z.number().int().nullable(),
  created_by_name: z.string(),
  created_at: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;

export const expenseListSchema = paginated(expenseSchema).extend({
  /** Every matching expense summed per currency (not only this page). */
  totals: z.array(z.object({ currency: currencySchema, amount: moneyOut })),
});
export type ExpenseList = z.infer<typeof expenseListSchema>;

export const expenseAnswerSchema = z.object({ expense: expenseSchema });

export const expenseCategoriesQuerySchema = z.object({ business_id: queryId(labelledId('Business ID')) });
export const expenseCategorySchema = z.object({ name: z.string(), is_custom: z.boolean() });
export type ExpenseCategory = z.infer<typeof expenseCategorySchema>;
export const expenseCategoryListSchema = z.object({ results: z.array(expenseCategorySchema) });

/** POST /expenses/categories/: the CEO adds a category of the business's own. */
export const createExpenseCategoryBodySchema = z.strictObject({
  business_id: bodyId({ required: MESSAGES.local.businessIdRequired }),
  name: text({ error: e.categoryName }).trim().min(2, e.categoryName).max(40, e.categoryName),
});
