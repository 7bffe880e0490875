import { can, type listSalesQuerySchema, PAGE_SIZE, type Paginated, pageInfo, type Sale } from '@oja/contract';
import { and, count, desc, eq, exists, ilike, or, type SQL } from 'drizzle-orm';
import type * as z from 'zod';
import { sale_lines, sales } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { forbidden } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { loadSales } from './sale-answer';

/**
 * Which sales the caller may see: staff see the business's, a customer only
 * their own (whatever user_id they send), anyone else none.
 */
export function visibleSales(ctx: BusinessContext): SQL | undefined {
  if (can(ctx.role, 'sale.view')) return undefined;
  if (can(ctx.role, 'sale.view_own')) return eq(sales.customer_id, ctx.actor.userId);
  throw forbidden();
}

export async function listSales(
  ctx: BusinessContext,
  query: z.output<typeof listSalesQuerySchema>,
): Promise<Paginated<Sale>> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const where = and(
    eq(sales.business_id, ctx.businessId),
    visibleSales(ctx),
    query.user_id ? eq(sales.customer_id, query.user_id) : undefined,
    query.created_by ? eq(sales.created_by, query.created_by) : undefined,
    query.payment_status ? eq(sales.payment_status, query.payment_status) : undefined,
    pattern
      ? or(
          ilike(sales.customer_name, pattern),
          exists(
            ctx.db
              .select({ id: sale_lines.id })
              .from(sale_lines)
              .where(
                and(
                  eq(sale_lines.business_id, sales.business_id),
                  eq(sale_lines.sale_id, sales.id),
                  ilike(sale_lines.product_name, pattern),
                ),
              ),
          ),
        )
      : undefined,
  );
  const pageSize = PAGE_SIZE.sales;
  const [[total], page] = await Promise.all([
    ctx.db.select({ value: count() }).from(sales).where(where),
    ctx.db
      .select({ id: sales.id })
      .from(sales)
      .where(where)
      .orderBy(desc(sales.created_at), desc(sales.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
  ]);
  const results = await loadSales(
    ctx.db,
    ctx.businessId,
    page.map((row) => row.id),
  );
  return { ...pageInfo(total?.value ?? 0, query.page, pageSize), results };
}
