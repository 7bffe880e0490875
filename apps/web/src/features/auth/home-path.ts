import { isEmployeeRole, type User } from '@oja/contract';

/** Where `/` sends each role. */
export function homePathFor(user: User | null): string {
  if (!user) return '/login';
  const slug = user.business?.slug;
  if (user.role === 'ceo') return '/dashboard';
  if (user.role === 'superuser') return '/super';
  if (user.role === 'customer' && slug) return `/${slug}/customer`;
  if (isEmployeeRole(user.role) && slug) return `/${slug}/employee`;
  return '/not-found';
}
