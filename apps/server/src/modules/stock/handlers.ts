import { STOCK_ENDPOINTS } from '@oja/contract';
import { foldsGate, handlers } from '../../platform/endpoints';
import { onceAnswer, requestKeyOf } from '../../platform/idempotency';
import { adjustBatch } from './adjust-batch';
import { applyRepricing } from './apply-repricing';
import { listCategories } from './categories';
import { createProduct } from './create-product';
import { deleteProduct } from './delete-product';
import { getProduct } from './get-product';
import { exportProducts, importTemplate } from './import/export-products';
import { importProducts } from './import/import-products';
import { previewImport } from './import/preview-import';
import { listMovements } from './list-movements';
import { listProducts } from './list-products';
import { listRepricings } from './list-repricings';
import { previewRepricing } from './preview-repricing';
import { listPriceHistory } from './price-history';
import { receiveBatch } from './receive-batch';
import { undoRepricing } from './undo-repricing';
import { updateProduct } from './update-product';
import { updateStock } from './update-stock';

export const stockHandlers = handlers(STOCK_ENDPOINTS, {
  listProducts: foldsGate(listProducts),
  getProduct: (ctx, query) => getProduct(ctx, query.product_id),
  createProduct: async (ctx, body, http) => {
    const { product, isReplay } = await createProduct(ctx, body, requestKeyOf(http, 'createProduct', body));
    return onceAnswer(product, isReplay);
  },
  updateProduct: (ctx, body) => updateProduct(ctx, body),
  deleteProduct: async (ctx, body) => ({ id: body.id, ...(await deleteProduct(ctx, body.id)) }),
  updateStock: async (ctx, body, http) => {
    const { product, isReplay } = await updateStock(ctx, body, requestKeyOf(http, 'updateStock', body));
    return onceAnswer(product, isReplay);
  },
  receiveBatch: async (ctx, body, http) => {
    const { product, isReplay } = await receiveBatch(ctx, body, requestKeyOf(http, 'receiveBatch', body));
    return onceAnswer(product, isReplay);
  },
  adjustBatch: async (ctx, body, http) => {
    const { product, isReplay } = await adjustBatch(ctx, body, requestKeyOf(http, 'adjustBatch', body));
    return onceAnswer(product, isReplay);
  },
  listMovements: (ctx, query) => listMovements(ctx, query),
  previewImport: (ctx, body) => previewImport(ctx, body),
  importProducts: async (ctx, body, http) => {
    const { result, isReplay } = await importProducts(ctx, body, requestKeyOf(http, 'importProducts', body));
    return onceAnswer(result, isReplay);
  },
  exportProducts: (ctx, query) => exportProducts(ctx, query),
  importTemplate: (ctx, query) => importTemplate(ctx, query),
  listCategories: (ctx) => listCategories(ctx),
  previewRepricing: (ctx, body) => previewRepricing(ctx, body),
  applyRepricing: async (ctx, body, http) => {
    const { change, isReplay } = await applyRepricing(ctx, body, requestKeyOf(http, 'applyRepricing', body));
    return onceAnswer(change, isReplay);
  },
  undoRepricing: async (ctx, body, http) => {
    const { change, isReplay } = await undoRepricing(ctx, body, requestKeyOf(http, 'undoRepricing', body));
    return onceAnswer(change, isReplay);
  },
  listRepricings: (ctx) => listRepricings(ctx),
  listPriceHistory: (ctx, query) => listPriceHistory(ctx, query),
});
