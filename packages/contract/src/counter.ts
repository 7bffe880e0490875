import * as z from 'zod';
import { currencySchema, type PaymentStatus, paymentMethodSchema, pricingStrategySchema } from './enums';
import { bodyId, labelledId, queryId, text } from './ids';
import { MESSAGES } from './messages';
import { fromKobo, moneyOut, moneySchema, toKobo } from './money';
import { phoneNumberSchema, SALES_MESSAGES, saleDetailSchema } from './sales';
import { hasQuantityDecimals, lineTotalKobo, packSchema, quantityOut, UNITS_MESSAGES } from './units';

/**
 * The counter: a sale made on the device (online or off) and sent through its outbox. The device makes the
 * sale's id and its receipt number; the server records each (seller, client_sale_id) once and answers a repeat
 * with the first result. ADR 0013 explains the device's copy, the outbox and what a sale the server cannot honour
 * in full becomes (a shortfall, a price flag), never a refusal of what physically left the shop.
 */
export const COUNTER_MESSAGES = {
  saleRecorded: 'Sale recorded.',
  deviceRegistered: 'This phone can sell.',
  catalogueCopied: 'Catalogue.',
  catalogueSearched: 'Products found.',
  devicesListed: 'Selling devices.',
  deviceStatusRecorded: 'Status recorded.',
  shortfallsListed: 'Shortfalls.',
  shortfallSettled: 'Shortfall settled.',
  flagsListed: 'Price flags.',
  flagSettled: 'Price flag settled.',
  clientSaleIdFormat: 'client_sale_id is the sale id made on the device (a UUID).',
  deviceIdFormat: 'device_id is the id this phone made for itself (a UUID).',
  receiptNumberFormat: 'A receipt number is the device prefix, a dash and a number, like BIS-0042.',
  receiptNumberTaken: 'This receipt number was already used by another sale of this business.',
  receiptPrefixUnknown: "This receipt number's prefix is not a device of this business. Open the counter online once.",
  clientSaleIdReused: 'This sale id was already used for another sale.',
  soldAtFormat: 'sold_at is when the sale was made, an ISO date and time.',
  soldAtInFuture: "This sale's time is in the future: check the phone's date and time, then send it again.",
  soldAtTooOld: "This sale is older than 30 days: the phone's clock may be wrong. Ask the owner to record it.",
  emptySale: 'Add at least one product to the sale.',
  tooManyLines: 'A sale holds at most 100 lines.',
  quantityWhole: SALES_MESSAGES.quantityWhole,
  quantityMax: 'Quantity must be at most 1,000,000',
  duplicateProduct: 'Each product (and each of its packs) appears once in a sale: change its quantity instead.',
  paymentPositive: 'Each payment is more than ₦0.',
  tooManyPayments: 'A sale takes at most 5 payments.',
  paidMoreThanTotal: 'The payments add up to more than the total.',
  debtNeedsCustomer: 'Something is left to pay: name the customer who owes it (a name and a phone number).',
  customerNameRequired: "Enter the customer's name.",
  customerPhoneRequired: "Enter the customer's phone number.",
  productNotSold: 'A product of this sale is not sold by this business.',
  priceFormat: 'Enter an amount like 1500 or 1500.50.',
  notSeller: 'Only the CEO or a salesperson can sell at the counter.',
  shortfallNoteRequired: 'Say how the shortfall was settled.',
  alreadySettled: 'This was already settled.',
  deviceUnknown: 'This phone is not registered to sell for this business. Open the counter online once.',
  shortfallNotFound: 'Shortfall not found.',
  flagNotFound: 'Price flag not found.',
  cashGivenTooLittle: 'The cash given is less than the cash to pay.',
  offlineNeedsNetwork: 'You are offline: this needs the network.',
  followFormat: 'follow is the ids of the products the phone keeps beyond its copy, joined by commas (at most 500).',
} as const;

/** A device's receipt prefix: 2 to 6 capitals or digits (BIS), then a dash and the device's own sequence. */
export const RECEIPT_NUMBER_PATTERN = /^[A-Z0-9]{2,6}-\d{1,9}$/;
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The oldest sale a device may still send on its own; older ones wait for the owner. */
export const COUNTER_MAX_SALE_AGE_DAYS = 30;
/** How far ahead of the server's clock a device's sale time may be (clocks drift). */
export const COUNTER_MAX_CLOCK_AHEAD_MINUTES = 10;
export const COUNTER_MAX_LINES = 100;
/** A phone whose oldest unsent sale is older than this is shown in Needs attention. */
export const COUNTER_STALE_PENDING_MINUTES = 60;
export const COUNTER_MAX_PAYMENTS = 5;
/** A catalogue page; the device asks for the next until `next_cursor` is null. */
export const CATALOGUE_PAGE_SIZE = 2_000;
/** Above this many products, the device keeps only what sold in the last 90 days plus what it searched. */
export const CATALOGUE_FULL_COPY_LIMIT = 20_000;
/** The most products a partial copy's phone keeps beyond its copy (found by searching online) and follows. */
export const CATALOGUE_FOLLOW_LIMIT = 500;

const uuid = (message: string) => text({ error: message }).regex(UUID_PATTERN, message);
const price = moneySchema({ invalid: COUNTER_MESSAGES.priceFormat });

// ---------- Devices

export const registerDeviceBodySchema = z.strictObject({
  business_id: bodyId({ required: MESSAGES.validation.required }),
  device_id: uuid(COUNTER_MESSAGES.deviceIdFormat),
  /** What the owner sees for this phone ("Tunde's Tecno"); the browser's own description if not given. */
  label: text().trim().max(60).optional(),
});
export type RegisterDeviceBody = z.input<typeof registerDeviceBodySchema>;

export const deviceSchema = z.object({
  device_id: z.string(),
  /** Unique within the business: no two devices' receipt numbers can collide. */
  prefix: z.string(),
  /** The highest receipt sequence the server has recorded from this device (0 when none). */
  last_sequence: z.number().int(),
});
export type Device = z.infer<typeof deviceSchema>;
export const deviceAnswerSchema = z.object({ device: deviceSchema });

/** What a device reports of its outbox whenever it is online, so that the owner sees what has not synced. */
export const deviceStatusBodySchema = z.strictObject({
  business_id: bodyId({ required: MESSAGES.validation.required }),
  device_id: uuid(COUNTER_MESSAGES.deviceIdFormat),
  pending_count: z.number().int().min(0).max(1_000_000),
  /** When the oldest sale still waiting was made; null when nothing waits. */
  oldest_pending_at: z.iso.datetime({ offset: true }).nullable(),
  needs_attention_count: z.number().int().min(0).max(1_000_000),
});
export type DeviceStatusBody = z.input<typeof deviceStatusBodySchema>;

export const listDevicesQuerySchema = z.object({ business_id: queryId(labelledId('Business ID')) });
export const deviceStatusSchema = z.object({
  device_id: z.string(),
  prefix: z.string(),
  label: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  last_seen_at: z.string(),
  pending_count: z.number().int(),
  oldest_pending_at: z.string().nullable(),
  needs_attention_count: z.number().int(),
});
export type DeviceStatus = z.infer<typeof deviceStatusSchema>;
export const deviceListSchema = z.object({ results: z.array(deviceStatusSchema) });

// ---------- The device's copy of what selling needs

export const catalogueQuerySchema = z.object({
  business_id: queryId(labelledId('Business ID')),
  /** The `version` of the copy the device holds: the answer holds only what changed since. Absent: everything. */
  since: z.coerce.number<string | number>().int().min(0).optional(),
  /** The `next_cursor` of the previous page of the same copy. */
  cursor: z.coerce.number<string | number>().int().min(0).optional(),
  /**
   * A partial copy's products that the phone keeps beyond it, found by its online searches: their ids joined by
   * commas. Their changes since `since` come with the copy's own, so that they do not go stale on the phone.
   */
  follow: text({ error: COUNTER_MESSAGES.followFormat })
    .max(CATALOGUE_FOLLOW_LIMIT * 16, COUNTER_MESSAGES.followFormat)
    .regex(/^\d{1,15}(,\d{1,15})*$/, COUNTER_MESSAGES.followFormat)
    .transform((ids) => [...new Set(ids.split(',').map(Number))])
    .refine((ids) => ids.length <= CATALOGUE_FOLLOW_LIMIT, COUNTER_MESSAGES.followFormat)
    .optional(),
});
export type CatalogueQuery = z.input<typeof catalogueQuerySchema>;

export const catalogueProductSchema = z.object({
  id: z.number().int(),
  product_name: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  currency: currencySchema,
  selling_price: moneyOut,
  selling_price_discount_percentage: moneyOut,
  wholesale_price: moneyOut.nullable(),
  wholesale_price_discount_percentage: moneyOut,
  cost_price: moneyOut.nullable(),
  /** Units in the product's batches that have not expired, soonest expiry first when sold. */
  stock_quantity: quantityOut,
  next_expiry: z.string().nullable(),
  /** Deleted or archived: the device drops it from its copy. */
  is_removed: z.boolean(),
  version: z.number().int(),
  /** The unit stock_quantity counts (ADR 0030); absent in a copy taken before units. */
  base_unit: z.string().optional(),
  /** Its pack sizes, fewest units first, each sold at its own price. */
  packs: z.array(packSchema).optional(),
  /** Sold by weight or volume: quantities take up to 3 decimals (ADR 0031); absent: whole units. */
  is_weighed: z.boolean().optional(),
});
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;

export const catalogueCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone_number: z.string().nullable(),
  /** What they owe the business now, over all their open sales. */
  owed: moneyOut,
});
export type CatalogueCustomer = z.infer<typeof catalogueCustomerSchema>;

export const catalogueSchema = z.object({
  /** Pass as `since` next time. Any change to a product, its stock or a customer's balance moves it on. */
  version: z.number().int(),
  products: z.array(catalogueProductSchema),
  /** Every registered customer with their balance, on the first page of each copy. */
  customers: z.array(catalogueCustomerSchema),
  next_cursor: z.number().int().nullable(),
  /** The business has more products than a phone keeps: this copy holds those sold in the last 90 days. */
  is_partial: z.boolean(),
  /** When the copy was taken (the server's clock): the counter shows "as of 10:42" offline. */
  taken_at: z.string(),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

/** The most products one search of the whole catalogue answers (a partial copy's counter, online). */
export const CATALOGUE_SEARCH_LIMIT = 20;
/** A search of the business's products that a partial copy may not hold: by name, SKU or barcode. */
export const catalogueSearchQuerySchema = z.object({
  business_id: queryId(labelledId('Business ID')),
  search: text().trim().min(1, MESSAGES.validation.required).max(100),
});
export type CatalogueSearchQuery = z.input<typeof catalogueSearchQuerySchema>;
export const catalogueSearchSchema = z.object({
  /** Exact SKU or barcode first, then by name; live products only, as a copy holds them. */
  products: z.array(catalogueProductSchema),
});

// ---------- A counter sale

export const counterLineSchema = z.strictObject({
  product_id: bodyId({ required: MESSAGES.validation.required }),
  /** Sold by this pack of the product (ADR 0030): `quantity` packs at the pack's `unit_price`; absent: base units. */
  pack_id: z.number().int().positive().nullable().optional(),
  /**
   * Above 0 with at most 3 decimals here; whole unless the product is weighed, which only the product knows: the
   * server refuses 2.5 pieces with words (ADR 0031), as the Sell screen does before it.
   */
  quantity: z
    .number({ error: COUNTER_MESSAGES.quantityWhole })
    .positive(UNITS_MESSAGES.quantityDecimals)
    .max(1_000_000, COUNTER_MESSAGES.quantityMax)
    .refine(hasQuantityDecimals, UNITS_MESSAGES.quantityDecimals),
  pricing_strategy: pricingStrategySchema.default('retail'),
  /** The list price the customer was charged (the device's copy), before the discount. */
  unit_price: price,
  discount_percentage: moneySchema({ invalid: COUNTER_MESSAGES.priceFormat }).default('0.00'),
});
export type CounterLine = z.input<typeof counterLineSchema>;

export const counterPaymentSchema = z.strictObject({
  method: paymentMethodSchema,
  amount: moneySchema({ invalid: COUNTER_MESSAGES.priceFormat, positive: COUNTER_MESSAGES.paymentPositive }),
});
export type CounterPayment = z.input<typeof counterPaymentSchema>;

/** A registered customer by id, or a walk-in named with a phone number (required for anything owed). */
export const counterCustomerSchema = z.union([
  z.strictObject({ id: bodyId({ required: MESSAGES.validation.required }) }),
  z.strictObject({
    name: text({ error: COUNTER_MESSAGES.customerNameRequired })
      .trim()
      .min(2, COUNTER_MESSAGES.customerNameRequired)
      .max(120),
    phone_number: phoneNumberSchema,
  }),
]);
export type CounterCustomer = z.input<typeof counterCustomerSchema>;

/** A debt needs someone to owe it: a registered customer, or a name with a phone number to reach them. */
function hasDebtor(customer: { id: number } | { name: string; phone_number: string | null } | null): boolean {
  if (!customer) return false;
  return 'id' in customer || customer.phone_number !== null;
}

export const counterSaleBodySchema = z
  .strictObject({
    business_id: bodyId({ required: MESSAGES.validation.required }),
    client_sale_id: uuid(COUNTER_MESSAGES.clientSaleIdFormat),
    device_id: uuid(COUNTER_MESSAGES.deviceIdFormat),
    receipt_number: text({ error: COUNTER_MESSAGES.receiptNumberFormat }).regex(
      RECEIPT_NUMBER_PATTERN,
      COUNTER_MESSAGES.receiptNumberFormat,
    ),
    /** When the clerk confirmed it, by the device's clock. */
    sold_at: z.iso.datetime({ offset: true, error: COUNTER_MESSAGES.soldAtFormat }),
    /** The catalogue `version` the device priced from (null if it had none). */
    catalogue_version: z.number().int().min(0).nullable(),
    customer: counterCustomerSchema.nullable(),
    lines: z
      .array(counterLineSchema)
      .min(1, COUNTER_MESSAGES.emptySale)
      .max(COUNTER_MAX_LINES, COUNTER_MESSAGES.tooManyLines),
    payments: z.array(counterPaymentSchema).max(COUNTER_MAX_PAYMENTS, COUNTER_MESSAGES.tooManyPayments),
  })
  .superRefine((body, ctx) => {
    const ids = body.lines.map((line) => `${line.product_id}:${line.pack_id ?? ''}`);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['lines'], message: COUNTER_MESSAGES.duplicateProduct });
      return;
    }
    const { total, paid, owed } = counterTotals(body.lines, body.payments);
    if (toKobo(paid) > toKobo(total)) {
      ctx.addIssue({ code: 'custom', path: ['payments'], message: COUNTER_MESSAGES.paidMoreThanTotal });
    } else if (toKobo(owed) > 0n && !hasDebtor(body.customer)) {
      ctx.addIssue({ code: 'custom', path: ['customer'], message: COUNTER_MESSAGES.debtNeedsCustomer });
    }
  });
export type CounterSaleBody = z.input<typeof counterSaleBodySchema>;

/** Units sold that no batch held any more (two phones sold the last ones offline): the owner settles them. */
export const shortfallSchema = z.object({
  id: z.number().int(),
  sale_id: z.number().int(),
  receipt_number: z.string().nullable(),
  product_id: z.number().int(),
  product_name: z.string(),
  quantity: quantityOut,
  sold_by: z.number().int().nullable(),
  sold_by_name: z.string(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
  settled_by_name: z.string().nullable(),
  settle_note: z.string().nullable(),
});
export type Shortfall = z.infer<typeof shortfallSchema>;

/** A line charged at another price than the product's when the sale reached the server. */
export const priceFlagSchema = z.object({
  id: z.number().int(),
  sale_id: z.number().int(),
  receipt_number: z.string().nullable(),
  product_id: z.number().int(),
  product_name: z.string(),
  /** The list prices, before each one's discount. */
  charged_unit_price: moneyOut,
  product_unit_price: moneyOut,
  charged_discount_percentage: moneyOut,
  product_discount_percentage: moneyOut,
  sold_by_name: z.string(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type PriceFlag = z.infer<typeof priceFlagSchema>;

export const counterSaleAnswerSchema = z.object({
  sale: saleDetailSchema.extend({ receipt_number: z.string(), client_sale_id: z.string() }),
  shortfalls: z.array(shortfallSchema),
  price_flags: z.array(priceFlagSchema),
});
export type CounterSaleAnswer = z.infer<typeof counterSaleAnswerSchema>;

export const listShortfallsQuerySchema = z.object({
  business_id: queryId(labelledId('Business ID')),
  /** Only those not settled yet (the default), or all. */
  include_settled: z.enum(['true', 'false']).default('false'),
});
export const shortfallListSchema = z.object({ results: z.array(shortfallSchema) });
export const priceFlagListSchema = z.object({ results: z.array(priceFlagSchema) });

export const settleBodySchema = z.strictObject({
  business_id: bodyId({ required: MESSAGES.validation.required }),
  id: bodyId({ required: MESSAGES.validation.required }),
  note: text({ error: COUNTER_MESSAGES.shortfallNoteRequired })
    .trim()
    .min(3, COUNTER_MESSAGES.shortfallNoteRequired)
    .max(500),
});
export type SettleBody = z.input<typeof settleBodySchema>;

/**
 * The one computation of a counter sale's money, run by the device (what the clerk sees before confirming) and
 * the server (what the books keep): each line's net unit price rounded half up to the kobo, as priceLine does.
 */
export function counterTotals(
  lines: readonly { quantity: number; unit_price: string; discount_percentage?: string }[],
  payments: readonly { amount: string }[],
): { total: string; paid: string; owed: string; payment_status: PaymentStatus } {
  let total = 0n;
  for (const line of lines) {
    const basisPoints = toKobo(line.discount_percentage ?? '0');
    const net = (toKobo(line.unit_price) * (10_000n - basisPoints) + 5_000n) / 10_000n;
    total += lineTotalKobo(net, line.quantity);
  }
  const paid = payments.reduce((sum, payment) => sum + toKobo(payment.amount), 0n);
  const owed = total - paid;
  const payment_status: PaymentStatus = owed <= 0n ? 'paid' : paid > 0n ? 'partial' : 'not_paid';
  return { total: fromKobo(total), paid: fromKobo(paid), owed: fromKobo(owed < 0n ? 0n : owed), payment_status };
}
