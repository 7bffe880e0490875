import { PAGE_SIZE, type PriceHistory, pageInfo } from '@oja/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { product_price_changes, products, users } from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';
import { liveProduct, productNotFound } from './product-answer';

/** One product's prices before and after a change. */
export type PricesMoved = {
  productId: number;
  oldSelling: string;
  newSelling: string;
  oldWholesale: string | null;
  newWholesale: string | null;
};

/** The most rows one insert carries: eight parameters a row, well inside PostgreSQL's 65,535 per statement. */
const ROWS_PER_INSERT = 1_000;

/**
 * Appends each product's change to its price history, in the caller's transaction (the same as the change). A
 * "change" that leaves both prices as they were is not one, and is left out.
 */
export async function recordPriceChanges(
  tx: Tx,
  scope: { businessId: number; userId: number; repricingId?: number; isUndo?: boolean },
  moves: PricesMoved[],
): Promise<void> {
  const rows = moves
    .filter((move) => move.oldSelling !== move.newSelling || move.oldWholesale !== move.newWholesale)
    .map((move) => ({
      business_id: scope.businessId,
      product_id: move.productId,
      old_selling_price: move.oldSelling,
      new_selling_price: move.newSelling,
      old_wholesale_price: move.oldWholesale,
      new_wholesale_price: move.newWholesale,
      repricing_id: scope.repricingId ?? null,
      is_undo: scope.isUndo ?? false,
      user_id: scope.userId,
    }));
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
    await tx.insert(product_price_changes).values(rows.slice(start, start + ROWS_PER_INSERT));
}

/** A live product's price changes, newest first, with who made each and the bulk change it was part of. */
export async function listPriceHistory(
  ctx: BusinessContext,
  { product_id: productId, page }: { product_id: number; page: number },
): Promise<PriceHistory> {
  const [product] = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(liveProduct(ctx.businessId, productId));
  if (!product) throw productNotFound();
  const ofProduct = and(
    eq(product_price_changes.business_id, ctx.businessId),
    eq(product_price_changes.product_id, productId),
  );
  const pageSize = PAGE_SIZE.movements;
  const [[total], rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(product_price_changes).where(ofProduct),
    ctx.db
      .select({
        id: product_price_changes.id,
        old_selling_price: product_price_changes.old_selling_price,
        new_selling_price: product_price_changes.new_selling_price,
        old_wholesale_price: product_price_changes.old_wholesale_price,
        new_wholesale_price: product_price_changes.new_wholesale_price,
        repricing_id: product_price_changes.repricing_id,
        is_undo: product_price_changes.is_undo,
        created_at: product_price_changes.created_at,
        user_id: users.id,
        first_name: users.first_name,
        last_name: users.last_name,
      })
      .from(product_price_changes)
      .leftJoin(users, eq(users.id, product_price_changes.user_id))
      .where(ofProduct)
      .orderBy(desc(product_price_changes.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const results = rows.map(({ user_id, first_name, last_name, ...row }) => ({
    ...row,
    user: user_id === null || first_name === null || last_name === null ? null : { id: user_id, first_name, last_name },
    created_at: row.created_at.toISOString(),
  }));
  return { ...pageInfo(total?.value ?? 0, page, pageSize), results };
}
