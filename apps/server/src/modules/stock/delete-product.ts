import { sql } from 'drizzle-orm';
import { cart_items, delivery_lines, products, sale_lines } from '../../db/schema';
import { transaction } from '../../db/transaction';
import type { BusinessContext } from '../../platform/tenancy';
import { liveProduct, productNotFound } from './product-answer';

/**
 * A product that appears in past sales, on a supplier's delivery (docs/adr/0028), or in a cart (one being built, a customer's request), is archived: it
 * leaves every list, its sales keep pointing at it, and a cart that holds it says it is no longer sold and will
 * not confirm (a deleted one left the cart's line gone without a word, the clerk's customer's item dropped).
 * Any other is deleted with its batches and their movements. The product row is locked first (FOR UPDATE), so a
 * sale being confirmed or a line being added at the same moment (each holds the product KEY SHARE) either lands
 * before, and the product is archived, or waits and then finds it gone.
 */
export async function deleteProduct(ctx: BusinessContext, productId: number): Promise<{ archived: boolean }> {
  return transaction(ctx.db, async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(liveProduct(ctx.businessId, productId))
      .for('update');
    if (!product) throw productNotFound();
    // Each looked up through its (business_id, product_id) index.
    const {
      rows: [used],
    } = await tx.execute<{ found: number }>(sql`
      select 1 as found where exists (
        select 1 from ${sale_lines} where ${sale_lines.business_id} = ${ctx.businessId} and ${sale_lines.product_id} = ${productId}
      ) or exists (
        select 1 from ${delivery_lines} where ${delivery_lines.business_id} = ${ctx.businessId} and ${delivery_lines.product_id} = ${productId}
      ) or exists (
        select 1 from ${cart_items} where ${cart_items.business_id} = ${ctx.businessId} and ${cart_items.product_id} = ${productId}
      )`);
    if (used) {
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
