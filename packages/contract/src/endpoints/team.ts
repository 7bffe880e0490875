import { endpoint, member, publicAccess } from '../endpoint';
import { MESSAGES } from '../messages';
import {
  businessUserSchema,
  businessUsersPageSchema,
  deleteBusinessUsersBodySchema,
  deletedUsersSchema,
  joinBusinessBodySchema,
  joinedSchema,
  listUsersQuerySchema,
  TEAM_MESSAGES,
  updateBusinessUserBodySchema,
} from '../team';

/** Joining by invite link, and the CEO's management of the members. */
export const TEAM_ENDPOINTS = {
  joinBusiness: endpoint({
    method: 'POST',
    path: '/users/sales-person-register/',
    summary: 'Join a business through its invite link, as an inactive member until the CEO activates them.',
    access: publicAccess,
    input: joinBusinessBodySchema,
    response: joinedSchema,
    status: 201,
    message: TEAM_MESSAGES.joined,
  }),
  listBusinessUsers: endpoint({
    method: 'GET',
    path: '/users/business-owner/list-business-users/',
    summary: "A business's members, by role and status, with search.",
    access: member('team.manage'),
    input: listUsersQuerySchema,
    response: businessUsersPageSchema,
    status: 200,
    message: MESSAGES.team.usersListed,
  }),
  updateBusinessUser: endpoint({
    method: 'PATCH',
    path: '/users/business-owner/update-user/',
    summary: "Change a member's names, role or status (an activation when only is_active: true is sent).",
    access: member('team.manage'),
    input: updateBusinessUserBodySchema,
    response: businessUserSchema,
    status: 200,
    message: MESSAGES.team.userUpdated,
  }),
  deleteBusinessUsers: endpoint({
    method: 'POST',
    path: '/admins/users/delete/',
    summary: 'Remove members from a business.',
    access: member('team.manage'),
    input: deleteBusinessUsersBodySchema,
    response: deletedUsersSchema,
    status: 200,
    message: MESSAGES.team.userDeleted,
  }),
};
