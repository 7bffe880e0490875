import { SUPPLIER_HISTORY_ROWS, type SupplierDetail } from '@oja/contract';
import { transaction } from '../../db/transaction';
import type { BusinessContext } from '../../platform/tenancy';
import { deliveryAnswers, paymentAnswers } from './delivery-answer';
import { supplierOf } from './supplier-answer';

/** A supplier's page: their balance and their latest deliveries and payments, read on one connection. */
export async function getSupplier(ctx: BusinessContext, supplierId: number): Promise<SupplierDetail> {
  return transaction(ctx.db, async (db) => {
    const supplier = await supplierOf(db, ctx.businessId, supplierId);
    const of = { supplierId, limit: SUPPLIER_HISTORY_ROWS };
    return {
      supplier,
      deliveries: await deliveryAnswers(db, ctx.businessId, of),
      payments: await paymentAnswers(db, ctx.businessId, of),
    };
  });
}
