import * as z from 'zod';
import { passwordSchema, requiredText, userSchema } from './accounts';
import { businessIdBodyField, businessIdQueryField } from './businesses';
import { editableRoleSchema } from './enums';
import { bodyId, text } from './ids';
import { MESSAGES } from './messages';
import { pageQuerySchema } from './pagination';
import { phoneNumberSchema } from './sales';

/** Messages of the team API that the spec does not word itself. */
export const TEAM_MESSAGES = {
  joined: 'Registration successful! Your account is waiting for the business owner to activate it.',
  businessNotFoundForInvite: (slug: string) =>
    `No business uses the link "${slug}". Ask the business owner for a new invite link.`,
  notAMember: 'This person is not a member of this business.',
  sharedAccount:
    'This person also belongs to another business, so only they can change their name or password. You can still change their role or status here.',
  ownerUntouchable: 'The business owner cannot be edited, deactivated or removed from the user list.',
  onlyOwnerChangesCeo: 'Only the business owner can make someone a CEO or change a CEO.',
  /** On the join page of a link whose role is neither salesperson nor customer (its account gets the role `user`). */
  inviteWithoutRole:
    'This link does not say whether you join as a salesperson or a customer. You can still sign up: the business owner will choose your role when they activate you.',
  /** Where a member without a role lands after logging in, instead of a page that does not exist. */
  awaitingRole: (business: string) =>
    `Your account at ${business} is waiting for a role. Ask the business owner (CEO) to choose your role (salesperson, customer, ...) in their user list.`,
  /** The joiner's screen after signing up by a link: who knows they are waiting, and what comes next. */
  ownerTold: (business: string) =>
    `The owner of ${business} has been told: you are on their overview under Needs attention, waiting for them to activate you.`,
  /** Under the login page's "waiting for the business owner" refusal. */
  ownerToldAtLogin:
    'The owner has been told: you are on their overview under Needs attention. Try again once they have activated you.',
  noBusiness: 'Your account does not belong to any business any more. Ask a business owner for a new invite link.',
  /** On the CEO's user card of a member without a role. */
  noRoleYet: 'Joined by a link without a role: choose one with Edit, or they can do nothing in the business.',
  usersDeleted: (count: number) => `${count} user${count === 1 ? '' : 's'} deleted.`,
  tip: 'Share the salesperson link with your staff and the customer link with your buyers. New staff can log in once you activate them here.',
} as const;

/**
 * Filters of the user list: Employees are manager, sales_person and sales_rep; staff are the CEOs (the owner and
 * co-CEOs) and the employees, everyone whose work the activity log records.
 */
export const USER_ROLE_FILTERS = ['all', 'customers', 'employees', 'staff'] as const;
export const USER_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

/** POST /users/sales-person-register/: joining a business through an invite link. */
export const joinBusinessBodySchema = z.strictObject({
  first_name: requiredText(100),
  last_name: requiredText(100),
  password: passwordSchema,
  /** The invite link's role segment: salesperson, customer, or anything else (which becomes `user`). */
  role: text().trim().max(40, MESSAGES.validation.tooLong(40)),
  business_slug: requiredText(80),
});
export type JoinBusinessBody = z.input<typeof joinBusinessBodySchema>;

/** The invite page's form: the role and slug come from the link. */
export const joinFormSchema = joinBusinessBodySchema.pick({ first_name: true, last_name: true, password: true });

export const joinedSchema = z.object({ user: userSchema });

/** GET /users/business-owner/list-business-users/ query. */
export const listUsersQuerySchema = z.object({
  business_id: businessIdQueryField,
  page: pageQuerySchema,
  role: z.enum(USER_ROLE_FILTERS).default('all'),
  status: z.enum(USER_STATUS_FILTERS).default('all'),
  search: text().trim().max(100, MESSAGES.validation.tooLong(100)).optional(),
});
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;

/** The spec's odd nesting: the page's users sit at results.data.results. */
export const businessUsersPageSchema = z.object({
  count: z.number().int(),
  next: z.number().int().nullable(),
  previous: z.number().int().nullable(),
  current_page: z.number().int(),
  total_pages: z.number().int(),
  results: z.object({ data: z.object({ results: z.array(userSchema) }) }),
});
export type BusinessUsersPage = z.infer<typeof businessUsersPageSchema>;

/** A blank password means "keep the current one": it is dropped, not checked. */
const optionalNewPassword = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  passwordSchema.optional(),
);

/** PATCH /users/business-owner/update-user/. */
export const updateBusinessUserBodySchema = z.strictObject({
  user_id: bodyId(),
  business_id: businessIdBodyField,
  is_active: z.boolean().optional(),
  first_name: requiredText(100).optional(),
  last_name: requiredText(100).optional(),
  role: editableRoleSchema.optional(),
  password: optionalNewPassword,
  /** A customer's phone, so that shares go straight to them; blank or null clears it. */
  phone_number: phoneNumberSchema.optional(),
});
export type UpdateBusinessUserBody = z.input<typeof updateBusinessUserBodySchema>;

/** An edit that only sets is_active: true is an activation, and is answered as one. */
export function updatedUserMessage(body: UpdateBusinessUserBody): string {
  const { user_id: _user, business_id: _business, is_active, ...edits } = body;
  const isActivation = is_active === true && Object.values(edits).every((value) => value === undefined);
  return isActivation ? MESSAGES.team.userActivated : MESSAGES.team.userUpdated;
}

/** A role the user list's edit dialog offers. */
export type EditableRole = z.infer<typeof editableRoleSchema>;

/** The edit dialog: first and last name and role required, password optional. */
export const editUserFormSchema = z.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  role: editableRoleSchema,
  password: optionalNewPassword,
  phone_number: phoneNumberSchema.optional(),
});

export const businessUserSchema = z.object({ user: userSchema });

/** POST /admins/users/delete/. */
export const deleteBusinessUsersBodySchema = z.strictObject({
  user_ids: z.array(bodyId()).min(1).max(100),
  business_id: businessIdBodyField,
});
export type DeleteBusinessUsersBody = z.input<typeof deleteBusinessUsersBodySchema>;

/** Answered as results[0].response_data.deleted_users, the shape the spec's client reads. */
export const deletedUsersSchema = z.object({
  results: z.array(z.object({ response_data: z.object({ deleted_users: z.array(z.number().int()) }) })),
});
export type DeletedUsers = z.infer<typeof deletedUsersSchema>;

export function deletedUsersMessage(count: number): string {
  return count === 1 ? MESSAGES.team.userDeleted : TEAM_MESSAGES.usersDeleted(count);
}
