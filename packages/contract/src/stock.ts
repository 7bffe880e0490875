import * as z from 'zod';
import { currencySchema } from './enums';

/** A stock batch as products carry it (spec section 3), soonest expiry first, no expiry last. */
export const batchSchema = z.object({
  id: z.number().int(),
  batch_number: z.string(),
  quantity: z.number().int(),
  expiration_date: z.string().nullable(),
  /** Past its expiration date: not sellable, not counted in quantity_in_stock. */
  is_expired: z.boolean(),
});
export type Batch = z.infer<typeof batchSchema>;

/** The Product entity (spec section 3). Money and percentages are two-decimal strings. */
export const productSchema = z.object({
  id: z.number().int(),
  product_name: z.string(),
  sku: z.string(),
  cost_price: z.string(),
  selling_price: z.string(),
  selling_price_discount_percentage: z.string(),
  wholesale_price: z.string().nullable(),
  wholesale_price_discount_percentage: z.string(),
  currency: currencySchema,
  /** Sum of the unexpired batches: what can be sold. */
  quantity_in_stock: z.number().int(),
  /** Units in expired batches, reported apart. */
  expired_quantity: z.number().int(),
  business: z.object({ id: z.number().int(), slug: z.string() }),
  batches: z.array(batchSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;
