import type { ComponentType } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { useSession } from './session';

/** Protected pages: a guest is sent to /login. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageLoader />;
  if (session.isError) return <QueryError error={session.error} onRetry={() => session.refetch()} />;
  if (!session.data) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Guest-only pages: a logged-in user is sent to /. */
export function GuestOnly() {
  const session = useSession();
  if (session.isPending) return <PageLoader />;
  if (session.data) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Pages anyone may read: in the app's frame for a signed-in user, in a guest's frame otherwise. */
export function SignedInOrGuest({
  signedIn: SignedIn,
  guest: Guest,
}: {
  signedIn: ComponentType;
  guest: ComponentType;
}) {
  const session = useSession();
  if (session.isPending) return <PageLoader />;
  return session.data ? <SignedIn /> : <Guest />;
}
