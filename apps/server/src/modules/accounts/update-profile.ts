import { MESSAGES, type User, type updateProfileBodySchema } from '@oja/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema';
import type { ActorContext } from '../../platform/context';
import { conflict, PG, pgConstraint, pgErrorCode } from '../../platform/errors';
import { loadUser } from './user-answer';

export async function updateProfile(ctx: ActorContext, input: z.output<typeof updateProfileBodySchema>): Promise<User> {
  const emailTaken = () => conflict(MESSAGES.auth.emailTaken, { email: [MESSAGES.auth.emailTaken] });
  const [other] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${input.email}`, ne(users.id, ctx.actor.userId)))
    .limit(1);
  if (other) throw emailTaken();
  try {
    await ctx.db
      .update(users)
      .set({ first_name: input.first_name, last_name: input.last_name, email: input.email, updated_at: new Date() })
      .where(eq(users.id, ctx.actor.userId));
  } catch (error) {
    if (pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'users_email_lower_key')
      throw emailTaken();
    throw error;
  }
  return loadUser(ctx.db, ctx.actor.userId);
}
