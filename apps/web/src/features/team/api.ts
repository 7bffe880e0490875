import {
  BUSINESS_ENDPOINTS,
  type BusinessUsersPage,
  type EndpointInput,
  TEAM_ENDPOINTS,
  type UserRoleFilter,
  type UserStatusFilter,
} from '@oja/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, data } from '../../lib/api';
import { businessKeys, teamKeys } from '../../lib/query-keys';

const team = TEAM_ENDPOINTS;

type UserFilters = { role: UserRoleFilter; status: UserStatusFilter; search: string; page: number };

export function useBusinessUsers(businessId: number, filters: UserFilters) {
  return useQuery({
    queryKey: teamKeys.list(businessId, filters),
    queryFn: ({ signal }) => data(call(team.listBusinessUsers, { business_id: businessId, ...filters }, { signal })),
    // The list stays on screen while the next page or search loads.
    placeholderData: (previous) => previous,
  });
}

/** After a change the lists are refetched, and the overview's active-user figures with them. */
export function useTeamChanged(businessId: number) {
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
    mutationFn: (body: Omit<EndpointInput<typeof team.updateBusinessUser>, 'business_id'>) =>
      call(team.updateBusinessUser, { ...body, business_id: businessId }),
    onSuccess: changed,
  });
}

/**
 * Activate on the user list. The member is shown as active where their card is, and the lists are not
 * refetched here: the page does so a moment later (users-page.tsx), so that under an Inactive filter the
 * card does not leave from under the thumb, giving its place, and its Activate button's, to the next member.
 */
export function useActivateBusinessUser(businessId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      call(team.updateBusinessUser, { user_id: userId, is_active: true, business_id: businessId }),
    onSuccess: async (_answer, userId) => {
      client.setQueriesData<BusinessUsersPage>({ queryKey: teamKeys.all(businessId) }, (page) =>
        page ? withActive(page, userId) : page,
      );
      await client.invalidateQueries({ queryKey: businessKeys.overview(businessId) });
    },
  });
}

function withActive(page: BusinessUsersPage, userId: number): BusinessUsersPage {
  const users = page.results.data.results.map((user) => (user.id === userId ? { ...user, is_active: true } : user));
  return { ...page, results: { data: { results: users } } };
}

export function useDeleteBusinessUsers(businessId: number) {
  const changed = useTeamChanged(businessId);
  return useMutation({
    mutationFn: (userIds: number[]) => call(team.deleteBusinessUsers, { user_ids: userIds, business_id: businessId }),
    onSuccess: changed,
  });
}

export function useJoinBusiness() {
  return useMutation({
    mutationFn: (body: EndpointInput<typeof team.joinBusiness>) => call(team.joinBusiness, body),
  });
}

/** The business an invite link names, looked up before the form is shown; an unknown slug is not retried. */
export function useInviteBusiness(slug: string) {
  return useQuery({
    queryKey: businessKeys.publicBySlug(slug),
    queryFn: ({ signal }) => data(call(BUSINESS_ENDPOINTS.getPublicBusiness, { slug }, { signal })),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    staleTime: 5 * 60_000,
  });
}
