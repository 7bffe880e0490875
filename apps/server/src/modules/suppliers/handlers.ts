import { SUPPLIER_ENDPOINTS } from '@oja/contract';
import { handlers } from '../../platform/endpoints';
import { onceAnswer, requestKeyOf } from '../../platform/idempotency';
import { getPurchases } from '../reports/purchase-figures';
import { deleteSupplierPayment, updateSupplierPayment } from './correct-supplier-payment';
import { createDelivery } from './create-delivery';
import { createSupplier } from './create-supplier';
import { getSupplier } from './get-supplier';
import { listSuppliers } from './list-suppliers';
import { paySupplier } from './pay-supplier';

export const supplierHandlers = handlers(SUPPLIER_ENDPOINTS, {
  listSuppliers: (ctx, query) => listSuppliers(ctx, query),
  createSupplier: async (ctx, body, http) => {
    const { supplier, isReplay } = await createSupplier(ctx, body, requestKeyOf(http, 'createSupplier', body));
    return onceAnswer({ supplier }, isReplay);
  },
  getSupplier: (ctx, query) => getSupplier(ctx, query.supplier_id),
  createDelivery: async (ctx, body, http) => {
    const { delivery, supplier, isReplay } = await createDelivery(
      ctx,
      body,
      requestKeyOf(http, 'createDelivery', body),
    );
    return onceAnswer({ delivery, supplier }, isReplay);
  },
  paySupplier: async (ctx, body, http) => {
    const { payment, supplier, isReplay } = await paySupplier(ctx, body, requestKeyOf(http, 'paySupplier', body));
    return onceAnswer({ payment, supplier }, isReplay);
  },
  updateSupplierPayment: async (ctx, body, http) => {
    const { payment, supplier, isReplay } = await updateSupplierPayment(
      ctx,
      body,
      requestKeyOf(http, 'updateSupplierPayment', body),
    );
    return onceAnswer({ payment, supplier }, isReplay);
  },
  deleteSupplierPayment: async (ctx, body, http) => {
    const { supplier, isReplay } = await deleteSupplierPayment(
      ctx,
      body,
      requestKeyOf(http, 'deleteSupplierPayment', body),
    );
    return onceAnswer({ supplier }, isReplay);
  },
  getPurchases: (ctx, query) => getPurchases(ctx, query),
});
