import { type Cart, type listCartsQuerySchema, PAGE_SIZE, type Paginated, pageInfo } from '@oja/contract';
import { eq, ilike, or, type SQL } from 'drizzle-orm';
import type * as z from 'zod';
import { carts } from '../../db/schema';
import { containsPattern } from '../../db/search';
import type { BusinessContext } from '../../platform/tenancy';
import { cartsWhere } from './cart-items';

/** The business's carts, newest first, optionally one user's, one cart, or those whose title or customer matches. */
export async function listCarts(
  ctx: BusinessContext,
  query: z.output<typeof listCartsQuerySchema>,
): Promise<Paginated<Cart>> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const filters = [
    query.user_id ? eq(carts.created_by, query.user_id) : undefined,
    query.id ? eq(carts.id, query.id) : undefined,
    pattern ? or(ilike(carts.title, pattern), ilike(carts.customer_name, pattern)) : undefined,
  ];
  return pageOfCarts(ctx, filters, query.page);
}

/** One page of the business's carts that `filters` select, newest first, with their lines. */
export async function pageOfCarts(
  ctx: BusinessContext,
  filters: (SQL | undefined)[],
  page: number,
): Promise<Paginated<Cart>> {
  const pageSize = PAGE_SIZE.carts;
  const { total, carts: results } = await cartsWhere(ctx.db, ctx.businessId, filters, {
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { ...pageInfo(total, page, pageSize), results };
}
