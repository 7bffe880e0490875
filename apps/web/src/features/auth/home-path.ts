import { isEmployeeRole, type User } from '@oja/contract';

/** Where a member without a role (an invite link that named none) waits for the CEO to choose one. */
export const AWAITING_ROLE_PATH = '/awaiting-role';

/** Where `/` sends each role. */
export function homePathFor(user: User | null): string {
  if (!user) return '/login';
  const slug = user.business?.slug;
  if (user.role === 'ceo') return '/dashboard';
  if (user.role === 'superuser') return '/super';
  if (user.role === 'customer' && slug) return `/${slug}/customer`;
  if (isEmployeeRole(user.role) && slug) return `/${slug}/employee`;
  // The spec sends "any other role" to /not-found, a dead end for someone who did nothing wrong.
  if (user.role === 'user') return AWAITING_ROLE_PATH;
  return '/not-found';
}
