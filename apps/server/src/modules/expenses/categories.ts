import { EXPENSE_CATEGORIES, type ExpenseCategory } from '@oja/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { expense_categories } from '../../db/schema';

/**
 * The category an expense may carry: a fixed one (kept in lower case, as the contract lists it) or
 * one of the business's own (kept as the CEO wrote it). Undefined for anything else.
 */
export async function resolveCategory(db: Queryable, businessId: number, name: string): Promise<string | undefined> {
  const wanted = name.trim().toLowerCase();
  const fixed = EXPENSE_CATEGORIES.find((category) => category === wanted);
  if (fixed) return fixed;
  const [row] = await db
    .select({ name: expense_categories.name })
    .from(expense_categories)
    .where(and(eq(expense_categories.business_id, businessId), sql`lower(${expense_categories.name}) = ${wanted}`))
    .limit(1);
  return row?.name;
}

/** The fixed categories in the contract's order, then the business's own by name. */
export async function categoriesOf(db: Queryable, businessId: number): Promise<ExpenseCategory[]> {
  const own = await db
    .select({ name: expense_categories.name })
    .from(expense_categories)
    .where(eq(expense_categories.business_id, businessId))
    .orderBy(asc(sql`lower(${expense_categories.name})`));
  return [
    ...EXPENSE_CATEGORIES.map((name) => ({ name, is_custom: false })),
    ...own.map((row) => ({ name: row.name, is_custom: true })),
  ];
}
