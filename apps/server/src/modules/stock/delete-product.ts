import { and, eq, sql } from 'drizzle-orm';
import { products, sale_lines } from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';
import { liveProduct, productNotFound } from './product-answer';

/**
 * A product that appears in past sales is archived (it leaves every list; its
 * sales keep pointing at it); any other is deleted with its batches and their
 * movements. The product row is locked first, so a sale being confirmed at the
 * same moment either lands before (and the product is archived) or waits.
 */
export async function deleteProduct(ctx: BusinessContext, productId: number): Promise<{ archived: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(liveProduct(ctx.businessId, productId))
      .for('update');
    if (!product) throw productNotFound();
    const [sold] = await tx
      .select({ found: sql<number>`1` })
      .from(sale_lines)
      .where(and(eq(sale_lines.business_id, ctx.businessId), eq(sale_lines.product_id, productId)))
      .limit(1);
    if (sold) {
      await tx
        .update(products)
        .set({ archived_at: new Date(), updated_at: new Date() })
        .where(liveProduct(ctx.businessId, productId));
      return { archived: true };
    }
    await tx.delete(products).where(liveProduct(ctx.businessId, productId));
    return { archived: false };
  });
}
