import { deletedUsersMessage, TEAM_ENDPOINTS, updatedUserMessage } from '@oja/contract';
import { answer, handlers } from '../../platform/endpoints';
import { deleteBusinessUsers } from './delete-business-users';
import { joinBusiness } from './join-business';
import { listBusinessUsers } from './list-business-users';
import { updateBusinessUser } from './update-business-user';

export const teamHandlers = handlers(TEAM_ENDPOINTS, {
  joinBusiness: async (ctx, body) => ({ user: await joinBusiness(ctx, body) }),
  listBusinessUsers: (ctx, query) => listBusinessUsers(ctx, query),
  updateBusinessUser: async (ctx, body) =>
    answer({ user: await updateBusinessUser(ctx, body) }, { message: updatedUserMessage(body) }),
  deleteBusinessUsers: async (ctx, body) => {
    const deleted = await deleteBusinessUsers(ctx, body.user_ids);
    return answer(
      { results: [{ response_data: { deleted_users: deleted } }] },
      { message: deletedUsersMessage(deleted.length) },
    );
  },
});
