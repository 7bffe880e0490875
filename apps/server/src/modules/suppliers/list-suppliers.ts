import { type listSuppliersQuerySchema, pageInfo, SUPPLIERS_PAGE_SIZE, type SupplierList } from '@oja/contract';
import type * as z from 'zod';
import type { BusinessContext } from '../../platform/tenancy';
import { supplierRows } from './supplier-answer';

/** The business's suppliers, most owed first, searched over the name and the phone. */
export async function listSuppliers(
  ctx: BusinessContext,
  query: z.output<typeof listSuppliersQuerySchema>,
): Promise<SupplierList> {
  const { total, rows } = await supplierRows(ctx.db, ctx.businessId, {
    search: query.search,
    limit: SUPPLIERS_PAGE_SIZE,
    offset: (query.page - 1) * SUPPLIERS_PAGE_SIZE,
  });
  return { ...pageInfo(total, query.page, SUPPLIERS_PAGE_SIZE), results: rows };
}
