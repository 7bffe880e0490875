import { can, isEmployeeRole, type MemberRole } from '@oja/contract';
import { useParams } from 'react-router';
import { AreaLayout } from './area-layout';

/** /{slug}/employee: the employee area. The CEO may look in too (their own figures). */
const isForRole = (role: MemberRole) => role === 'ceo' || isEmployeeRole(role);

export default function EmployeeLayout() {
  const { slug = '' } = useParams();
  return (
    <AreaLayout
      slug={slug}
      isForRole={isForRole}
      links={(business, role) => [
        { label: 'Dashboard', to: `/${business.slug}/employee`, end: true },
        ...(can(role, 'sale.confirm') ? [{ label: 'Sell', to: `/${business.slug}/employee/sell` }] : []),
        { label: 'Sales', to: `/${business.slug}/employee/sales` },
        ...(can(role, 'customer.view') ? [{ label: 'Customers', to: `/${business.slug}/employee/customers` }] : []),
        ...(can(role, 'supplier.manage') ? [{ label: 'Suppliers', to: `/${business.slug}/employee/suppliers` }] : []),
        { label: 'Inventory', to: `/${business.slug}/employee/inventory` },
        { label: 'Receipts', to: `/${business.slug}/employee/receipts` },
        { label: 'Invoices', to: `/${business.slug}/employee/invoices` },
        { label: 'Analytics', to: `/${business.slug}/employee/analytics` },
        { label: 'Expenses', to: `/${business.slug}/employee/expenses` },
        ...(can(role, 'day.close') ? [{ label: 'Close the day', to: `/${business.slug}/employee/close-day` }] : []),
        ...(can(role, 'counter.review')
          ? [{ label: 'Counter review', to: `/${business.slug}/employee/counter-review` }]
          : []),
        { label: 'Profile', to: `/${business.slug}/employee/profile` },
      ]}
    />
  );
}
