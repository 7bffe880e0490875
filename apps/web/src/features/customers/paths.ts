import type { CustomerIdentity } from '@oja/contract';

/** Where the customers book lives: the owner's business pages, or a manager's employee area. */
export function customersBase(pathname: string, slug: string): string {
  return pathname.startsWith('/business/') ? `/business/${slug}/customers` : `/${slug}/employee/customers`;
}

/** A customer's page: a registered customer by id, anyone else by the name on their sales. */
export function customerPath(base: string, customer: Pick<CustomerIdentity, 'customer_id' | 'customer_name'>): string {
  const params = new URLSearchParams(
    customer.customer_id !== null ? { id: String(customer.customer_id) } : { name: customer.customer_name },
  );
  return `${base}/view?${params}`;
}
