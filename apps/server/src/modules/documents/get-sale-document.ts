import type { SaleDetail } from '@oja/contract';
import type { BusinessContext } from '../../platform/tenancy';
import { getSale } from '../sales/get-sale';
import { type DocumentKind, renderSaleDocument } from './sale-documents';
import { shopHeaderOf } from './shop-header';

export type SaleDocument = { kind: DocumentKind; pdf: Buffer; filename: string };

/**
 * A sale's receipt or invoice as a PDF. Who may have it is decided exactly as for the sale itself
 * (getSale: staff the business's, a customer only their own, anything else 404); the customer's
 * copy carries no cost prices, and the templates print none anyway.
 */
export async function getSaleDocument(ctx: BusinessContext, saleId: number, kind: DocumentKind): Promise<SaleDocument> {
  const sale: SaleDetail = await getSale(ctx, saleId);
  const pdf = await renderSaleDocument(kind, { business: await shopHeaderOf(ctx), sale });
  return { kind, pdf, filename: `${kind}-${ctx.business.slug}-${sale.id}.pdf` };
}
