import type { BusinessUsersPage, DeletedUsers, JoinBusinessBody, UpdateBusinessUserBody, User } from '@oja/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { businessKeys } from '../businesses/keys';
import { teamKeys, type UserFilters } from './keys';

export function useBusinessUsers(businessId: number, filters: UserFilters) {
  return useQuery({
    queryKey: teamKeys.list(businessId, filters),
    queryFn: ({ signal }) =>
      api
        .get<BusinessUsersPage>(
          '/users/business-owner/list-business-users/',
          { business_id: businessId, ...filters },
          signal,
        )
        .then((answer) => answer.data),
    // The list stays on screen while the next page or search loads.
    placeholderData: (previous) => previous,
  });
}

/** After a change the lists are refetched, and the overview's active-user figures with them. */
function useTeamChanged(businessId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: teamKeys.all(businessId) }),
      client.invalidateQueries({ queryKey: businessKeys.overview(businessId) }),
    ]);
}

export function useUpdateBusinessUser(businessId: number) {
  const changed = useTeamChanged(businessId);
  return useMutation({
    mutationFn: (body: Omit<UpdateBusinessUserBody, 'business_id'>) =>
      api.patch<{ user: User }>('/users/business-owner/update-user/', { ...body, business_id: businessId }),
    onSuccess: changed,
  });
}

export function useDeleteBusinessUsers(businessId: number) {
  const changed = useTeamChanged(businessId);
  return useMutation({
    mutationFn: (userIds: number[]) =>
      api.post<DeletedUsers>('/admins/users/delete/', { user_ids: userIds, business_id: businessId }),
    onSuccess: changed,
  });
}

export function useJoinBusiness() {
  return useMutation({
    mutationFn: (body: JoinBusinessBody) => api.post<{ user: User }>('/users/sales-person-register/', body),
  });
}
