import {
  adjustBatchBodySchema,
  createProductBodySchema,
  deletedProductSchema,
  deleteProductBodySchema,
  envelope,
  listProductsQuerySchema,
  MESSAGES,
  movementsQuerySchema,
  productListSchema,
  productQuerySchema,
  productSchema,
  receiveBatchBodySchema,
  STOCK_MESSAGES,
  STOCK_PATHS,
  stockMovementListSchema,
  updateProductBodySchema,
  updateStockBodySchema,
} from '@oja/contract';
import { requireActor } from '../../platform/auth';
import { type Api, ok } from '../../platform/http';
import { requireBusiness } from '../../platform/tenancy';
import { createProduct } from './create-product';
import { deleteProduct } from './delete-product';
import { listMovements } from './list-movements';
import { listProducts } from './list-products';
import { getProduct } from './product-answer';
import { adjustBatch, receiveBatch, updateStock } from './stock-changes';
import { updateProduct } from './update-product';

const tags = ['stock'];

/** The /stock/ calls of spec section 7, and the shop's own: receive a batch, adjust a batch, stock history. */
export async function stockRoutes(app: Api): Promise<void> {
  const { db } = app.deps;

  app.get(
    STOCK_PATHS.list,
    { schema: { tags, querystring: listProductsQuerySchema, response: { 200: envelope(productListSchema) } } },
    async (request) => {
      const ctx = await requireBusiness(db, await requireActor(request), request.query.business_id, 'product.view');
      return ok(STOCK_MESSAGES.listed, await listProducts(ctx, request.query));
    },
  );

  app.get(
    STOCK_PATHS.product,
    { schema: { tags, querystring: productQuerySchema, response: { 200: envelope(productSchema) } } },
    async (request) => {
      const ctx = await requireBusiness(db, await requireActor(request), request.query.business_id, 'product.view');
      return ok(STOCK_MESSAGES.found, await getProduct(ctx, request.query.product_id));
    },
  );

  app.post(
    STOCK_PATHS.product,
    { schema: { tags, body: createProductBodySchema, response: { 201: envelope(productSchema) } } },
    async (request, reply) => {
      const ctx = await requireBusiness(db, await requireActor(request), request.body.business_id, 'product.manage');
      return reply.status(201).send(ok(MESSAGES.product.created, await createProduct(ctx, request.body)));
    },
  );

  app.patch(
    STOCK_PATHS.update,
    { schema: { tags, body: updateProductBodySchema, response: { 200: envelope(productSchema) } } },
    async (request) => {
      const ctx = await requireBusiness(db, await requireActor(request), request.body.business_id, 'product.manage');
      return ok(MESSAGES.product.updated, await updateProduct(ctx, request.body));
    },
  );

  app.delete(
    STOCK_PATHS.delete,
    { schema: { tags, body: deleteProductBodySchema, response: { 200: envelope(deletedProductSchema) } } },
    async (request) => {
      const { id, business_id } = request.body;
      const ctx = await requireBusiness(db, await requireActor(request), business_id, 'product.manage');
      const { archived } = await deleteProduct(ctx, id);
      return ok(MESSAGES.product.deleted, { id, archived });
    },
  );

  app.put(
    STOCK_PATHS.stock,
    { schema: { tags, body: updateStockBodySchema, response: { 200: envelope(productSchema) } } },
    async (request) => {
      const { business_id, product_id, quantity } = request.body;
      const ctx = await requireBusiness(db, await requireActor(request), business_id, 'stock.adjust');
      return ok(STOCK_MESSAGES.stockUpdated, await updateStock(ctx, product_id, quantity));
    },
  );

  app.post(
    STOCK_PATHS.receive,
    { schema: { tags, body: receiveBatchBodySchema, response: { 201: envelope(productSchema) } } },
    async (request, reply) => {
      const ctx = await requireBusiness(db, await requireActor(request), request.body.business_id, 'stock.adjust');
      return reply.status(201).send(ok(STOCK_MESSAGES.batchReceived, await receiveBatch(ctx, request.body)));
    },
  );

  app.post(
    STOCK_PATHS.adjust,
    { schema: { tags, body: adjustBatchBodySchema, response: { 200: envelope(productSchema) } } },
    async (request) => {
      const { business_id, product_id, batch_id, delta, reason, note } = request.body;
      const ctx = await requireBusiness(db, await requireActor(request), business_id, 'stock.adjust');
      const product = await adjustBatch(ctx, { productId: product_id, batchId: batch_id, delta, reason, note });
      return ok(STOCK_MESSAGES.batchAdjusted, product);
    },
  );

  app.get(
    STOCK_PATHS.movements,
    { schema: { tags, querystring: movementsQuerySchema, response: { 200: envelope(stockMovementListSchema) } } },
    async (request) => {
      const { business_id, product_id, page } = request.query;
      const ctx = await requireBusiness(db, await requireActor(request), business_id, 'stock.history');
      return ok(STOCK_MESSAGES.movementsListed, await listMovements(ctx, product_id, page));
    },
  );
}
