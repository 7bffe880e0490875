import * as z from 'zod';
import { emailSchema, requiredText } from './accounts';
import { LOGO_MAX_BYTES } from './constants';
import { deviceStatusSchema, priceFlagSchema, shortfallSchema } from './counter';
import { currencySchema, memberRoleSchema, paymentMethodSchema, paymentStatusSchema } from './enums';
import { bodyId, queryId, realDay, text } from './ids';
import { MESSAGES } from './messages';
import { moneyOut } from './money';
import { phoneNumberSchema } from './sales';
import { quantityOut } from './units';

/** The Business entity. */
export const businessSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  about: z.string(),
  slug: z.string(),
  business_email: z.string().nullable(),
  /** The shop's profile (all optional): printed on receipts and invoices; a debt reminder carries the account. */
  address: z.string().nullable(),
  phone: z.string().nullable(),
  bank_name: z.string().nullable(),
  account_number: z.string().nullable(),
  account_name: z.string().nullable(),
  /** When the shop's logo was last set; null without one. GET /users/businesses/logo/ gives the picture. */
  logo_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  free_trial: z.boolean(),
  trial_expiration_date: z.string().nullable(),
});
export type Business = z.infer<typeof businessSchema>;

/** A business as one of its members sees it: with the caller's role there. */
export const businessWithRoleSchema = z.object({
  business: businessSchema,
  role: memberRoleSchema,
});
export type BusinessWithRole = z.infer<typeof businessWithRoleSchema>;

/** Messages of the businesses API that the spec does not word itself. */
export const BUSINESS_MESSAGES = {
  found: 'Your business.',
  overview: 'Business overview.',
  report: 'Business report.',
  ownFigures: 'Your figures.',
  analyticsDays: 'Choose 7, 30 or 90 days.',
  onlyCeoCreates: 'Only a business owner (CEO) can create a business.',
  periodOrder: 'The start date must be on or before the end date.',
  periodTooLong: (days: number) => `Choose a period of at most ${days} days.`,
  dateFormat: 'Use a date like 2026-01-31.',
  onlyOwnerDeletes: 'Only the business owner (the person who created it) can delete this business.',
  publicFound: 'Business found.',
  accountNumber: 'An account number has 10 digits (NUBAN).',
  bankWithAccount: "Give the bank's name, the account number and the account's name together.",
  logo: `The logo must be a PNG or JPEG picture of at most ${LOGO_MAX_BYTES / 1024} KB.`,
  logoFound: "The shop's logo.",
  logoUnreadable: 'This phone could not make a logo of that file. Choose a photo or a PNG or JPEG picture.',
} as const;

/**
 * Where to ask for an upgrade. The pricing page shows no invented prices: a
 * shop owner whose trial is ending writes to this address.
 */
export const UPGRADE_CONTACT_EMAIL = 'upgrade@oja.ng';

/** A business id in a JSON body. */
export const businessIdBodyField = bodyId({ required: MESSAGES.local.businessIdRequired });
const aboutSchema = text(undefined, { multiline: true }).trim().max(1000, MESSAGES.validation.tooLong(1000));

/** POST /users/businesses/: the Add Business modal (name required, about optional). */
export const createBusinessBodySchema = z.strictObject({
  name: requiredText(120),
  about: aboutSchema.optional(),
  business_email: emailSchema.optional(),
});
export type CreateBusinessBody = z.input<typeof createBusinessBodySchema>;

/** An optional line of the shop's profile: a blank one clears it (null). */
const profileText = (max: number, options: { multiline?: boolean } = {}) =>
  text(undefined, options)
    .trim()
    .max(max, MESSAGES.validation.tooLong(max))
    .transform((value) => (value === '' ? null : value))
    .nullable();

/** A Nigerian bank account number (NUBAN): ten digits, spaces and dashes as typed are dropped. */
const accountNumberSchema = text()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine((value) => value === '' || /^[0-9]{10}$/.test(value), BUSINESS_MESSAGES.accountNumber)
  .transform((value) => (value === '' ? null : value))
  .nullable();

/**
 * The shop's logo as a data URL. The phone makes it (at most LOGO_MAX_SIDE pixels a side, re-encoded), so it
 * stays small enough to print on a roll and to travel with the documents; the server checks the bytes are the
 * picture the URL says they are.
 */
export const logoSchema = z
  .string()
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/, BUSINESS_MESSAGES.logo)
  .refine((value) => base64Bytes(value.slice(value.indexOf(',') + 1)) <= LOGO_MAX_BYTES, BUSINESS_MESSAGES.logo);

/** The bytes a base64 text decodes to. */
function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

/** The shop's profile: each field optional (a client that knows nothing of it sends none and changes none). */
const shopProfileFields = {
  address: profileText(200, { multiline: true }).optional(),
  phone: phoneNumberSchema.optional(),
  bank_name: profileText(80).optional(),
  account_number: accountNumberSchema.optional(),
  account_name: profileText(120).optional(),
  /** A blank (null) takes the logo away. */
  logo: logoSchema.nullable().optional(),
};

/** A bank account is whole or absent: a transfer needs the bank, the number and the name. */
function bankAccountWhole(
  value: { bank_name?: string | null; account_number?: string | null; account_name?: string | null },
  ctx: z.RefinementCtx,
): void {
  const given = [value.bank_name, value.account_number, value.account_name];
  if (given.every((field) => field === undefined)) return;
  const filled = given.filter((field) => field !== undefined && field !== null).length;
  if (filled === 0 || filled === 3) return;
  for (const path of ['bank_name', 'account_number', 'account_name'] as const) {
    if (value[path] === undefined || value[path] === null) {
      ctx.addIssue({ code: 'custom', path: [path], message: BUSINESS_MESSAGES.bankWithAccount });
    }
  }
}

/**
 * PATCH /users/businesses/update/: the name only when it changed; about always (the spec's form). The shop's
 * profile rides along when the form shows it; the bank account's three fields come together.
 */
export const updateBusinessBodySchema = z
  .strictObject({
    id: businessIdBodyField,
    name: requiredText(120).optional(),
    about: aboutSchema.optional(),
    ...shopProfileFields,
  })
  .superRefine(bankAccountWhole);
export type UpdateBusinessBody = z.input<typeof updateBusinessBodySchema>;

/** The settings page's Edit Info form: the business and its profile. */
export const businessInfoFormSchema = z
  .object({ name: requiredText(120), about: aboutSchema, ...shopProfileFields })
  .superRefine(bankAccountWhole);

export const deleteBusinessBodySchema = z.strictObject({ id: businessIdBodyField });

/** GET /users/businesses/list_businesses/: each business with the caller's role in it. */
export const businessListItemSchema = businessSchema.extend({ role: memberRoleSchema });
export type BusinessListItem = z.infer<typeof businessListItemSchema>;
export const businessListSchema = z.object({ results: z.array(businessListItemSchema) });
export type BusinessList = z.infer<typeof businessListSchema>;

/** Sums of money never mix currencies: one amount per currency that has sales. */
export const currencyAmountSchema = z.object({ currency: currencySchema, amount: moneyOut });
export type CurrencyAmount = z.infer<typeof currencyAmountSchema>;

/** A sale as the overview and home screens list it: its first item only. */
export const recentSaleSchema = z.object({
  id: z.number().int(),
  product_name: z.string().nullable(),
  quantity: quantityOut.nullable(),
  item_count: z.number().int(),
  customer_name: z.string(),
  total_cart_amount: moneyOut,
  currency: currencySchema,
  payment_status: paymentStatusSchema,
  sold_by: z.string(),
  created_at: z.string(),
});
export type RecentSale = z.infer<typeof recentSaleSchema>;

/** One Lagos calendar day of revenue, zero-filled. */
export const dailyRevenueSchema = z.object({ date: z.string(), amounts: z.array(currencyAmountSchema) });
export type DailyRevenue = z.infer<typeof dailyRevenueSchema>;

export const productSoldSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  quantity: quantityOut,
  currency: currencySchema,
  revenue: moneyOut,
});
export type ProductSold = z.infer<typeof productSoldSchema>;

// ---------- What needs attention and the report's tables (one set of report queries computes them)

/** A live product whose unexpired stock is below its reorder level. */
export const lowStockItemSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  sku: z.string(),
  quantity_in_stock: quantityOut,
  reorder_level: z.number().int(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;

/** A product whose retail or wholesale price after its discount is below its cost (the margin guard). */
export const belowCostItemSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  currency: currencySchema,
  cost_price: moneyOut,
  selling_price: moneyOut,
  selling_price_discount_percentage: moneyOut,
  wholesale_price: moneyOut.nullable(),
  wholesale_price_discount_percentage: moneyOut,
});
export type BelowCostItem = z.infer<typeof belowCostItemSchema>;

/** A batch with units on the shelf: expiring soon, or already expired. */
export const batchAlertSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  batch_id: z.number().int(),
  batch_number: z.string(),
  expiration_date: z.string(),
  quantity: quantityOut,
  currency: currencySchema,
  /** Units × the batch's cost (the product's when the batch has none); null for those who may not see costs. */
  value_at_cost: moneyOut.nullable(),
});
export type BatchAlert = z.infer<typeof batchAlertSchema>;

/** A customer who owes: registered customers are one by id, walk-ins one by name. */
export const debtorSchema = z.object({
  customer_id: z.number().int().nullable(),
  customer_name: z.string(),
  currency: currencySchema,
  total_owed: moneyOut,
  open_sales: z.number().int(),
});
export type Debtor = z.infer<typeof debtorSchema>;

/** Someone who joined by an invite link and waits for the CEO to activate them. */
export const waitingMemberSchema = z.object({
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  role: memberRoleSchema,
  joined_at: z.string(),
});
export type WaitingMember = z.infer<typeof waitingMemberSchema>;

/** The owner's morning check: on the overview and the employee home. */
export const attentionSchema = z.object({
  low_stock: z.array(lowStockItemSchema),
  expiring: z.array(batchAlertSchema),
  expired: z.array(batchAlertSchema),
  top_debtors: z.array(debtorSchema),
  /** The counter's open shortfalls, oldest first (ADR 0013); empty for a role that may not review them. */
  shortfalls: z.array(shortfallSchema),
  /** The counter's open price flags, oldest first; empty for a role that may not review them. */
  price_flags: z.array(priceFlagSchema),
  /** Phones whose oldest unsent sale waits for more than COUNTER_STALE_PENDING_MINUTES, longest first. */
  unsynced_devices: z.array(deviceStatusSchema),
  /** Who waits for activation: the CEO's overview only (team.manage); empty elsewhere. */
  waiting_members: z.array(waitingMemberSchema),
  /** Products sold below their cost after discount (the margin guard): for whoever sees costs; empty elsewhere. */
  below_cost: z.array(belowCostItemSchema),
});
export type Attention = z.infer<typeof attentionSchema>;

/** Money collected one way in one currency (payments on counted sales). */
export const collectedByMethodSchema = z.object({
  method: paymentMethodSchema,
  currency: currencySchema,
  amount: moneyOut,
});
export type CollectedByMethod = z.infer<typeof collectedByMethodSchema>;

/** GET /users/businesses/overview/: the CEO's figures for one business. */
export const businessOverviewSchema = z.object({
  /** The value of every counted sale, paid or not. */
  total_revenue: z.array(currencyAmountSchema),
  /** What those same sales have been paid so far. */
  collected: z.array(currencyAmountSchema),
  /** Today's collected money (a Lagos day) by payment method. */
  collected_today_by_method: z.array(collectedByMethodSchema),
  total_sales: z.number().int(),
  best_seller: productSoldSchema.nullable(),
  active_users: z.number().int(),
  role_summary: z.array(z.object({ role: memberRoleSchema, count: z.number().int() })),
  recent_sales: z.array(recentSaleSchema),
  revenue_by_day: z.array(dailyRevenueSchema),
  attention: attentionSchema,
});
export type BusinessOverview = z.infer<typeof businessOverviewSchema>;

export const REPORT_MAX_DAYS = 366;
const isoDate = realDay(BUSINESS_MESSAGES.dateFormat);

/** A business id in a query string. */
export const businessIdQueryField = queryId({ required: MESSAGES.local.businessIdRequired });

/** The query of the figures that concern one business. */
export const businessQuerySchema = z.object({ business_id: businessIdQueryField });
/** GET /users/businesses/logo/ */
export const businessLogoSchema = z.object({ logo: z.string().nullable() });
export type BusinessLogo = z.infer<typeof businessLogoSchema>;
/** GET /users/businesses/by-slug/ */
export const businessSlugQuerySchema = z.object({
  slug: text().trim().min(1).max(80, MESSAGES.validation.tooLong(80)),
});

/**
 * GET /users/businesses/public/: what an invite link may tell a stranger about the business it
 * names, its name, and nothing that identifies or reaches anyone (no ids, no emails).
 */
export const publicBusinessSchema = z.object({ name: z.string(), slug: z.string() });
export type PublicBusiness = z.infer<typeof publicBusinessSchema>;

/** GET /users/businesses/report/: a period of Lagos days, both ends included. */
export const reportQuerySchema = z
  .object({
    business_id: businessIdQueryField,
    from: isoDate,
    to: isoDate,
    /** Only this category's products in the report's product tables (best sellers, low stock, expiry). */
    category_id: queryId().optional(),
  })
  .refine((period) => period.from <= period.to, { path: ['from'], message: BUSINESS_MESSAGES.periodOrder })
  .refine((period) => daysBetween(period.from, period.to) < REPORT_MAX_DAYS, {
    path: ['from'],
    message: BUSINESS_MESSAGES.periodTooLong(REPORT_MAX_DAYS),
  });

/** Whole days from one YYYY-MM-DD to another (calendar arithmetic, no time zone involved). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Money figures of a period in one currency (cancelled sales count nowhere). */
export const periodFiguresSchema = z.object({
  currency: currencySchema,
  revenue: moneyOut,
  cost_of_goods_sold: moneyOut,
  gross_profit: moneyOut,
  expenses: moneyOut,
  net_profit: moneyOut,
});
export type PeriodFigures = z.infer<typeof periodFiguresSchema>;

/** One Lagos day of the chart, every day of the period present. */
export const dailyFiguresSchema = z.object({ date: z.string(), figures: z.array(periodFiguresSchema) });
export type DailyFigures = z.infer<typeof dailyFiguresSchema>;

export const employeeSalesSchema = z.object({
  user_id: z.number().int().nullable(),
  name: z.string(),
  currency: currencySchema,
  sales: z.number().int(),
  revenue: moneyOut,
});
export type EmployeeSales = z.infer<typeof employeeSalesSchema>;

export const paymentStatusSalesSchema = z.object({
  payment_status: paymentStatusSchema,
  currency: currencySchema,
  sales: z.number().int(),
  revenue: moneyOut,
  outstanding: moneyOut,
});
export type PaymentStatusSales = z.infer<typeof paymentStatusSalesSchema>;

export const stockValueSchema = z.object({
  currency: currencySchema,
  units: quantityOut,
  value_at_cost: moneyOut,
  value_at_retail: moneyOut,
});
export type StockValue = z.infer<typeof stockValueSchema>;

export const businessReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  total_revenue: z.array(currencyAmountSchema),
  total_sales: z.number().int(),
  revenue_by_day: z.array(dailyRevenueSchema),
  /** Best sellers by units, over every line of each sale. */
  top_products: z.array(productSoldSchema),
  /** Best sellers by revenue. */
  top_products_by_revenue: z.array(productSoldSchema),
  /** From the cost snapshotted on each sale line. */
  cost_of_goods_sold: z.array(currencyAmountSchema),
  gross_profit: z.array(currencyAmountSchema),
  expenses: z.array(currencyAmountSchema),
  /** Gross profit less expenses. */
  net_profit: z.array(currencyAmountSchema),
  /** Payments received in the period (on sales that count). */
  collected: z.array(currencyAmountSchema),
  /** The same payments by payment method: per currency they add up to `collected`. */
  collected_by_method: z.array(collectedByMethodSchema),
  /** What the period's sales still owe. */
  outstanding: z.array(currencyAmountSchema),
  daily: z.array(dailyFiguresSchema),
  sales_by_employee: z.array(employeeSalesSchema),
  sales_by_payment_status: z.array(paymentStatusSalesSchema),
  top_debtors: z.array(debtorSchema),
  stock_value: z.array(stockValueSchema),
  low_stock: z.array(lowStockItemSchema),
  expiring: z.array(batchAlertSchema),
  expired: z.array(batchAlertSchema),
});
export type BusinessReport = z.infer<typeof businessReportSchema>;

/** GET /users/businesses/employee-figures/: the employee home's own figures. */
export const employeeFiguresSchema = z.object({
  total_sales: z.number().int(),
  revenue: z.array(currencyAmountSchema),
  customers_handled: z.number().int(),
  top_product: productSoldSchema.nullable(),
  /** Their share of the business's revenue over the last 30 days, in its main currency; null without sales. */
  revenue_share: z.object({ percent: z.string(), currency: currencySchema }).nullable(),
  /**
   * Performance: of what they sold (their active sales' totals, in the business's main currency, the one
   * it sells most in), the share already collected. Null until they sell in that currency.
   */
  performance: z
    .object({ percent: z.string(), currency: currencySchema, sold: moneyOut, collected: moneyOut })
    .nullable(),
  recent_sales: z.array(recentSaleSchema),
  attention: attentionSchema,
});
export type EmployeeFigures = z.infer<typeof employeeFiguresSchema>;

/** The periods the employee analytics offer, in Lagos days ending today. */
export const EMPLOYEE_ANALYTICS_DAYS = [7, 30, 90] as const;
export type EmployeeAnalyticsDays = (typeof EMPLOYEE_ANALYTICS_DAYS)[number];
/** GET /users/businesses/employee-analytics/ */
export const employeeAnalyticsQuerySchema = z.object({
  business_id: businessIdQueryField,
  days: z.coerce
    .number<string | number>({ error: BUSINESS_MESSAGES.analyticsDays })
    .refine((days): days is EmployeeAnalyticsDays => (EMPLOYEE_ANALYTICS_DAYS as readonly number[]).includes(days), {
      message: BUSINESS_MESSAGES.analyticsDays,
    })
    .default(30),
});
/** What the caller sold over the last `days` Lagos days: per day (every day present) and per product. */
export const employeeAnalyticsSchema = z.object({
  days: z.number().int(),
  total_sales: z.number().int(),
  revenue: z.array(currencyAmountSchema),
  revenue_by_day: z.array(dailyRevenueSchema),
  /** By units sold, most first. */
  top_products: z.array(productSoldSchema),
});
export type EmployeeAnalytics = z.infer<typeof employeeAnalyticsSchema>;

/** GET /users/businesses/customer-figures/: the customer home's own figures. */
export const customerFiguresSchema = z.object({
  total_orders: z.number().int(),
  amount_spent: z.array(currencyAmountSchema),
  recent_orders: z.array(recentSaleSchema),
});
export type CustomerFigures = z.infer<typeof customerFiguresSchema>;
