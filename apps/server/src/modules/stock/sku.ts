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

/** The codes a product is found by, each unique among the business's live products whatever its case. */
const CODES = {
  sku: { column: products.sku, taken: () => skuTaken() },
  barcode: { column: products.barcode, taken: () => barcodeTaken() },
} as const;

export const barcodeTaken = () => conflict(STOCK_MESSAGES.barcodeTaken, { barcode: [STOCK_MESSAGES.barcodeTaken] });

/** Refuses a SKU or barcode another live product of the business has (409 at that field). */
async function assertCodeFree(
  db: Queryable,
  kind: keyof typeof CODES,
  businessId: number,
  code: string,
  exceptProductId?: number,
): Promise<void> {
  const { column, taken } = CODES[kind];
  const [other] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.business_id, businessId),
        sql`lower(${column}) = lower(${code})`,
        isNull(products.archived_at),
        exceptProductId === undefined ? undefined : ne(products.id, exceptProductId),
      ),
    )
    .limit(1);
  if (other) throw taken();
}

export const assertSkuFree = (db: Queryable, businessId: number, sku: string, exceptProductId?: number) =>
  assertCodeFree(db, 'sku', businessId, sku, exceptProductId);

export const assertBarcodeFree = (db: Queryable, businessId: number, barcode: string, exceptProductId?: number) =>
  assertCodeFree(db, 'barcode', businessId, barcode, exceptProductId);

/** The unique index settles a race that the check above lost. */
export function isSkuViolation(error: unknown): boolean {
  return pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'products_business_sku_key';
}

/** The unique index settles a race that the check above lost. */
export function isBarcodeViolation(error: unknown): boolean {
  return pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'products_business_barcode_key';
}
