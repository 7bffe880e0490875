import * as z from 'zod';
import { currencySchema, paymentMethodSchema } from './enums';
import { bodyId, labelledId, queryId, text } from './ids';
import { MESSAGES } from './messages';
import { moneyOut } from './money';
import { pageQuerySchema, paginated } from './pagination';
import { SALES_SEARCH_MAX_LENGTH } from './sales';

/** The customers book's own sentences. */
export const CUSTOMER_MESSAGES = {
  listed: 'Customers.',
  found: 'Customer.',
  statementReady: 'Statement.',
  merged: 'Customers merged. Their sales and debts are now one customer’s.',
  notFound: 'This customer was not found.',
  nameOrId: 'Name the customer by their id or by the name on their sales, not both.',
  mergeSelf: 'Choose two different customers to merge.',
  mergeIntoName:
    'A registered customer cannot be merged into a typed name. Open the registered customer and merge the name into them.',
  failedFetch: 'Failed to fetch customers.',
  failedFetchCustomer: 'Failed to fetch the customer.',
  failedMerge: 'Failed to merge the customers.',
  noCustomers: 'No customers yet. A customer appears here once a sale names them.',
  noMatches: 'No customer matches this search.',
  noLines: 'Nothing bought yet.',
  shareReady: 'Their statement is ready to send.',
  onlyCeoMerges: 'Only the CEO can merge customers.',
} as const;

/** The most recent statement lines a statement shows; what came before is one "brought forward" line. */
export const STATEMENT_MAX_LINES = 200;

const customerNameRef = text({ error: CUSTOMER_MESSAGES.notFound }).trim().min(1, CUSTOMER_MESSAGES.notFound).max(120);

/**
 * Which customer: a registered customer by their id, or a customer typed on sales by the name (any letter case,
 * outer spaces aside), exactly as the debts list groups them.
 */
const exactlyOne = (value: { customer_id?: number; customer_name?: string }) =>
  (value.customer_id === undefined) !== (value.customer_name === undefined);

export const customerQuerySchema = z
  .object({
    business_id: queryId(labelledId('Business ID')),
    customer_id: queryId(labelledId('Customer ID')).optional(),
    customer_name: customerNameRef.optional(),
  })
  .refine(exactlyOne, { message: CUSTOMER_MESSAGES.nameOrId, path: ['customer_id'] });
export type CustomerQuery = z.input<typeof customerQuerySchema>;

export const listCustomerBookQuerySchema = z.object({
  business_id: queryId(labelledId('Business ID')),
  page: pageQuerySchema,
  /** Over the customer's name and phone. */
  search: text().trim().max(SALES_SEARCH_MAX_LENGTH).optional(),
});
export type ListCustomerBookQuery = z.input<typeof listCustomerBookQuerySchema>;

/** What is owed, by the age of the sale it is owed on (Lagos days since the sale). */
export const agingSchema = z.object({
  days_0_30: moneyOut,
  days_31_60: moneyOut,
  over_60: moneyOut,
});
export type Aging = z.infer<typeof agingSchema>;

/** One customer in one currency: what they bought (cancelled sales aside), what they owe and since when. */
export const customerBalanceSchema = z.object({
  currency: currencySchema,
  sales_count: z.number().int(),
  total_bought: moneyOut,
  owed: moneyOut,
  /** Their oldest sale not paid in full; null when they owe nothing. */
  owing_since: z.string().nullable(),
  aging: agingSchema,
  last_sale_at: z.string().nullable(),
});
export type CustomerBalance = z.infer<typeof customerBalanceSchema>;

export const customerIdentitySchema = z.object({
  /** A registered customer's id; null for a customer known by the name typed on their sales. */
  customer_id: z.number().int().nullable(),
  customer_name: z.string(),
  phone: z.string().nullable(),
});
export type CustomerIdentity = z.infer<typeof customerIdentitySchema>;

export const customerBookRowSchema = customerIdentitySchema.extend(customerBalanceSchema.shape);
export type CustomerBookRow = z.infer<typeof customerBookRowSchema>;
export const customerBookSchema = paginated(customerBookRowSchema);
export type CustomerBook = z.infer<typeof customerBookSchema>;

export const STATEMENT_LINE_KINDS = ['sale', 'payment', 'cancellation', 'refund', 'return'] as const;
/** How a statement line's kind reads, on the screen and in the PDF alike. */
export const STATEMENT_LINE_LABELS = {
  sale: 'Sale',
  payment: 'Payment',
  cancellation: 'Cancelled',
  refund: 'Refund',
  return: 'Returned items',
} as const satisfies Record<(typeof STATEMENT_LINE_KINDS)[number], string>;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

/**
 * A line of a statement: a sale adds to what is owed (as sold), a payment takes off, a cancellation takes the sale
 * off, a return (ADR 0027) takes off the value of the units given back, a refund adds back what was paid out.
 */
export const statementLineSchema = z.object({
  kind: z.enum(STATEMENT_LINE_KINDS),
  at: z.string(),
  sale_id: z.number().int(),
  receipt_number: z.string().nullable(),
  currency: currencySchema,
  method: paymentMethodSchema.nullable(),
  /** Adds to what they owe (a sale; a refund of a payment). */
  debit: moneyOut,
  /** Takes off what they owe (a payment; a cancellation). */
  credit: moneyOut,
  /** What they owed in this currency after this line. */
  balance: moneyOut,
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const customerStatementSchema = z.object({
  customer: customerIdentitySchema,
  balances: z.array(customerBalanceSchema),
  /** The balance per currency before the first line shown, when older lines were left out. */
  brought_forward: z.array(z.object({ currency: currencySchema, balance: moneyOut })),
  lines: z.array(statementLineSchema),
  /** The sales not paid in full, oldest first: what a reminder lists. */
  open_sales: z.array(
    z.object({
      id: z.number().int(),
      receipt_number: z.string().nullable(),
      currency: currencySchema,
      total_cart_amount: moneyOut,
      balance: moneyOut,
      created_at: z.string(),
    }),
  ),
});
export type CustomerStatement = z.infer<typeof customerStatementSchema>;
export const customerAnswerSchema = z.object({ statement: customerStatementSchema });

/** Merging: the customer kept (by id or name), and the duplicate whose sales and debts become theirs. */
export const mergeCustomersBodySchema = z
  .strictObject({
    business_id: bodyId({ required: MESSAGES.validation.required }),
    customer_id: bodyId({ required: MESSAGES.validation.required }).optional(),
    customer_name: customerNameRef.optional(),
    merge_customer_id: bodyId({ required: MESSAGES.validation.required }).optional(),
    merge_customer_name: customerNameRef.optional(),
  })
  .refine(exactlyOne, { message: CUSTOMER_MESSAGES.nameOrId, path: ['customer_id'] })
  .refine((value) => (value.merge_customer_id === undefined) !== (value.merge_customer_name === undefined), {
    message: CUSTOMER_MESSAGES.nameOrId,
    path: ['merge_customer_id'],
  });
export type MergeCustomersBody = z.input<typeof mergeCustomersBodySchema>;

export const customerMergeSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string(),
  merged_customer_id: z.number().int().nullable(),
  merged_customer_name: z.string(),
  moved_sales: z.number().int(),
  created_at: z.string(),
});
export type CustomerMerge = z.infer<typeof customerMergeSchema>;
export const mergeAnswerSchema = z.object({ merge: customerMergeSchema });

/** A customer as a request names them: by id when registered, else by name. */
export function customerRef(customer: Pick<CustomerIdentity, 'customer_id' | 'customer_name'>) {
  return customer.customer_id !== null
    ? { customer_id: customer.customer_id }
    : { customer_name: customer.customer_name };
}
