import type { MemberRole, Role, User } from '@oja/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { BUILT, builtOnce } from '../../db/built-once';
import type { Queryable } from '../../db/client';
import { businesses, memberships, users } from '../../db/schema';
import type { SignedInUser, UserRow } from '../../platform/auth';
import { notFound } from '../../platform/errors';

/** The business's fields the User answer carries (presentUser): what the memberships' read selects. */
const userBusinessColumns = {
  id: businesses.id,
  name: businesses.name,
  slug: businesses.slug,
  about: businesses.about,
  created_at: businesses.created_at,
  free_trial: businesses.free_trial,
  trial_expiration_date: businesses.trial_expiration_date,
};

export type CurrentMembership = {
  role: MemberRole;
  is_active: boolean;
  business: Pick<typeof businesses.$inferSelect, keyof typeof userBusinessColumns>;
};

/**
 * The membership the user's answers speak of: the current business if they are
 * still a member there, else their oldest membership. Null for a CEO with no
 * business left, and for the platform's superusers.
 */
export async function currentMembership(db: Queryable, user: SignedInUser): Promise<CurrentMembership | null> {
  const rows = await membershipsOf(db, { userId: user.id });
  const chosen = rows.find((row) => row.business.id === user.current_business_id) ?? rows[0];
  return chosen ? { ...chosen, role: chosen.role } : null;
}

/**
 * The user's memberships with their businesses, oldest first: built once (db/built-once.ts). Built per
 * request, drizzle's walk of the business's columns was a quarter of the signed-in floor's node CPU. Only the
 * business's fields the answer carries are read: the profile is read on every page's first load, and each
 * column more is described and parsed on each read (the shop's profile and logo are not the user's answer).
 */
const membershipsOf = builtOnce((db) =>
  db
    .select({ role: memberships.role, is_active: memberships.is_active, business: userBusinessColumns })
    .from(memberships)
    .innerJoin(businesses, eq(businesses.id, memberships.business_id))
    .where(eq(memberships.user_id, sql.placeholder('userId')))
    .orderBy(asc(memberships.created_at), asc(memberships.business_id))
    .prepare(BUILT),
);

function roleOf(user: SignedInUser, membership: CurrentMembership | null): Role {
  if (user.account_role === 'superuser') return 'superuser';
  if (membership) return membership.role;
  return user.account_role === 'ceo' ? 'ceo' : 'user';
}

/** Only those who signed up as business owners open businesses; members (even made CEO) and superusers do not. */
export function canCreateBusiness(user: Pick<UserRow, 'account_role' | 'is_demo'>): boolean {
  return user.account_role === 'ceo' && !user.is_demo;
}

/** The spec's User object. */
export function presentUser(user: SignedInUser, membership: CurrentMembership | null): User {
  const business = membership?.business ?? null;
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    username: user.username,
    email: user.email,
    role: roleOf(user, membership),
    is_active: user.is_active && (membership?.is_active ?? true),
    date_joined: user.created_at.toISOString(),
    phone_number: user.phone_number,
    can_create_business: canCreateBusiness(user),
    business: business && {
      id: business.id,
      name: business.name,
      slug: business.slug,
      about: business.about,
      created_at: business.created_at.toISOString(),
      free_trial: business.free_trial,
      trial_expiration_date: business.trial_expiration_date,
    },
  };
}

export async function loadUser(db: Queryable, userId: number): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('User not found.');
  return userAnswer(db, user);
}

/**
 * The spec's User object for a user row already read: the caller's own, which the gate read with the
 * session (the profile, asked on every page's first load, is then one statement after the gate, not two).
 */
export async function userAnswer(db: Queryable, user: SignedInUser): Promise<User> {
  return presentUser(user, await currentMembership(db, user));
}

/** Makes a business the one the user's answers and home page speak of (only one they belong to). */
export async function setCurrentBusiness(db: Queryable, userId: number, businessId: number): Promise<void> {
  await db
    .update(users)
    .set({ current_business_id: businessId })
    .where(
      and(
        eq(users.id, userId),
        sql`exists (select 1 from ${memberships} where ${memberships.user_id} = ${userId} and ${memberships.business_id} = ${businessId})`,
      ),
    );
}
