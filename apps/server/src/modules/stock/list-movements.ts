import { PAGE_SIZE, pageInfo, type StockMovementList } from '@oja/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { product_batches, products, stock_movements, users } from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';
import { liveProduct, productNotFound } from './product-answer';

/** A product's stock history, newest first: which batch, by how much, why, and who. */
export async function listMovements(
  ctx: BusinessContext,
  { product_id: productId, page }: { product_id: number; page: number },
): Promise<StockMovementList> {
  const [product] = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(liveProduct(ctx.businessId, productId));
  if (!product) throw productNotFound();
  const ofProduct = and(eq(stock_movements.business_id, ctx.businessId), eq(stock_movements.product_id, productId));
  const pageSize = PAGE_SIZE.movements;
  const [[total], rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(stock_movements).where(ofProduct),
    ctx.db
      .select({
        id: stock_movements.id,
        batch_id: stock_movements.batch_id,
        batch_number: product_batches.batch_number,
        delta: stock_movements.delta,
        reason: stock_movements.reason,
        note: stock_movements.note,
        sale_id: stock_movements.sale_id,
        created_at: stock_movements.created_at,
        user_id: users.id,
        first_name: users.first_name,
        last_name: users.last_name,
      })
      .from(stock_movements)
      .innerJoin(
        product_batches,
        and(
          eq(product_batches.business_id, stock_movements.business_id),
          eq(product_batches.id, stock_movements.batch_id),
        ),
      )
      .leftJoin(users, eq(users.id, stock_movements.user_id))
      .where(ofProduct)
      .orderBy(desc(stock_movements.created_at), desc(stock_movements.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const results = rows.map(({ user_id, first_name, last_name, ...row }) => ({
    ...row,
    reason: row.reason,
    user: user_id === null || first_name === null || last_name === null ? null : { id: user_id, first_name, last_name },
    created_at: row.created_at.toISOString(),
  }));
  return { ...pageInfo(total?.value ?? 0, page, pageSize), results };
}
