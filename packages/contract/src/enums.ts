import * as z from 'zod';

/** Every role a user can hold. `user` is the fallback of an unknown invite role. */
export const ROLES = ['ceo', 'superuser', 'customer', 'sales_person', 'manager', 'sales_rep', 'user'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Roles a member can hold inside one business. */
export const MEMBER_ROLES = ['ceo', 'manager', 'sales_person', 'sales_rep', 'customer', 'user'] as const;
export const memberRoleSchema = z.enum(MEMBER_ROLES);
export type MemberRole = z.infer<typeof memberRoleSchema>;

/** The edit dialog's choices, in the spec's order. */
export const EDITABLE_ROLES = ['sales_person', 'sales_rep', 'customer', 'manager', 'ceo'] as const;
export const editableRoleSchema = z.enum(EDITABLE_ROLES);
export const ROLE_LABELS: Record<Role, string> = {
  ceo: 'CEO',
  superuser: 'Superuser',
  customer: 'Customer',
  sales_person: 'Salesperson',
  manager: 'Manager',
  sales_rep: 'Sales Rep',
  user: 'User',
};

/** The "Employees" tab and the employee area. */
export const EMPLOYEE_ROLES = ['manager', 'sales_person', 'sales_rep'] as const satisfies readonly Role[];
export function isEmployeeRole(role: string): role is (typeof EMPLOYEE_ROLES)[number] {
  return (EMPLOYEE_ROLES as readonly string[]).includes(role);
}

/** Invite links are offered for these roles; the path segment is spelled as here. */
export const INVITE_ROLES = ['ceo', 'salesperson', 'customer'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

/**
 * How an invite's role maps to the role a newcomer gets (never ceo): the link's segment
 * (`salesperson`) or the role the invite page already mapped it to (`sales_person`).
 */
export function roleFromInvite(segment: string): 'sales_person' | 'customer' | 'user' {
  if (segment === 'salesperson' || segment === 'sales_person') return 'sales_person';
  if (segment === 'customer') return 'customer';
  return 'user';
}

/** Role names are shown with the underscore as a space ("sales person"), and the CEO as "CEO". */
export function roleDisplay(role: string): string {
  return role === 'ceo' ? 'CEO' : role.replaceAll('_', ' ');
}

/** A sale is active until a CEO or manager cancels it (its stock back, its payments refunded). */
export const SALE_STATUSES = ['active', 'cancelled'] as const;
export const saleStatusSchema = z.enum(SALE_STATUSES);
export type SaleStatus = z.infer<typeof saleStatusSchema>;

export const PAYMENT_STATUSES = ['paid', 'partial', 'not_paid'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: 'Paid in Full',
  partial: 'Partial Payment',
  not_paid: 'Not Paid',
};

export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'pos_card'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  pos_card: 'POS card',
};

export const CURRENCIES = ['NGN', 'USD', 'EUR', 'AED'] as const;
export const currencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currencySchema>;

export const PRICING_STRATEGIES = ['retail', 'wholesale'] as const;
export const pricingStrategySchema = z.enum(PRICING_STRATEGIES);
export type PricingStrategy = z.infer<typeof pricingStrategySchema>;

/**
 * Why a batch's quantity changed. `initial` and `receipt` add stock, `sale` takes it,
 * `adjustment` is the spec's PUT /stock/update/, the rest are a manager's corrections.
 */
export const STOCK_MOVEMENT_REASONS = [
  'initial',
  'receipt',
  'sale',
  'adjustment',
  'count_correction',
  'damage',
  'expired_write_off',
  'return',
] as const;
export const stockMovementReasonSchema = z.enum(STOCK_MOVEMENT_REASONS);
export type StockMovementReason = z.infer<typeof stockMovementReasonSchema>;

/** How a bulk price change moves each price: by a percentage of it, or by an amount of money. */
export const REPRICING_METHODS = ['percent', 'amount'] as const;
export const repricingMethodSchema = z.enum(REPRICING_METHODS);
export type RepricingMethod = z.infer<typeof repricingMethodSchema>;
export const REPRICING_DIRECTIONS = ['raise', 'lower'] as const;
export const repricingDirectionSchema = z.enum(REPRICING_DIRECTIONS);
export type RepricingDirection = z.infer<typeof repricingDirectionSchema>;
