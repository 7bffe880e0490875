import type { CategoryList } from '@oja/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { product_categories, products } from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';

/**
 * The id of the business's category of this name, any letter case, made when it has none: the product form
 * offers the existing names and takes a new one as typed. A twin request making the same name waits on the
 * unique index's entry and then finds it (`on conflict do nothing`, then the read).
 */
export async function categoryIdFor(tx: Tx, businessId: number, name: string | null): Promise<number | null> {
  if (name === null) return null;
  await tx
    .insert(product_categories)
    .values({ business_id: businessId, name })
    // The name's unique index is the table's only one a new row can meet (its id is drawn).
    .onConflictDoNothing();
  const [found] = await tx
    .select({ id: product_categories.id })
    .from(product_categories)
    .where(
      and(
        eq(product_categories.business_id, businessId),
        eq(sql`lower(${product_categories.name})`, sql`lower(${name})`),
      ),
    );
  if (!found) throw new Error('The category was not made.');
  return found.id;
}

/** The business's categories by name, each with its live products. */
export async function listCategories(ctx: BusinessContext, db: Queryable = ctx.db): Promise<CategoryList> {
  const results = await db
    .select({
      id: product_categories.id,
      name: product_categories.name,
      product_count: sql<number>`count(${products.id})::int`,
    })
    .from(product_categories)
    .leftJoin(
      products,
      and(
        eq(products.business_id, product_categories.business_id),
        eq(products.category_id, product_categories.id),
        isNull(products.archived_at),
      ),
    )
    .where(eq(product_categories.business_id, ctx.businessId))
    .groupBy(product_categories.id, product_categories.name)
    .orderBy(asc(sql`lower(${product_categories.name})`));
  return { results };
}
