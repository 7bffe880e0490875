import { Navigate } from 'react-router';
import { homePathFor } from '../features/auth/home-path';
import { useSession } from '../features/auth/session';

/**
 * `/` redirects by role (inside RequireAuth: the session is known). A page of its own rather than part of the
 * guards: the roles it reads come from the contract's enums.ts, whose schemas would otherwise bring zod to the
 * first visit of /login (contract-pure.ts).
 */
export default function HomeRedirect() {
  const session = useSession();
  return <Navigate to={homePathFor(session.data ?? null)} replace />;
}
