import { Navigate, useParams } from 'react-router';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { homePathFor } from '../auth/home-path';
import { useSession } from '../auth/session';
import InvitePage from '../team/invite-page';
import { AreaLayout } from './area-layout';

const isCustomer = (role: string) => role === 'customer';

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
        { label: 'Products', to: `/business/${business.slug}/inventory` },
        { label: 'Profile', to: `/${business.slug}/customer/profile` },
      ]}
    />
  );
}
