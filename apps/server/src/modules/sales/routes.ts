import {
  cartAnswerSchema,
  cartListSchema,
  createCartBodySchema,
  createSaleBodySchema,
  customerListSchema,
  debtListSchema,
  deleteCartBodySchema,
  emptySchema,
  envelope,
  getSaleQuerySchema,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  listCartsQuerySchema,
  listCustomersQuerySchema,
  listDebtsQuerySchema,
  listSalesQuerySchema,
  MESSAGES,
  myDebtsQuerySchema,
  myDebtsSchema,
  recordPaymentBodySchema,
  SALES_MESSAGES,
  SALES_PATHS,
  saleAnswerSchema,
  saleListSchema,
  updateCartBodySchema,
} from '@oja/contract';
import * as z from 'zod';
import { requireActor } from '../../platform/auth';
import { type Api, ok } from '../../platform/http';
import { requireBusiness } from '../../platform/tenancy';
import { createCart, deleteCart, updateCart } from './carts';
import { confirmSale } from './confirm-sale';
import { listCustomers } from './customers';
import { listDebts, listMyDebts } from './debts';
import { listCarts } from './list-carts';
import { getSale, listSales } from './list-sales';
import { recordPayment } from './record-payment';

const tags = ['sales'];

const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z.string().regex(IDEMPOTENCY_KEY_PATTERN, SALES_MESSAGES.idempotencyKeyFormat).optional(),
});

/** The /sales/ calls of spec section 7 (carts and sales), plus payments, debts and the customer lookup. */
export async function salesRoutes(app: Api): Promise<void> {
  const { db } = app.deps;

  app.get(
    SALES_PATHS.carts,
    { schema: { tags, querystring: listCartsQuerySchema, response: { 200: envelope(cartListSchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      const ctx = await requireBusiness(db, actor, request.query.business_id, 'cart.manage');
      return ok(SALES_MESSAGES.cartsListed, await listCarts(ctx, request.query));
    },
  );

  app.post(
    SALES_PATHS.createCart,
    { schema: { tags, body: createCartBodySchema, response: { 201: envelope(cartAnswerSchema) } } },
    async (request, reply) => {
      const actor = await requireActor(request);
      const ctx = await requireBusiness(db, actor, request.body.business_id, 'cart.manage');
      const cart = await createCart(ctx, request.body);
      return reply.status(201).send(ok(MESSAGES.cart.created, { cart }));
    },
  );

  app.put(
    SALES_PATHS.updateCart,
    { schema: { tags, body: updateCartBodySchema, response: { 200: envelope(cartAnswerSchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      const ctx = await requireBusiness(db, actor, request.body.business_id, 'cart.manage');
      return ok(MESSAGES.cart.updated, { cart: await updateCart(ctx, request.body) });
    },
  );

  app.delete(
    SALES_PATHS.deleteCart,
    { schema: { tags, body: deleteCartBodySchema, response: { 200: envelope(emptySchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      const ctx = await requireBusiness(db, actor, request.body.business_id, 'cart.manage');
      await deleteCart(ctx, request.body);
      return ok(MESSAGES.cart.deleted, {});
    },
  );

  app.get(
    SALES_PATHS.customers,
    { schema: { tags, querystring: listCustomersQuerySchema, response: { 200: envelope(customerListSchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      const ctx = await requireBusiness(db, actor, request.query.business_id, 'cart.manage');
      return ok(SALES_MESSAGES.customersListed, { results: await listCustomers(ctx, request.query.search) });
    },
  );

  app.post(
    SALES_PATHS.sales,
    {
      schema: {
        tags,
        headers: idempotencyHeaders,
        body: createSaleBodySchema,
        response: { 200: envelope(saleAnswerSchema), 201: envelope(saleAnswerSchema) },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(request);
      // Any member may ask; the use case answers the spec's own refusal to those who may not confirm.
      const ctx = await requireBusiness(db, actor, request.body.business_id, 'business.view');
      const idempotencyKey = request.headers[IDEMPOTENCY_HEADER] ?? null;
      const { sale, isReplay } = await confirmSale(ctx, { ...request.body, idempotencyKey });
      if (isReplay) reply.header('idempotent-replayed', 'true');
      return reply.status(isReplay ? 200 : 201).send(ok(MESSAGES.sale.created, { sale }));
    },
  );

  app.get(
    SALES_PATHS.sales,
    { schema: { tags, querystring: listSalesQuerySchema, response: { 200: envelope(saleListSchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      const ctx = await requireBusiness(db, actor, request.query.business_id, 'business.view');
      return ok(SALES_MESSAGES.salesListed, await listSales(ctx, request.query));
    },
  );

  app.get(
    SALES_PATHS.sale,
    { schema: { tags, querystring: getSaleQuerySchema, response: { 200: envelope(saleAnswerSchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      const ctx = await requireBusiness(db, actor, request.query.business_id, 'business.view');
      return ok(SALES_MESSAGES.saleFound, { sale: await getSale(ctx, request.query.id) });
    },
  );

  app.post(
    SALES_PATHS.payments,
    { schema: { tags, body: recordPaymentBodySchema, response: { 201: envelope(saleAnswerSchema) } } },
    async (request, reply) => {
      const actor = await requireActor(request);
      const ctx = await requireBusiness(db, actor, request.body.business_id, 'payment.record');
      const sale = await recordPayment(ctx, request.body);
      return reply.status(201).send(ok(SALES_MESSAGES.paymentRecorded, { sale }));
    },
  );

  app.get(
    SALES_PATHS.debts,
    { schema: { tags, querystring: listDebtsQuerySchema, response: { 200: envelope(debtListSchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      const ctx = await requireBusiness(db, actor, request.query.business_id, 'debt.view');
      return ok(SALES_MESSAGES.debtsListed, await listDebts(ctx, request.query));
    },
  );

  app.get(
    SALES_PATHS.myDebts,
    { schema: { tags, querystring: myDebtsQuerySchema, response: { 200: envelope(myDebtsSchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      const ctx = await requireBusiness(db, actor, request.query.business_id, 'sale.view_own');
      return ok(SALES_MESSAGES.debtsListed, { debts: await listMyDebts(ctx) });
    },
  );
}
