import { IconCash, IconFileInvoice, IconReceipt, IconShoppingBag, IconUser } from '@tabler/icons-react';
import { Navigate, useParams } from 'react-router';
import { homePathFor } from '../features/auth/home-path';
import { useSession } from '../features/auth/session';
import InvitePage from '../features/team/invite-page';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import { AreaLayout, type AreaLink } from './area-layout';

const isCustomer = (role: string) => role === 'customer';

/** The customer layout's pages, as the spec lists them: in the menu, and under the thumb on a phone. */
const customerPages = (slug: string): AreaLink[] => [
  { label: 'Products', to: `/${slug}/customer/products`, icon: <IconShoppingBag size={20} /> },
  { label: 'Invoices', to: `/${slug}/customer/invoices`, icon: <IconFileInvoice size={20} /> },
  { label: 'Receipts', to: `/${slug}/customer/receipts`, icon: <IconReceipt size={20} /> },
  { label: 'Debts', to: `/${slug}/customer/debts`, icon: <IconCash size={20} /> },
  { label: 'Profile', to: `/${slug}/customer/profile`, icon: <IconUser size={20} /> },
];

/**
 * /{slug}/customer is two things: for a guest, the customer invite link (the
 * sign-up to become a customer of this business); for a logged-in customer,
 * their area. Anyone else logged in is sent to their own home.
 */
export default function CustomerEntry() {
  const { slug = '' } = useParams();
  const session = useSession();
  if (session.isPending) return <PageLoader />;
  if (session.isError) return <QueryError error={session.error} onRetry={() => session.refetch()} />;
  const user = session.data;
  if (!user) return <InvitePage slug={slug} inviteRole="customer" />;
  if (!isCustomer(user.role)) return <Navigate to={homePathFor(user)} replace />;
  return (
    <AreaLayout
      slug={slug}
      isForRole={isCustomer}
      links={(business) => [
        { label: 'Home', to: `/${business.slug}/customer`, end: true },
        ...customerPages(business.slug),
      ]}
      tabs={(business) => customerPages(business.slug)}
    />
  );
}
