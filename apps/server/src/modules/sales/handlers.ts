import { IDEMPOTENCY_HEADER, SALES_ENDPOINTS } from '@oja/contract';
import { foldsGate, handlers } from '../../platform/endpoints';
import { onceAnswer, requestKeyOf } from '../../platform/idempotency';
import { getSaleDocument } from '../documents/get-sale-document';
import { saleDocumentFile } from '../documents/sale-document-file';
import { cancelSale } from './cancel-sale';
import { confirmSale } from './confirm-sale';
import { createCart } from './create-cart';
import { listCustomers } from './customers';
import { deleteCart } from './delete-cart';
import { getCartInvoice } from './get-cart-invoice';
import { getSale } from './get-sale';
import { listCarts } from './list-carts';
import { listDebts } from './list-debts';
import { listMyDebts } from './list-my-debts';
import { listMyRequests } from './list-my-requests';
import { listPayments } from './list-payments';
import { listSales } from './list-sales';
import { recordPayment } from './record-payment';
import { requestProducts } from './request-products';
import { returnSale } from './return-sale';
import { updateCart } from './update-cart';

export const salesHandlers = handlers(SALES_ENDPOINTS, {
  listCarts: foldsGate(listCarts),
  createCart: async (ctx, body, http) => {
    const { cart, isReplay } = await createCart(ctx, body, requestKeyOf(http, 'createCart', body));
    return onceAnswer({ cart }, isReplay);
  },
  updateCart: async (ctx, body) => ({ cart: await updateCart(ctx, body) }),
  deleteCart: async (ctx, body) => {
    await deleteCart(ctx, body);
    return {};
  },
  requestProducts: async (ctx, body, http) => {
    const { cart, isReplay } = await requestProducts(ctx, body, requestKeyOf(http, 'requestProducts', body));
    return onceAnswer({ cart }, isReplay);
  },
  listMyRequests: (ctx, query) => listMyRequests(ctx, query),
  getCartInvoice: async (ctx, query) => saleDocumentFile(await getCartInvoice(ctx, query.id)),
  listCustomers: async (ctx, query) => ({ results: await listCustomers(ctx, query.search) }),
  confirmSale: async (ctx, body, { request }) => {
    const idempotencyKey = (request.headers[IDEMPOTENCY_HEADER] as string | undefined) ?? null;
    const { sale, isReplay } = await confirmSale(ctx, { ...body, idempotencyKey });
    return onceAnswer({ sale }, isReplay);
  },
  listSales: foldsGate(listSales),
  getSale: async (ctx, query) => ({ sale: await getSale(ctx, query.id) }),
  recordPayment: async (ctx, body, http) => {
    const { sale, isReplay } = await recordPayment(ctx, body, requestKeyOf(http, 'recordPayment', body));
    return onceAnswer({ sale }, isReplay);
  },
  cancelSale: async (ctx, body, http) => {
    const { sale, isReplay } = await cancelSale(ctx, body, requestKeyOf(http, 'cancelSale', body));
    return onceAnswer({ sale }, isReplay);
  },
  returnSale: async (ctx, body, http) => {
    const { sale, isReplay } = await returnSale(ctx, body, requestKeyOf(http, 'returnSale', body));
    return onceAnswer({ sale }, isReplay);
  },
  getReceipt: async (ctx, query) => saleDocumentFile(await getSaleDocument(ctx, query.id, 'receipt')),
  getInvoice: async (ctx, query) => saleDocumentFile(await getSaleDocument(ctx, query.id, 'invoice')),
  listDebts: (ctx, query) => listDebts(ctx, query),
  listPayments: (ctx, query) => listPayments(ctx, query),
  listMyDebts: async (ctx) => ({ debts: await listMyDebts(ctx) }),
});
