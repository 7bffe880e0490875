import type { Expense } from '@oja/contract';
import type { expenses } from '../../db/schema';

type ExpenseRow = typeof expenses.$inferSelect;

/** An expense as the API answers it: who recorded it and when. */
export function expenseAnswer(row: ExpenseRow): Expense {
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    category: row.category,
    description: row.description,
    date: row.date,
    payment_method: row.payment_method,
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    created_at: new Date(row.created_at).toISOString(),
  };
}
