import { randomInt } from 'node:crypto';
import { MESSAGES, STOCK_MESSAGES } from '@oja/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { products } from '../../db/schema';
import { conflict, PG, pgConstraint, pgErrorCode } from '../../platform/errors';

/** Letters that cannot be misread on a label or over the phone (no 0/O, 1/I/L). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** "RIC-7K2QXM" for "Rice 50kg": a hint of the name and six random characters. */
export function generateSku(productName: string): string {
  const hint =
    productName
      .normalize('NFKD')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 3) || 'SKU';
  let code = '';
  for (let i = 0; i < 6; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${hint}-${code}`;
}

export const skuTaken = () => conflict(MESSAGES.product.skuTaken, { sku: [MESSAGES.product.skuTaken] });

/** SKUs are unique among the business's live products, whatever their case. */
export async function assertSkuFree(
  db: Queryable,
  businessId: number,
  sku: string,
  exceptProductId?: number,
): Promise<void> {
  const [other] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.business_id, businessId),
        sql`lower(${products.sku}) = lower(${sku})`,
        isNull(products.archived_at),
        exceptProductId === undefined ? undefined : ne(products.id, exceptProductId),
      ),
    )
    .limit(1);
  if (other) throw skuTaken();
}

/** The unique index settles a race that the check above lost. */
export function isSkuViolation(error: unknown): boolean {
  return pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'products_business_sku_key';
}

export const barcodeTaken = () => conflict(STOCK_MESSAGES.barcodeTaken, { barcode: [STOCK_MESSAGES.barcodeTaken] });

/** Barcodes are unique among the business's live products, whatever their case (as SKUs are). */
export async function assertBarcodeFree(
  db: Queryable,
  businessId: number,
  barcode: string,
  exceptProductId?: number,
): Promise<void> {
  const [other] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.business_id, businessId),
        sql`lower(${products.barcode}) = lower(${barcode})`,
        isNull(products.archived_at),
        exceptProductId === undefined ? undefined : ne(products.id, exceptProductId),
      ),
    )
    .limit(1);
  if (other) throw barcodeTaken();
}

/** The unique index settles a race that the check above lost. */
export function isBarcodeViolation(error: unknown): boolean {
  return pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'products_business_barcode_key';
}
