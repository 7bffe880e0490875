import { type Cart, type listCartsQuerySchema, PAGE_SIZE, type Paginated, pageInfo } from '@oja/contract';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type * as z from 'zod';
import { carts } from '../../db/schema';
import { containsPattern } from '../../db/search';
import type { BusinessContext } from '../../platform/tenancy';
import { loadCarts } from './cart-items';

/** The business's carts, newest first, optionally one user's, one cart, or those whose title or customer matches. */
export async function listCarts(
  ctx: BusinessContext,
  query: z.output<typeof listCartsQuerySchema>,
): Promise<Paginated<Cart>> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const where = and(
    eq(carts.business_id, ctx.businessId),
    query.user_id ? eq(carts.created_by, query.user_id) : undefined,
    query.id ? eq(carts.id, query.id) : undefined,
    pattern ? or(ilike(carts.title, pattern), ilike(carts.customer_name, pattern)) : undefined,
  );
  return pageOfCarts(ctx, where, query.page);
}

/** One page of the carts a condition (already scoped to the business) selects, newest first, with their lines. */
export async function pageOfCarts(
  ctx: BusinessContext,
  where: SQL | undefined,
  page: number,
): Promise<Paginated<Cart>> {
  const pageSize = PAGE_SIZE.carts;
  const [[total], rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(carts).where(where),
    ctx.db
      .select({ id: carts.id })
      .from(carts)
      .where(where)
      .orderBy(desc(carts.created_at), desc(carts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const results = await loadCarts(
    ctx.db,
    ctx.businessId,
    rows.map((row) => row.id),
  );
  return { ...pageInfo(total?.value ?? 0, page, pageSize), results };
}
