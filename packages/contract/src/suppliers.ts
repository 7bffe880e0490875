import * as z from 'zod';
import { PAGE_SIZE } from './constants';
import { paymentMethodSchema } from './enums';
import { calendarDate } from './expenses';
import { bodyId, labelledId, queryId, text, whenMissing } from './ids';
import { MESSAGES } from './messages';
import { moneyOut, moneySchema } from './money';
import { pageQuerySchema, paginated } from './pagination';
import { MAX_BATCH_QUANTITY, STOCK_MESSAGES } from './stock';
import { hasQuantityDecimals, quantityOut, UNITS_MESSAGES } from './units';

/** What the suppliers' screens say (their toasts, empty lists and failures). */
export const SUPPLIER_MESSAGES = {
  created: 'Supplier added ✅',
  deliveryReceived: 'Delivery received ✅',
  paid: 'Payment to the supplier recorded ✅',
  paymentCorrected: 'Payment corrected ✅',
  paymentDeleted: 'Payment deleted ✅',
  noSuppliers: 'No suppliers yet. Add one, or name one when you receive a delivery.',
  noMatches: 'No supplier matches this search.',
  noDeliveries: 'No deliveries yet.',
  noPayments: 'No payments yet.',
  noPurchases: 'No deliveries or payments to suppliers in this period.',
  failedFetch: 'Failed to fetch suppliers.',
  failedFetchSupplier: 'Failed to fetch the supplier.',
  failedCreate: 'Failed to add the supplier.',
  failedDelivery: 'Failed to receive the delivery.',
  failedPay: 'Failed to record the payment.',
  failedCorrect: 'Failed to correct the payment.',
  failedDelete: 'Failed to delete the payment.',
  failedPurchases: 'Failed to fetch purchases.',
} as const;

/**
 * The rules' and the server's sentences about suppliers: kept apart from SUPPLIER_MESSAGES, so that the pages' copy of
 * the contract (which every signed-in page downloads once several pages use it) carries only what a screen says.
 */
export const SUPPLIER_RULES = {
  listed: 'Suppliers.',
  found: 'Supplier.',
  purchases: 'Purchases.',
  notFound: 'This supplier was not found.',
  deliveryNotFound: 'This delivery was not found.',
  deliveryOfAnother: 'This delivery is not from this supplier.',
  nameTaken: 'A supplier with this name already exists.',
  nameRequired: 'Enter the supplier’s name.',
  nameTooLong: 'A supplier’s name has at most 80 characters.',
  phoneInvalid: 'Enter a phone number of 7 to 20 digits (a leading + is fine).',
  noteTooLong: 'A note has at most 500 characters.',
  invoiceTooLong: 'An invoice number has at most 40 characters.',
  invoiceTaken: 'This invoice of this supplier was already received.',
  supplierRequired: 'Choose the supplier.',
  linesRequired: 'Add at least one product.',
  tooManyLines: (max: number) => `A delivery has at most ${max} products.`,
  productRequired: 'Choose the product.',
  unitCostInvalid: 'Enter the unit cost like 1500 or 1500.50.',
  unitCostPositive: 'The unit cost must be above 0.',
  amountInvalid: 'Enter an amount like 1500 or 1500.50.',
  amountPositive: 'Amount must be above 0.',
  paidMoreThanTotal: (total: string) => `The amount paid now is more than the delivery’s total (${total}).`,
  payMoreThanOwed: (owed: string) => `This is more than what is owed to this supplier (${owed}).`,
  nothingOwed: 'Nothing is owed to this supplier.',
  paymentNotFound: 'This payment was not found.',
  paymentRequired: 'Choose the payment.',
  onlyOwnerCorrects: 'Only the owner can correct or delete a payment to a supplier.',
  deleteReasonRequired: 'Say why this payment is deleted.',
  deleteReasonTooLong: 'A reason has at most 500 characters.',
  /** A correction that raises a payment past what is owed: what it may be at most. */
  correctMoreThanOwed: (most: string) => `This payment can be at most ${most}: more is not owed to this supplier.`,
  totalTooLarge: 'This delivery’s total is too large.',
  nairaOnly: (product: string) => `${product} is not priced in Naira: supplier accounts are kept in Naira.`,
} as const;

const m = SUPPLIER_RULES;

/** A blank form field is no value. */
const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** The most product lines one delivery takes. */
export const DELIVERY_MAX_LINES = 100;
/** The latest deliveries and payments a supplier's page shows. */
export const SUPPLIER_HISTORY_ROWS = 50;

const supplierName = text({ error: whenMissing(m.nameRequired) })
  .trim()
  .min(1, m.nameRequired)
  .max(80, m.nameTooLong);
const phone = z.preprocess(
  blankToNull,
  text({ error: m.phoneInvalid })
    .trim()
    .regex(/^\+?[0-9 ()-]{7,24}$/, m.phoneInvalid)
    .refine((value) => value.replace(/\D/g, '').length >= 7 && value.replace(/\D/g, '').length <= 20, m.phoneInvalid)
    .nullable(),
);
const note = text(undefined, { multiline: true }).trim().max(500, m.noteTooLong).default('');
const amount = () => moneySchema({ invalid: m.amountInvalid, positive: m.amountPositive });

/** The Add supplier form; the request adds business_id. */
export const supplierFormSchema = z.strictObject({
  name: supplierName,
  phone: phone.optional(),
  note,
});
export type SupplierFormValues = z.input<typeof supplierFormSchema>;
export const createSupplierBodySchema = supplierFormSchema.extend({
  business_id: bodyId({ required: MESSAGES.local.businessIdRequired, onlyWhenMissing: true }),
});
export type CreateSupplierBody = z.input<typeof createSupplierBodySchema>;

export const listSuppliersQuerySchema = z.object({
  business_id: queryId(labelledId('Business ID')),
  page: pageQuerySchema,
  /** Over the name and the phone. */
  search: text().trim().max(80).optional(),
});
export type ListSuppliersQuery = z.input<typeof listSuppliersQuerySchema>;

export const supplierQuerySchema = z.object({
  business_id: queryId(labelledId('Business ID')),
  supplier_id: queryId(labelledId('Supplier ID')),
});
export type SupplierQuery = z.input<typeof supplierQuerySchema>;

/** A supplier with what the shop bought from them, paid them and owes them (Naira). */
export const supplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  note: z.string(),
  created_at: z.string(),
  deliveries_count: z.number().int(),
  purchased: moneyOut,
  paid: moneyOut,
  /** purchased − paid: what the shop owes them now. */
  owed: moneyOut,
  last_delivery_at: z.string().nullable(),
});
export type Supplier = z.infer<typeof supplierSchema>;
export const supplierListSchema = paginated(supplierSchema);
export type SupplierList = z.infer<typeof supplierListSchema>;
export const supplierAnswerSchema = z.object({ supplier: supplierSchema });

/** One product line of the New delivery form: a batch received with its cost and expiry. */
export const deliveryLineSchema = z.strictObject({
  product_id: bodyId({ required: m.productRequired }),
  batch_number: text({ error: whenMissing(MESSAGES.product.batchNumberMin) })
    .trim()
    .min(3, MESSAGES.product.batchNumberMin)
    .max(64),
  /** Whole, or up to 3 decimals of a weighed product (12.5 kg): the server reads which (ADR 0031). */
  quantity: z
    .number({ error: whenMissing(STOCK_MESSAGES.receiveQuantityMin) })
    .positive(STOCK_MESSAGES.receiveQuantityMin)
    .max(MAX_BATCH_QUANTITY, STOCK_MESSAGES.quantityTooLarge)
    .refine(hasQuantityDecimals, UNITS_MESSAGES.quantityDecimals),
  unit_cost: moneySchema({ invalid: m.unitCostInvalid, positive: m.unitCostPositive }),
  expiration_date: z.preprocess(blankToNull, calendarDate(STOCK_MESSAGES.invalidDate).nullable()).optional(),
});
export type DeliveryLineBody = z.input<typeof deliveryLineSchema>;

/** POST /suppliers/deliveries/: several products received from one supplier at once, part paid or not. */
export const createDeliveryBodySchema = z.strictObject({
  business_id: bodyId({ required: MESSAGES.local.businessIdRequired, onlyWhenMissing: true }),
  supplier_id: bodyId({ required: m.supplierRequired }),
  invoice_number: z.preprocess(blankToNull, text().trim().max(40, m.invoiceTooLong).nullable()).optional(),
  lines: z
    .array(deliveryLineSchema, { error: m.linesRequired })
    .min(1, m.linesRequired)
    .max(DELIVERY_MAX_LINES, m.tooManyLines(DELIVERY_MAX_LINES)),
  /** Paid to the supplier now, by `payment_method`; the rest is owed to them. */
  amount_paid: moneySchema({ invalid: m.amountInvalid }).default('0.00'),
  payment_method: paymentMethodSchema.default('cash'),
});
export type CreateDeliveryBody = z.input<typeof createDeliveryBodySchema>;

export const deliveryLineAnswerSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  batch_id: z.number().int(),
  batch_number: z.string(),
  expiration_date: z.string().nullable(),
  quantity: quantityOut,
  unit_cost: moneyOut,
  line_total: moneyOut,
});
export const deliverySchema = z.object({
  id: z.number().int(),
  supplier_id: z.number().int(),
  supplier_name: z.string(),
  invoice_number: z.string().nullable(),
  received_at: z.string(),
  received_by_name: z.string(),
  total_cost: moneyOut,
  /** The payments that named this delivery. */
  paid: moneyOut,
  lines: z.array(deliveryLineAnswerSchema),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveryAnswerSchema = z.object({ delivery: deliverySchema, supplier: supplierSchema });

/** POST /suppliers/payments/: money paid to a supplier, by method (it counts in the day close). */
export const paySupplierFormSchema = z.strictObject({
  amount: amount(),
  method: paymentMethodSchema.default('cash'),
  note,
});
export type PaySupplierValues = z.input<typeof paySupplierFormSchema>;
export const paySupplierBodySchema = paySupplierFormSchema.extend({
  business_id: bodyId({ required: MESSAGES.local.businessIdRequired, onlyWhenMissing: true }),
  supplier_id: bodyId({ required: m.supplierRequired }),
  /** The delivery this pays for, when the shop names one. */
  delivery_id: bodyId().optional(),
});
export type PaySupplierBody = z.input<typeof paySupplierBodySchema>;

export const supplierPaymentSchema = z.object({
  id: z.number().int(),
  supplier_id: z.number().int(),
  delivery_id: z.number().int().nullable(),
  amount: moneyOut,
  method: paymentMethodSchema,
  note: z.string(),
  paid_by: z.number().int().nullable(),
  paid_by_name: z.string(),
  created_at: z.string(),
});
export type SupplierPayment = z.infer<typeof supplierPaymentSchema>;
export const supplierPaymentAnswerSchema = z.object({ payment: supplierPaymentSchema, supplier: supplierSchema });

/**
 * The owner's correction of a payment to a supplier: the whole payment as it should have been (amount, method,
 * note), so the same correction sent twice changes nothing the second time. Its day must still be open.
 */
export const correctSupplierPaymentFormSchema = z.strictObject({
  amount: amount(),
  method: paymentMethodSchema,
  note,
});
export type CorrectSupplierPaymentValues = z.input<typeof correctSupplierPaymentFormSchema>;
export const updateSupplierPaymentBodySchema = correctSupplierPaymentFormSchema.extend({
  business_id: bodyId({ required: MESSAGES.local.businessIdRequired, onlyWhenMissing: true }),
  id: bodyId({ required: m.paymentRequired }),
});
export type UpdateSupplierPaymentBody = z.input<typeof updateSupplierPaymentBodySchema>;

/** The owner's deletion of a payment to a supplier (made by mistake), with the reason the activity log keeps. */
export const deleteSupplierPaymentFormSchema = z.strictObject({
  reason: text({ error: whenMissing(m.deleteReasonRequired) }, { multiline: true })
    .trim()
    .min(1, m.deleteReasonRequired)
    .max(500, m.deleteReasonTooLong),
});
export type DeleteSupplierPaymentValues = z.input<typeof deleteSupplierPaymentFormSchema>;
export const deleteSupplierPaymentBodySchema = deleteSupplierPaymentFormSchema.extend({
  business_id: bodyId({ required: MESSAGES.local.businessIdRequired, onlyWhenMissing: true }),
  id: bodyId({ required: m.paymentRequired }),
});
export type DeleteSupplierPaymentBody = z.input<typeof deleteSupplierPaymentBodySchema>;

/** A supplier's page: their balance, their latest deliveries and payments, newest first. */
export const supplierDetailSchema = z.object({
  supplier: supplierSchema,
  deliveries: z.array(deliverySchema),
  payments: z.array(supplierPaymentSchema),
});
export type SupplierDetail = z.infer<typeof supplierDetailSchema>;

/** One supplier over a period: deliveries received and their cost, what was paid them, and owed at its end. */
export const purchasesRowSchema = z.object({
  supplier_id: z.number().int(),
  supplier_name: z.string(),
  deliveries: z.number().int(),
  purchased: moneyOut,
  paid: moneyOut,
  /** Owed to them at the end of the period: every delivery up to then less every payment up to then. */
  owed: moneyOut,
});
export type PurchasesRow = z.infer<typeof purchasesRowSchema>;
export const purchasesSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(purchasesRowSchema),
  totals: z.object({ deliveries: z.number().int(), purchased: moneyOut, paid: moneyOut, owed: moneyOut }),
});
export type Purchases = z.infer<typeof purchasesSchema>;

/** A supplier list's page size. */
export const SUPPLIERS_PAGE_SIZE = PAGE_SIZE.customers;
