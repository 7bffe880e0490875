import {
  businessUserSchema,
  businessUsersPageSchema,
  deleteBusinessUsersBodySchema,
  deletedUsersSchema,
  envelope,
  joinBusinessBodySchema,
  joinedSchema,
  listUsersQuerySchema,
  MESSAGES,
  TEAM_MESSAGES,
  updateBusinessUserBodySchema,
} from '@oja/contract';
import { requireActor } from '../../platform/auth';
import type { Api } from '../../platform/http';
import { ok } from '../../platform/http';
import { requireBusiness } from '../../platform/tenancy';
import { deleteBusinessUsers } from './delete-business-users';
import { joinBusiness } from './join-business';
import { listBusinessUsers } from './list-business-users';
import { updateBusinessUser } from './update-business-user';

const tags = ['team'];

/** Joining through an invite link, and the CEO's management of a business's members (spec section 7). */
export async function teamRoutes(app: Api): Promise<void> {
  const { deps } = app;
  const { db } = deps;

  app.post(
    '/users/sales-person-register/',
    { schema: { tags, security: [], body: joinBusinessBodySchema, response: { 201: envelope(joinedSchema) } } },
    async (request, reply) => {
      const user = await joinBusiness(deps, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      return reply.status(201).send(ok(TEAM_MESSAGES.joined, { user }));
    },
  );

  app.get(
    '/users/business-owner/list-business-users/',
    { schema: { tags, querystring: listUsersQuerySchema, response: { 200: envelope(businessUsersPageSchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      const context = await requireBusiness(db, actor, request.query.business_id, 'team.manage');
      return ok(MESSAGES.team.usersListed, await listBusinessUsers(context, request.query));
    },
  );

  app.patch(
    '/users/business-owner/update-user/',
    { schema: { tags, body: updateBusinessUserBodySchema, response: { 200: envelope(businessUserSchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      const context = await requireBusiness(db, actor, request.body.business_id, 'team.manage');
      const user = await updateBusinessUser(context, request.body);
      const { user_id: _user, business_id: _business, is_active, ...edits } = request.body;
      const isActivation = is_active === true && Object.values(edits).every((value) => value === undefined);
      return ok(isActivation ? MESSAGES.team.userActivated : MESSAGES.team.userUpdated, { user });
    },
  );

  app.post(
    '/admins/users/delete/',
    { schema: { tags, body: deleteBusinessUsersBodySchema, response: { 200: envelope(deletedUsersSchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      const context = await requireBusiness(db, actor, request.body.business_id, 'team.manage');
      const deleted = await deleteBusinessUsers(context, request.body.user_ids);
      const description = deleted.length === 1 ? MESSAGES.team.userDeleted : TEAM_MESSAGES.usersDeleted(deleted.length);
      return ok(description, { results: [{ response_data: { deleted_users: deleted } }] });
    },
  );
}
