import type { MemberRole, Role } from './enums';

/**
 * Who may do what inside one business. The server checks every business-scoped
 * request against this table (the caller must also be an active member of that
 * business, or the business answers 404); the web uses it only to hide buttons.
 */
export const PERMISSIONS = {
  'business.view': ['ceo', 'manager', 'sales_person', 'sales_rep', 'customer', 'user'],
  'business.update': ['ceo'],
  'business.delete': ['ceo'],
  'business.overview': ['ceo'],
  'team.manage': ['ceo'],
  'product.view': ['ceo', 'manager', 'sales_person', 'sales_rep', 'customer'],
  'product.manage': ['ceo', 'manager'],
  'stock.adjust': ['ceo', 'manager'],
  /** A product's stock movements: who changed what and why (not for customers). */
  'stock.history': ['ceo', 'manager', 'sales_person', 'sales_rep'],
  'cart.manage': ['ceo', 'manager', 'sales_person', 'sales_rep'],
  /** A customer asking the shop for products: a cart of the business named to them, marked as their request. */
  'cart.request': ['customer'],
  /** A cart's pro-forma invoice: staff any cart of the business, a customer only their own requests. */
  'cart.invoice': ['ceo', 'manager', 'sales_person', 'sales_rep', 'customer'],
  'sale.confirm': ['ceo', 'sales_person'],
  /** What the counter's phones could not sell as sent (shortfalls, price flags) and what they have not synced. */
  'counter.review': ['ceo', 'manager'],
  'sale.view': ['ceo', 'manager', 'sales_person', 'sales_rep'],
  'sale.view_own': ['customer'],
  /** Listing and opening sales: staff see the business's, a customer only their own. */
  'sale.list': ['ceo', 'manager', 'sales_person', 'sales_rep', 'customer'],
  'payment.record': ['ceo', 'sales_person'],
  /** Every payment of the business (the whole till); other staff see those they recorded, a customer their own. */
  'payment.review': ['ceo', 'manager'],
  /** Cancelling a sale: its stock goes back, its payments are refunded. */
  'sale.cancel': ['ceo', 'manager'],
  /** Taking back part of a sale: the same people who may undo all of it. */
  'sale.return': ['ceo', 'manager'],
  'debt.view': ['ceo', 'manager', 'sales_person', 'sales_rep'],
  /** The customers book: every customer's balances, aging and statement. */
  'customer.view': ['ceo', 'manager'],
  /** Merging two customers who are the same person: their sales and debts become one's. */
  'customer.merge': ['ceo'],
  /** Recording expenses: each member their own. */
  'expense.record': ['ceo', 'manager', 'sales_person', 'sales_rep'],
  /** Every member's expenses: seeing and deleting any of the business's (the endpoints' `whole`). */
  'expense.review': ['ceo'],
  /** Adding the business's own expense categories. */
  'expense.categories': ['ceo'],
  /** Closing the day: each member who takes money closes their own; the use case lets the CEO close the shop. */
  'day.close': ['ceo', 'manager', 'sales_person', 'sales_rep'],
  /** The activity log: who changed what in the business (co-CEOs hold the CEO role). */
  'activity.view': ['ceo'],
  /** Every member's closes (the list's `whole`), and closing the whole shop (others see and close their own). */
  'day.review': ['ceo'],
  /** Suppliers, their deliveries and the payments made to them: whoever receives stock (stock.adjust). */
  'supplier.manage': ['ceo', 'manager'],
  /** Correcting or deleting a payment made to a supplier: the owner (co-CEOs hold the CEO role). */
  'supplier.correct': ['ceo'],
} as const satisfies Record<string, readonly MemberRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role | MemberRole | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return (PERMISSIONS[permission] as readonly string[]).includes(role);
}
