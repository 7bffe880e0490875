import { STOCK_ENDPOINTS } from '@oja/contract';
import { foldsGate, handlers } from '../../platform/endpoints';
import { adjustBatch } from './adjust-batch';
import { createProduct } from './create-product';
import { deleteProduct } from './delete-product';
import { getProduct } from './get-product';
import { listMovements } from './list-movements';
import { listProducts } from './list-products';
import { receiveBatch } from './receive-batch';
import { updateProduct } from './update-product';
import { updateStock } from './update-stock';

export const stockHandlers = handlers(STOCK_ENDPOINTS, {
  listProducts: foldsGate(listProducts),
  getProduct: (ctx, query) => getProduct(ctx, query.product_id),
  createProduct: (ctx, body) => createProduct(ctx, body),
  updateProduct: (ctx, body) => updateProduct(ctx, body),
  deleteProduct: async (ctx, body) => ({ id: body.id, ...(await deleteProduct(ctx, body.id)) }),
  updateStock: (ctx, body) => updateStock(ctx, body),
  receiveBatch: (ctx, body) => receiveBatch(ctx, body),
  adjustBatch: (ctx, body) => adjustBatch(ctx, body),
  listMovements: (ctx, query) => listMovements(ctx, query),
});
