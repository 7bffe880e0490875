import { can, isEmployeeRole, type MemberRole, type Permission } from '@oja/contract';

type NavItem = { label: string; to: string; permission: Permission; end?: boolean };

/** The sidebar, each entry shown only to roles that may use it (the server checks anyway). */
export function sidebarItems(slug: string, role: MemberRole): NavItem[] {
  const base = `/business/${slug}`;
  const items: NavItem[] = [
    { label: 'Overview', to: base, permission: 'business.overview', end: true },
    { label: 'Sell', to: `${base}/sell`, permission: 'sale.confirm' },
    { label: 'Users', to: `${base}/users`, permission: 'team.manage' },
    { label: 'Inventory', to: `${base}/inventory`, permission: 'product.view' },
    { label: 'Sales', to: `${base}/sales`, permission: 'sale.view' },
    { label: 'Customers', to: `${base}/customers`, permission: 'customer.view' },
    { label: 'Suppliers', to: `${base}/suppliers`, permission: 'supplier.manage' },
    { label: 'Expenses', to: `${base}/expenses`, permission: 'expense.record' },
    { label: 'Close the day', to: `${base}/close-day`, permission: 'day.close' },
    { label: 'Counter review', to: `${base}/counter-review`, permission: 'counter.review' },
    { label: 'Reports', to: `${base}/reports`, permission: 'business.overview' },
    { label: 'Activity', to: `${base}/activity`, permission: 'activity.view' },
    { label: 'Settings', to: `${base}/settings`, permission: 'business.update' },
  ];
  return items.filter((item) => can(role, item.permission));
}

/** The top bar's links: Users, Inventory, Sales, Reports. */
export function topBarItems(slug: string, role: MemberRole): NavItem[] {
  const base = `/business/${slug}`;
  const items: NavItem[] = [
    { label: 'Sell', to: `${base}/sell`, permission: 'sale.confirm' },
    { label: 'Users', to: `${base}/users`, permission: 'team.manage' },
    { label: 'Inventory', to: `${base}/inventory`, permission: 'product.view' },
    { label: 'Sales', to: `${base}/sales`, permission: 'sale.view' },
    { label: 'Expenses', to: `${base}/expenses`, permission: 'expense.record' },
    { label: 'Reports', to: `${base}/reports`, permission: 'business.overview' },
  ];
  return items.filter((item) => can(role, item.permission));
}

/** Where a member of this business is at home: the CEO's dashboard, or their area of this business. */
export function homeOf(slug: string, role: MemberRole): string {
  if (role === 'ceo') return '/dashboard';
  if (isEmployeeRole(role)) return `/${slug}/employee`;
  if (role === 'customer') return `/${slug}/customer`;
  return '/';
}
