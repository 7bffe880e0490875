import type { UserRoleFilter, UserStatusFilter } from '@oja/contract';

export type UserFilters = { role: UserRoleFilter; status: UserStatusFilter; search: string; page: number };

/** Query keys of the team feature. */
export const teamKeys = {
  all: (businessId: number) => ['team', businessId] as const,
  list: (businessId: number, filters: UserFilters) => [...teamKeys.all(businessId), 'list', filters] as const,
};
