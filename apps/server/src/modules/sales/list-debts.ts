import { type DebtList, type listDebtsQuerySchema, PAGE_SIZE, pageInfo } from '@oja/contract';
import { asc, count, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { sales } from '../../db/schema';
import { containsPattern } from '../../db/search';
import type { BusinessContext } from '../../platform/tenancy';
import { customerKey, debtsOf, isOpen, owed } from './debt-answer';

/** Every customer of the business who still owes, the largest debt first; search over the names they were sold under. */
export async function listDebts(ctx: BusinessContext, query: z.output<typeof listDebtsQuerySchema>): Promise<DebtList> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const having = pattern ? sql`bool_or(${sales.customer_name} ilike ${pattern})` : undefined;
  const pageSize = PAGE_SIZE.sales;
  const groups = ctx.db
    .select({ key: customerKey.as('key'), currency: sales.currency })
    .from(sales)
    .where(isOpen(ctx.businessId))
    .groupBy(customerKey, sales.currency)
    .having(having)
    .as('debt_groups');
  const [[counted], debts, totals] = await Promise.all([
    ctx.db.select({ value: count() }).from(groups),
    debtsOf(ctx.db, ctx.businessId, { having, limit: pageSize, offset: (query.page - 1) * pageSize }),
    ctx.db
      .select({ currency: sales.currency, total_owed: sql<string>`${owed}::numeric(14, 2)::text` })
      .from(sales)
      .where(isOpen(ctx.businessId))
      .groupBy(sales.currency)
      .orderBy(asc(sales.currency)),
  ]);
  return {
    ...pageInfo(counted?.value ?? 0, query.page, pageSize),
    results: debts,
    totals: totals.map((row) => ({ currency: row.currency, total_owed: row.total_owed })),
  };
}
