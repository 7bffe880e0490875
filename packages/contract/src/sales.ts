import * as z from 'zod';
import { BUSINESS_TIME_ZONE } from './constants';
import {
  currencySchema,
  type PaymentStatus,
  type PricingStrategy,
  paymentMethodSchema,
  paymentStatusSchema,
  pricingStrategySchema,
  saleStatusSchema,
} from './enums';
import { bodyId, labelledId, queryId, text } from './ids';
import { MESSAGES } from './messages';
import { formatMoney, fromKobo, moneyOut, moneySchema, toKobo } from './money';
import { pageQuerySchema, paginated } from './pagination';
import { normalizeNigerianPhone } from './share';
import { hasQuantityDecimals, lineTotalKobo, quantityOut, toMilli, UNITS_MESSAGES } from './units';

/** The sales API's own sentences (the spec's are in MESSAGES.cart and MESSAGES.sale). */
export const SALES_MESSAGES = {
  /** A cart dialog reopened on what was typed before a reload or a closed tab. */
  draftRestored: 'Your unsaved cart is back as you left it. Close this dialog to discard it.',
  cartTotalTooLarge:
    'This cart is worth more than ₦999,999,999,999.99, the most one sale can record. Split it into smaller carts.',
  cartsListed: 'Carts.',
  salesListed: 'Sales.',
  saleFound: 'Sale.',
  debtsListed: 'Debts.',
  paymentsListed: 'Payments.',
  customersListed: 'Customers.',
  emptyCart: 'Add at least one item to the cart before confirming the sale.',
  depositBelowTotal: 'For a partial payment the deposit must be less than the total.',
  productUnavailable: 'A product in this cart is no longer sold. Remove it from the cart.',
  batchNotFound: 'This batch does not belong to the product.',
  customerNotFound: 'Choose a registered customer of this business.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for another sale.',
  cartChanged: 'This cart was changed on another phone since you opened it. Check its items and save again.',
  cartVersionFormat: "updated_at is the cart's updated_at as read, an ISO date and time.",
  invalidAmount: 'Enter an amount like 1500 or 1500.50.',
  amountPositive: 'Amount must be positive',
  alreadyPaid: 'This sale is already paid in full.',
  overpayment: (balance: string) => `The payment is more than the balance of ${balance}.`,
  paymentRecorded: 'Payment recorded ✅',
  failedRecordPayment: 'Failed to record payment.',
  failedFetchSale: 'Failed to fetch sale.',
  failedFetchDebts: 'Failed to fetch debts.',
  debtShareReady: 'What they owe is ready to send.',
  debtShareOpen: 'Open WhatsApp',
  failedFetchCustomers: 'Failed to fetch customers.',
  tooManyItems: 'A cart holds at most 100 lines.',
  quantityMax: 'Quantity must be at most 1,000,000',
  quantityWhole: 'Quantity must be a whole number of at least 1.',
  saleCancelled: 'Sale cancelled. Its stock is back and its payments are refunded.',
  alreadyCancelled: 'This sale is already cancelled.',
  cannotPayCancelled: 'This sale was cancelled; it cannot be paid.',
  onlyManagersCancel: 'Only the CEO or a manager can cancel a sale.',
  cancelReasonRequired: 'Say why the sale is cancelled.',
  cancelReasonTooLong: 'Keep the reason under 500 characters.',
  failedCancelSale: 'Failed to cancel the sale.',
  paidMeanwhile: 'A payment was recorded on this sale meanwhile. Check the sale, then cancel again.',
  receiptReady: 'Receipt.',
  invoiceReady: 'Invoice.',
  failedDownload: 'Failed to download the document.',
  requestSent: 'Request sent to the shop.',
  requestsListed: 'Requests.',
  requestEmpty: 'Choose at least one product.',
  cartInvoiceReady: 'Pro-forma invoice.',
  /** The toast of a customer's request, as the spec's sample products page words it. */
  invoiceGenerated: (product: string) => `Invoice generated for ${product} 🧾`,
  tooManyOpenRequests: (limit: number) =>
    `You have ${limit} requests waiting for the shop. Wait until they are confirmed, or ask the shop to clear them.`,
  failedRequest: 'Failed to send the request.',
  failedFetchRequests: 'Failed to fetch requests.',
  failedFetchPayments: 'Failed to fetch payments.',
  customerRequest: 'Customer request',
  invalidPhone: 'Enter a Nigerian phone number like 0803 123 4567 or +234 803 123 4567.',
  saleReturned: 'Return recorded ✅',
  failedReturnSale: 'Failed to record the return.',
  onlyManagersReturn: 'Only the CEO or a manager can take a return.',
  returnReasonRequired: 'Say why the items are returned.',
  returnLinesRequired: 'Choose at least one item to return.',
  returnLineTwice: 'Each item of the sale can be listed once in a return.',
  returnLineNotInSale: 'That item is not part of this sale.',
  returnCancelled: 'This sale was cancelled; nothing is left to return.',
  returnTooMany: (product: string, left: number) =>
    left === 0 ? `All of ${product} was already returned.` : `Only ${left} of ${product} can still be returned.`,
  refundMoreThanReturned: (value: string) => `The refund is more than the ${value} the returned items are worth.`,
  refundMoreThanPaid: (paid: string) => `The refund is more than the ${paid} paid on this sale.`,
  refundTooSmall: (least: string) =>
    `The customer paid for these items: refund at least ${least} (the rest of their value reduces what is owed).`,
  refundMethodTwice: 'Give each refund method once.',
  cannotCancelReturned: 'Items of this sale were already returned. Return the rest instead of cancelling.',
  returnedInFull: 'Returned',
  returnQuantityWhole: 'Enter a whole number of items (0 keeps them).',
  returnQuantityLeft: (left: number) => `At most ${left} can be returned.`,
  restockLabel: 'Back on the shelf',
  damagedLabel: 'Damaged, written off',
} as const;

const cartMessages = MESSAGES.cart;

/** The longest search the sales lists take: their search boxes stop there, so a paste never breaks the list. */
export const SALES_SEARCH_MAX_LENGTH = 100;
const searchQuery = text().trim().max(SALES_SEARCH_MAX_LENGTH).optional();

/**
 * Made once: building an Intl.DateTimeFormat costs more than formatting with it, which showed in the
 * server's CPU under the load bench's sales when it was built per cart.
 */
let cartTitleFormat: Intl.DateTimeFormat | undefined;

/** "Cart-20260305-143210": the spec's default title, "Cart-" plus a timestamp (Lagos time). */
export function defaultCartTitle(now: Date = new Date()): string {
  cartTitleFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parts = cartTitleFormat.formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `Cart-${part('year')}${part('month')}${part('day')}-${part('hour')}${part('minute')}${part('second')}`;
}

// ---------- Pricing: the one computation of a line's price, run by the server (authority) and the web (preview).

export type PricedProduct = {
  selling_price: string;
  selling_price_discount_percentage: string;
  wholesale_price: string | null;
  wholesale_price_discount_percentage: string;
};
export type PricedLine = { quantity: number; pricing_strategy: PricingStrategy; apply_discount: boolean };
export type LinePrice = {
  /** The list price used (retail, or wholesale when asked for and set). */
  unit_price: string;
  discount_percentage: string;
  /** The unit price after the discount, rounded half up to the kobo. */
  net_unit_price: string;
  /** net_unit_price × quantity: splitting a line over batches splits its total exactly. */
  line_total: string;
};

/** A pack size's prices (ADR 0030), as a cart line or a counter line sold by the pack reads them. */
export type PricedPack = { selling_price: string; wholesale_price: string | null };

/**
 * A line's price: by the unit, the product's list price less its discount (when asked); by a pack, the pack's
 * own price (its wholesale one when asked for and set), none of the unit's discount applied (ADR 0030). The
 * counter and the carts both price with this.
 */
export function priceLine(product: PricedProduct, line: PricedLine, pack?: PricedPack | null): LinePrice {
  if (pack) {
    const isPackWholesale = line.pricing_strategy === 'wholesale' && pack.wholesale_price !== null;
    const packPrice = fromKobo(toKobo(isPackWholesale ? (pack.wholesale_price as string) : pack.selling_price));
    return {
      unit_price: packPrice,
      discount_percentage: '0.00',
      net_unit_price: packPrice,
      line_total: fromKobo(toKobo(packPrice) * BigInt(line.quantity)),
    };
  }
  const isWholesale = line.pricing_strategy === 'wholesale' && product.wholesale_price !== null;
  const unitPrice = isWholesale ? (product.wholesale_price as string) : product.selling_price;
  const discount = line.apply_discount
    ? isWholesale
      ? product.wholesale_price_discount_percentage
      : product.selling_price_discount_percentage
    : '0';
  // A percentage with two decimals read as kobo is in hundredths of a percent (basis points).
  const basisPoints = toKobo(discount);
  const netKobo = (toKobo(unitPrice) * (10_000n - basisPoints) + 5_000n) / 10_000n;
  return {
    unit_price: fromKobo(toKobo(unitPrice)),
    discount_percentage: fromKobo(basisPoints),
    net_unit_price: fromKobo(netKobo),
    line_total: fromKobo(lineTotalKobo(netKobo, line.quantity)),
  };
}

// ---------- Carts

export const cartItemInputSchema = z.strictObject({
  product_id: bodyId({ required: MESSAGES.validation.required }),
  /** Kept as chosen; stock is still taken soonest-expiring first when the sale is confirmed. */
  product_batch_id: bodyId({ required: MESSAGES.validation.required }).nullable().optional(),
  /**
   * Units (or packs) above 0 with at most 3 decimals; whole unless the product is weighed and sold by its unit,
   * which the server reads from the product (ADR 0031): 0.75 kg of rice, never 2.5 pieces or 1.5 cartons.
   */
  quantity: z
    .number({ error: cartMessages.quantityMin })
    .positive(cartMessages.quantityMin)
    .max(1_000_000, SALES_MESSAGES.quantityMax)
    .refine(hasQuantityDecimals, UNITS_MESSAGES.quantityDecimals),
  pricing_strategy: pricingStrategySchema.default('retail'),
  apply_discount: z.boolean().default(true),
  /**
   * Sold by this pack size of the product (ADR 0030, 0033): `quantity` is packs, priced at the pack's own price,
   * and the sale takes `quantity × units` base units. Absent or null: by the unit, as the spec's clients send.
   */
  pack_id: bodyId({ required: MESSAGES.validation.required }).nullable().optional(),
});
export type CartItemInput = z.input<typeof cartItemInputSchema>;

const cartTitle = text({ error: cartMessages.titleMin }).trim().min(3, cartMessages.titleMin).max(120);
const customerName = text({ error: cartMessages.customerNameMin }).trim().min(3, cartMessages.customerNameMin).max(120);
const cartItems = z.array(cartItemInputSchema).max(100, SALES_MESSAGES.tooManyItems);

/** Title and customer name default to "Cart-{timestamp}" and "Unnamed Customer" when left out. */
export const createCartBodySchema = z.strictObject({
  business_id: bodyId({ required: MESSAGES.validation.required }),
  title: cartTitle.optional(),
  customer_name: customerName.optional(),
  /** A registered customer of the business: the sale then shows in their area. */
  customer_id: bodyId({ required: MESSAGES.validation.required }).nullable().optional(),
  items: cartItems.default([]),
});
export type CreateCartBody = z.input<typeof createCartBodySchema>;

/** A full replacement: the items are the cart's new item list. */
export const updateCartBodySchema = z.strictObject({
  id: bodyId({ required: MESSAGES.validation.required }),
  business_id: bodyId({ required: MESSAGES.validation.required }),
  title: cartTitle,
  customer_name: customerName,
  customer_id: bodyId({ required: MESSAGES.validation.required }).nullable().optional(),
  items: cartItems,
  /**
   * The cart's `updated_at` as the phone read it, when it sends the whole cart back: a cart changed since (another
   * phone added a line) is refused with 409 rather than overwritten. Without it the last update wins, as the spec's
   * clients expect.
   */
  updated_at: z.iso.datetime({ offset: true, error: SALES_MESSAGES.cartVersionFormat }).optional(),
});
export type UpdateCartBody = z.input<typeof updateCartBodySchema>;

/** The cart editor's form: the update's fields without the ids (title and customer prefilled with the defaults). */
export const cartFormSchema = updateCartBodySchema.omit({ id: true, business_id: true, updated_at: true });
export type CartFormValues = z.input<typeof cartFormSchema>;

/** A cart named by its id alone; a business_id sent beside it must be the cart's. */
export const deleteCartBodySchema = z.strictObject({
  id: bodyId({ required: MESSAGES.validation.required }),
  business_id: bodyId({ required: MESSAGES.validation.required }).optional(),
});
export type DeleteCartBody = z.input<typeof deleteCartBodySchema>;

export const listCartsQuerySchema = z.object({
  business_id: queryId(labelledId('Business ID')),
  page: pageQuerySchema,
  /** Carts created by this user (the inventory page lists the current user's). */
  user_id: queryId(labelledId('User ID')).optional(),
  id: queryId(labelledId('Cart ID')).optional(),
  /** Over the title and the customer name. */
  search: searchQuery,
  /**
   * The customers' requests (carts marked is_customer_request): `also` keeps them beside user_id's own carts
   * (the employee area of a member who confirms sales; without user_id every cart is listed anyway), `only`
   * keeps nothing else (the open requests waiting for the shop).
   */
  customer_requests: z.enum(['also', 'only']).optional(),
});
export type ListCartsQuery = z.input<typeof listCartsQuerySchema>;

export const cartItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_batch_id: z.number().int().nullable(),
  quantity: quantityOut,
  pricing_strategy: pricingStrategySchema,
  apply_discount: z.boolean(),
  product_name: z.string(),
  sku: z.string(),
  currency: currencySchema,
  unit_price: moneyOut,
  discount_percentage: moneyOut,
  net_unit_price: moneyOut,
  line_total: moneyOut,
  /** What can be sold now (unexpired batches), so a line asking for more can be shown before confirming. */
  quantity_in_stock: quantityOut,
  /** The product was deleted after it was put in the cart: the cart cannot be confirmed with it. */
  is_archived: z.boolean(),
  /**
   * Sold by a pack size (ADR 0033): its id, name and base units; `quantity` counts packs. A pack removed from the
   * product since keeps its id here with a null name: the line is priced by the unit and cannot be confirmed.
   */
  pack_id: z.number().int().nullable().optional(),
  pack_name: z.string().nullable().optional(),
  pack_units: z.number().int().nullable().optional(),
  /**
   * Sold by weight or volume (ADR 0031), said only of such a line: `quantity` may then hold up to 3 decimals of
   * `base_unit` (0.75 kg). Absent for every other line, so the spec's answers keep their shape.
   */
  is_weighed: z.boolean().optional(),
  base_unit: z.string().optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  title: z.string(),
  customer_name: z.string(),
  customer_id: z.number().int().nullable(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  /** The currency every line shares; null for an empty cart. */
  currency: currencySchema.nullable(),
  items: z.array(cartItemSchema),
  total_cart_amount: moneyOut,
  /** Written by the customer it is named to (POST /sales/carts/request/): staff confirm it as any cart. */
  is_customer_request: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Cart = z.infer<typeof cartSchema>;
export const cartListSchema = paginated(cartSchema);
export const cartAnswerSchema = z.object({ cart: cartSchema });

// ---------- A customer's requests

/** How many unconfirmed requests one customer may have in one business: a request is a cart the staff must handle. */
export const MAX_OPEN_REQUESTS = 20;

/**
 * A customer asks the shop for products: retail prices with the discount, batches chosen when the
 * shop confirms the sale. The cart is named to the caller; nothing else about it is theirs to choose.
 */
export const requestProductsBodySchema = z.strictObject({
  business_id: bodyId({ required: MESSAGES.validation.required }),
  items: z
    .array(cartItemInputSchema.pick({ product_id: true, quantity: true }))
    .min(1, SALES_MESSAGES.requestEmpty)
    .max(100, SALES_MESSAGES.tooManyItems),
});
export type RequestProductsBody = z.input<typeof requestProductsBodySchema>;

export const myRequestsQuerySchema = z.object({
  business_id: queryId(labelledId('Business ID')),
  page: pageQuerySchema,
});

/** A cart's pro-forma invoice (A4). */
export const cartDocumentQuerySchema = z.object({
  business_id: queryId(labelledId('Business ID')),
  id: queryId(labelledId('Cart ID')),
});

/**
 * An optional Nigerian phone number: 0803 123 4567, +234 803 123 4567 and the like are kept as
 * +2348031234567; a blank one clears it (null); anything else is refused with the form's message.
 */
export const phoneNumberSchema = z
  .string({ error: SALES_MESSAGES.invalidPhone })
  .trim()
  .max(30, SALES_MESSAGES.invalidPhone)
  .transform((value, ctx) => {
    if (value === '') return null;
    const phone = normalizeNigerianPhone(value);
    if (phone === null) ctx.addIssue({ code: 'custom', message: SALES_MESSAGES.invalidPhone });
    return phone;
  })
  .nullable();

// ---------- Registered customers a cart can name

export const listCustomersQuerySchema = z.object({
  business_id: queryId(labelledId('Business ID')),
  search: searchQuery,
});
export const customerSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;
export const customerListSchema = z.object({ results: z.array(customerSchema) });

// ---------- Sales

const depositAmount = moneySchema({ invalid: SALES_MESSAGES.invalidAmount });

/** What the confirm dialog asks: how the customer pays now. */
const paymentFields = {
  payment_status: paymentStatusSchema.default('not_paid'),
  /** Counted only for a partial payment, where it is required and must be above 0 and below the total. */
  deposit_amount: z.preprocess((value) => (value === '' ? null : value), depositAmount.nullable().optional()),
  payment_method: paymentMethodSchema.default('cash'),
};

function requireDepositWhenPartial(
  body: { payment_status: string; deposit_amount?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (body.payment_status !== 'partial') return;
  if (!body.deposit_amount || toKobo(body.deposit_amount) <= 0n) {
    ctx.addIssue({ code: 'custom', path: ['deposit_amount'], message: MESSAGES.sale.depositRequired });
  }
}

export const confirmSaleFormSchema = z.strictObject(paymentFields).superRefine(requireDepositWhenPartial);
export type ConfirmSaleFormValues = z.input<typeof confirmSaleFormSchema>;

/** Confirms a cart into a sale. The total comes from the products' prices, never from the client. */
export const createSaleBodySchema = z
  .strictObject({
    cart_id: bodyId({ required: MESSAGES.validation.required }),
    business_id: bodyId({ required: MESSAGES.validation.required }),
    ...paymentFields,
    /** Accepted for the spec's clients and ignored: the seller is whoever is logged in. */
    created_by: z.number().int().nullable().optional(),
  })
  .superRefine(requireDepositWhenPartial);
export type CreateSaleBody = z.input<typeof createSaleBodySchema>;

export const listSalesQuerySchema = z.object({
  business_id: queryId(labelledId('Business ID')),
  page: pageQuerySchema,
  /** The sales of this registered customer (a customer always sees only their own). */
  user_id: queryId(labelledId('User ID')).optional(),
  /** The sales this member sold. */
  created_by: queryId(labelledId('Seller ID')).optional(),
  payment_status: paymentStatusSchema.optional(),
  /** Over the products' names and the customer's name. */
  search: searchQuery,
});
export type ListSalesQuery = z.input<typeof listSalesQuerySchema>;

export const getSaleQuerySchema = z.object({
  business_id: queryId(labelledId('Business ID')),
  id: queryId(labelledId('Sale ID')),
});

export const saleItemSchema = z.object({
  product: z.object({ id: z.number().int(), product_name: z.string() }),
  quantity: quantityOut,
});

export const saleSchema = z.object({
  id: z.number().int(),
  cart_id: z.number().int().nullable(),
  business_id: z.number().int(),
  payment_status: paymentStatusSchema,
  deposit_amount: moneyOut,
  created_by: z.number().int().nullable(),
  created_by_name: z.string(),
  customer_name: z.string(),
  customer_id: z.number().int().nullable(),
  currency: currencySchema,
  total_cart_amount: moneyOut,
  amount_paid: moneyOut,
  balance: moneyOut,
  /** One per product, in the order they were sold. */
  items: z.array(saleItemSchema),
  created_at: z.string(),
  /** `cancelled`: its stock went back and its payments were refunded; it stays in the history with its reason. */
  status: saleStatusSchema,
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
});
export type Sale = z.infer<typeof saleSchema>;
export const saleListSchema = paginated(saleSchema);

/** A line as sold: a snapshot that later product edits never rewrite. One line per batch taken from. */
export const saleLineSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  sku: z.string(),
  batch_id: z.number().int().nullable(),
  batch_number: z.string().nullable(),
  expiration_date: z.string().nullable(),
  quantity: quantityOut,
  pricing_strategy: pricingStrategySchema,
  unit_price: moneyOut,
  discount_percentage: moneyOut,
  net_unit_price: moneyOut,
  /** Shown to staff only. */
  cost_price: moneyOut.nullable(),
  line_total: moneyOut,
  /**
   * Sold by a pack (ADR 0030): its name and units then; `quantity` stays in base units and `unit_price` is the
   * pack's. Null for a line sold by the unit.
   */
  pack_id: z.number().int().nullable().optional(),
  pack_name: z.string().nullable().optional(),
  pack_units: z.number().int().nullable().optional(),
  /** The unit the product counts its stock in, as it is now: what a pack line's base units are called. */
  base_unit: z.string().nullable().optional(),
  /** Sold by weight or volume, as the product is now (ADR 0031): said only then, so receipts print "0.75 kg". */
  is_weighed: z.boolean().optional(),
});
export type SaleLine = z.infer<typeof saleLineSchema>;

export const paymentSchema = z.object({
  id: z.number().int(),
  amount: moneyOut,
  method: paymentMethodSchema,
  recorded_by: z.number().int().nullable(),
  recorded_by_name: z.string().nullable(),
  /** Given back in full: by a cancel, or by returns that refunded all of it. */
  is_refunded: z.boolean(),
  /** What cancels and returns gave back of it (0.00 when nothing): less than `amount` is partly refunded. */
  refunded_amount: moneyOut,
  created_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * How a payment stands after cancels and returns, in words: null when none of it was given back, "Refunded" when
 * all of it was, else what part ("Partly refunded: ₦300.00 of ₦1,000.00"). The receipts list, the sale's page and
 * its documents say the same.
 */
export function paymentRefundNote(
  payment: { amount: string; refunded_amount: string; is_refunded: boolean },
  currency?: string,
): string | null {
  if (payment.is_refunded) return 'Refunded';
  if (toKobo(payment.refunded_amount) === 0n) return null;
  return `Partly refunded: ${formatMoney(payment.refunded_amount, currency)} of ${formatMoney(payment.amount, currency)}`;
}

/** One return of a sale (a cancellation is one too, of every unit), with what it gave back. */
export const saleReturnSchema = z.object({
  id: z.number().int(),
  /** `cancel`: the whole sale, undone; `return`: some units, counted on the day it happened. */
  kind: z.enum(['cancel', 'return']),
  reason: z.string(),
  /** The units went back on the shelf (else written off as damaged). */
  restock: z.boolean(),
  /** What the returned units were sold for. */
  amount: moneyOut,
  refunded: moneyOut,
  returned_by_name: z.string().nullable(),
  created_at: z.string(),
  lines: z.array(
    z.object({
      sale_line_id: z.number().int(),
      product_name: z.string(),
      quantity: quantityOut,
      amount: moneyOut,
    }),
  ),
  refunds: z.array(z.object({ method: paymentMethodSchema, amount: moneyOut })),
});
export type SaleReturn = z.infer<typeof saleReturnSchema>;

export const saleDetailSchema = saleSchema.extend({
  lines: z.array(saleLineSchema.extend({ returned_quantity: quantityOut })),
  payments: z.array(paymentSchema),
  /** Every return, oldest first; total_cart_amount already has the partial ones' value taken off. */
  returns: z.array(saleReturnSchema),
  /** What the partial returns took off the sale's total (0.00 when none). */
  returned_amount: moneyOut,
  cancelled_by_name: z.string().nullable(),
  /** The registered customer's phone (+234…), for a share that goes straight to them. */
  customer_phone: z.string().nullable(),
});
export type SaleDetail = z.infer<typeof saleDetailSchema>;
export const saleAnswerSchema = z.object({ sale: saleDetailSchema });

// ---------- Payments and debts

/** The Record Payment form; the request adds the ids. */
export const recordPaymentFormSchema = z.strictObject({
  amount: moneySchema({ invalid: SALES_MESSAGES.invalidAmount, positive: SALES_MESSAGES.amountPositive }),
  method: paymentMethodSchema,
});
export type RecordPaymentFormValues = z.input<typeof recordPaymentFormSchema>;
export const recordPaymentBodySchema = recordPaymentFormSchema.extend({
  business_id: bodyId({ required: MESSAGES.validation.required }),
  sale_id: bodyId({ required: MESSAGES.validation.required }),
});
export type RecordPaymentBody = z.input<typeof recordPaymentBodySchema>;

export const listDebtsQuerySchema = z.object({
  business_id: queryId(labelledId('Business ID')),
  page: pageQuerySchema,
  /** Over the customer's name. */
  search: searchQuery,
});
export const myDebtsQuerySchema = z.object({ business_id: queryId(labelledId('Business ID')) });

export const openSaleSchema = z.object({
  id: z.number().int(),
  payment_status: paymentStatusSchema,
  total_cart_amount: moneyOut,
  amount_paid: moneyOut,
  balance: moneyOut,
  created_at: z.string(),
});
export type OpenSale = z.infer<typeof openSaleSchema>;

/**
 * What one customer owes in one currency: registered customers are one by id,
 * walk-in customers one by name (the same name in any letter case).
 */
export const debtSchema = z.object({
  customer_id: z.number().int().nullable(),
  customer_name: z.string(),
  currency: currencySchema,
  total_owed: moneyOut,
  open_sales: z.array(openSaleSchema),
  last_sale_at: z.string(),
  /** A registered customer's phone (+234…), for a share that goes straight to them. */
  customer_phone: z.string().nullable(),
});
export type Debt = z.infer<typeof debtSchema>;
export const debtListSchema = paginated(debtSchema).extend({
  /** What all customers owe the business, per currency. */
  totals: z.array(z.object({ currency: currencySchema, total_owed: moneyOut })),
});
export type DebtList = z.infer<typeof debtListSchema>;
export const myDebtsSchema = z.object({ debts: z.array(debtSchema) });

// ---------- Payments taken (the receipts pages)

export const listPaymentsQuerySchema = z.object({
  business_id: queryId(labelledId('Business ID')),
  page: pageQuerySchema,
  /** Over the customer's name. */
  search: searchQuery,
});
export type ListPaymentsQuery = z.input<typeof listPaymentsQuerySchema>;

/** One payment with the sale it paid: a receipts page lists these and opens the sale's receipt. */
export const paymentListItemSchema = z.object({
  id: z.number().int(),
  sale_id: z.number().int(),
  amount: moneyOut,
  currency: currencySchema,
  method: paymentMethodSchema,
  customer_name: z.string(),
  customer_id: z.number().int().nullable(),
  recorded_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Given back in full: by a cancel, or by returns that refunded all of it. */
  is_refunded: z.boolean(),
  /** What cancels and returns gave back of it (0.00 when nothing): less than `amount` is partly refunded. */
  refunded_amount: moneyOut,
  created_at: z.string(),
});
export type PaymentListItem = z.infer<typeof paymentListItemSchema>;
export const paymentListSchema = paginated(paymentListItemSchema);

// ---------- Cancelling a sale

/** The Cancel Sale form; the request adds the ids. */
export const cancelSaleFormSchema = z.strictObject({
  reason: text({ error: SALES_MESSAGES.cancelReasonRequired }, { multiline: true })
    .trim()
    .min(1, SALES_MESSAGES.cancelReasonRequired)
    .max(500, SALES_MESSAGES.cancelReasonTooLong),
});
export type CancelSaleFormValues = z.input<typeof cancelSaleFormSchema>;
export const cancelSaleBodySchema = cancelSaleFormSchema.extend({
  business_id: bodyId({ required: MESSAGES.validation.required }),
  id: bodyId({ required: MESSAGES.validation.required }),
  /**
   * What the canceller saw paid, and so agreed to refund. When a payment lands first and the sale's
   * payments no longer total it, the cancel is refused (409) rather than refund money nobody saw:
   * a cancel and a payment racing on one sale end with exactly one of them done.
   */
  refund_amount: moneySchema({ invalid: SALES_MESSAGES.invalidAmount }).optional(),
});
export type CancelSaleBody = z.input<typeof cancelSaleBodySchema>;

// ---------- Returning part of a sale

/** Units of one sale line given back: whole, or up to 3 decimals of a weighed product (the server knows which). */
export const returnLineInputSchema = z.strictObject({
  sale_line_id: bodyId({ required: SALES_MESSAGES.returnLinesRequired }),
  quantity: z
    .number({ error: SALES_MESSAGES.quantityWhole })
    .positive(SALES_MESSAGES.quantityWhole)
    .max(1_000_000, SALES_MESSAGES.quantityMax)
    .refine(hasQuantityDecimals, UNITS_MESSAGES.quantityDecimals),
});
export const returnRefundInputSchema = z.strictObject({
  method: paymentMethodSchema,
  amount: moneySchema({ invalid: SALES_MESSAGES.invalidAmount, positive: SALES_MESSAGES.amountPositive }),
});

/**
 * A return of some units of some lines (ADR 0027): the units go back to their batches (`restock`) or are
 * written off as damaged; `refunds` give money back by method, and what is not refunded of the returned
 * value reduces what the sale still owes.
 */
export const returnSaleBodySchema = z.strictObject({
  business_id: bodyId({ required: MESSAGES.validation.required }),
  id: bodyId({ required: MESSAGES.validation.required }),
  reason: text({ error: SALES_MESSAGES.returnReasonRequired }, { multiline: true })
    .trim()
    .min(1, SALES_MESSAGES.returnReasonRequired)
    .max(500, SALES_MESSAGES.cancelReasonTooLong),
  lines: z
    .array(returnLineInputSchema, { error: SALES_MESSAGES.returnLinesRequired })
    .min(1, SALES_MESSAGES.returnLinesRequired)
    .max(100, SALES_MESSAGES.tooManyItems)
    .refine(
      (lines) => new Set(lines.map((line) => line.sale_line_id)).size === lines.length,
      SALES_MESSAGES.returnLineTwice,
    ),
  restock: z.boolean({ error: MESSAGES.validation.required }),
  refunds: z
    .array(returnRefundInputSchema)
    .max(10, SALES_MESSAGES.refundMethodTwice)
    .refine(
      (refunds) => new Set(refunds.map((refund) => refund.method)).size === refunds.length,
      SALES_MESSAGES.refundMethodTwice,
    )
    .default([]),
});
export type ReturnSaleBody = z.input<typeof returnSaleBodySchema>;

/**
 * The Return Items form: per line the units to give back as typed (0 or empty keeps them), a reason, back on the
 * shelf or damaged, and the refund split over the methods as typed: an amount per method, each of which may be
 * empty (nothing by that method); what is not refunded of the returned value comes off the debt.
 */
export const returnSaleFormSchema = z.strictObject({
  reason: returnSaleBodySchema.shape.reason,
  lines: z
    .array(
      z.object({
        sale_line_id: z.number().int(),
        left: z.number().int(),
        quantity: z.union(
          [
            z.literal(''),
            z
              .number({ error: SALES_MESSAGES.returnQuantityWhole })
              .int(SALES_MESSAGES.returnQuantityWhole)
              .min(0, SALES_MESSAGES.returnQuantityWhole),
          ],
          { error: SALES_MESSAGES.returnQuantityWhole },
        ),
      }),
    )
    .superRefine((lines, issues) => {
      lines.forEach((line, index) => {
        if (typeof line.quantity === 'number' && line.quantity > line.left)
          issues.addIssue({
            code: 'custom',
            path: [index, 'quantity'],
            message: SALES_MESSAGES.returnQuantityLeft(line.left),
          });
      });
      if (!lines.some((line) => typeof line.quantity === 'number' && line.quantity > 0))
        issues.addIssue({ code: 'custom', message: SALES_MESSAGES.returnLinesRequired });
    }),
  restock: z.enum(['restock', 'damaged']),
  refunds: z.record(
    paymentMethodSchema,
    z.union([z.literal(''), moneySchema({ invalid: SALES_MESSAGES.invalidAmount })], {
      error: SALES_MESSAGES.invalidAmount,
    }),
  ),
});
export type ReturnSaleFormValues = z.input<typeof returnSaleFormSchema>;

/**
 * The value of `units` of a line: its net unit price (line_total / quantity, truncated to the kobo: exact for a line
 * sold by the unit) times them, by the one rounding of money by a quantity (lineTotalKobo, ADR 0031).
 */
export function returnedValueKobo(line: { line_total: string; quantity: number }, units: number): bigint {
  const netKobo = (toKobo(line.line_total) * 1000n) / BigInt(toMilli(line.quantity));
  return lineTotalKobo(netKobo, units);
}

/** A sale's receipt (80 mm roll) or invoice (A4): the same query as the sale itself. */
export const saleDocumentQuerySchema = getSaleQuerySchema;

/** Invoice status as the spec names it: pending (not fully paid), paid, cancelled. */
export type InvoiceStatus = 'pending' | 'paid' | 'cancelled';
export function invoiceStatusOf(sale: { status: string; payment_status: string }): InvoiceStatus {
  if (sale.status === 'cancelled') return 'cancelled';
  return sale.payment_status === 'paid' ? 'paid' : 'pending';
}
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

/** A customer's open sale on their debts page, as the spec's sample words it. */
export const DEBT_STATUS_LABELS: Record<Exclude<PaymentStatus, 'paid'>, string> = {
  not_paid: 'Unpaid',
  partial: 'Partially Paid',
};
