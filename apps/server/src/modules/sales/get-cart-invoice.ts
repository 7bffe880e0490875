import { MESSAGES } from '@oja/contract';
import { notFound } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import type { SaleDocument } from '../documents/get-sale-document';
import { renderCartInvoice } from '../documents/sale-documents';
import { shopHeaderOf } from '../documents/shop-header';
import { loadCart } from './cart-lines';

/**
 * A cart's pro-forma invoice as a PDF: a caller who sees the business's carts (the gate: the entry's `whole`)
 * may have any of them, one who sees their own only a request of their own; anything else answers 404, as a
 * cart that does not exist.
 */
export async function getCartInvoice(ctx: BusinessContext, cartId: number): Promise<SaleDocument> {
  const cart = await loadCart(ctx, cartId);
  if (ctx.sees === 'own' && !(cart.is_customer_request && cart.customer_id === ctx.actor.userId)) {
    throw notFound(MESSAGES.cart.notFound);
  }
  const pdf = await renderCartInvoice({ business: await shopHeaderOf(ctx), cart });
  return { kind: 'invoice', pdf, filename: `proforma-${ctx.business.slug}-${cart.id}.pdf` };
}
