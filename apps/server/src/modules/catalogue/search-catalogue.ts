import { CATALOGUE_SEARCH_LIMIT, type CatalogueProduct, type catalogueSearchQuerySchema } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { businessToday } from '../../db/business-day';
import { product_batches, product_packs, product_search, product_stock, products } from '../../db/schema';
import { containsPattern } from '../../db/search';
import type { BusinessContext } from '../../platform/tenancy';
import { type ProductRow, packsJson, productOf } from './get-catalogue';

type Query = z.output<typeof catalogueSearchQuerySchema>;

const p = alias(products, 'p');
const s = alias(product_stock, 's');

/**
 * The business's live products matching a name, SKU or barcode, as a copy holds them (ADR 0014): what a partial
 * copy's counter asks online for the products the phone does not keep. A scanned or typed code that is a SKU or
 * barcode comes first, then the names in order. The phone keeps what it found, so it sells it offline too.
 *
 * A pack's barcode (ADR 0030) names its product too: a carton scanned at a counter whose copy lacks it is found
 * and added as the carton. The code is unique among the business's packs (product_packs_barcode_key), so it is
 * one product at most, looked up by that index before the search's own matches.
 */
export async function searchCatalogue(ctx: BusinessContext, query: Query): Promise<{ products: CatalogueProduct[] }> {
  const businessId = ctx.businessId;
  const pattern = containsPattern(query.search.toLowerCase());
  const exact = query.search.toLowerCase();
  const packed = sql`(select ${product_packs.product_id} from ${product_packs}
    where ${product_packs.business_id} = ${businessId} and lower(${product_packs.barcode}) = ${exact})`;
  const { rows } = await ctx.db.execute<ProductRow>(sql`select ${p.id}::text as id, ${s.version}::text as version,
      ${p.product_name}, ${p.sku}, ${p.barcode}, ${p.currency}, ${p.selling_price}, ${p.selling_price_discount_percentage},
      ${p.wholesale_price}, ${p.wholesale_price_discount_percentage}, ${p.cost_price}, ${s.sellable} as stock_quantity,
      (select min(${product_batches.expiration_date}) from ${product_batches}
        where ${product_batches.business_id} = ${businessId} and ${product_batches.product_id} = ${p.id}
          and ${product_batches.quantity} > 0 and ${product_batches.expiration_date} >= ${businessToday}) as next_expiry,
      false as is_removed, p.base_unit, p.is_weighed, ${packsJson(businessId, sql`p.id`)} as packs
    from ${product_search}
    join ${products} ${p} on ${p.business_id} = ${businessId} and ${p.id} = ${product_search.product_id}
    join ${product_stock} ${s} on ${s.business_id} = ${businessId} and ${s.product_id} = ${product_search.product_id}
    where ${product_search.business_id} = ${businessId} and ${p.archived_at} is null
      and (${product_search.name_lower} like ${pattern} or ${product_search.sku_lower} like ${pattern}
        or ${product_search.barcode_lower} like ${pattern} or ${product_search.product_id} = ${packed})
    order by coalesce(${product_search.sku_lower} = ${exact} or ${product_search.barcode_lower} = ${exact}
        or ${product_search.product_id} = ${packed}, false) desc,
      ${product_search.name_lower}, ${product_search.product_id}
    limit ${CATALOGUE_SEARCH_LIMIT}`);
  return { products: rows.map(productOf) };
}
