import { BUSINESS_TIME_ZONE, type ceoRegisterBodySchema, FREE_TRIAL_DAYS, MESSAGES, type User } from '@oja/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { businesses, memberships, users } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { conflict, PG, pgConstraint, pgErrorCode } from '../../platform/errors';
import { assertWithinLimits, LIMITS, recordFailure } from '../../platform/rate-limit';
import { uniqueSlug } from '../businesses/slug';
import { issueCode } from './codes';
import { findUserByEmail } from './find-user';
import { sendMail, verificationMail } from './mails';
import { hashPassword } from './passwords';
import type { ClientInfo } from './sessions';
import { loadUser } from './user-answer';
import { isUsernameTaken, uniqueUsername } from './usernames';

type Input = z.output<typeof ceoRegisterBodySchema>;

/** The first business's trial ends this many days after sign-up, counted in Lagos days. */
export const trialEnd = () => sql`((now() at time zone ${BUSINESS_TIME_ZONE})::date + ${FREE_TRIAL_DAYS}::int)`;

/**
 * A CEO signs up: the account (inactive until the emailed code is entered), their
 * first business with a unique slug and a free trial, and their CEO membership,
 * all in one transaction; then the code is mailed.
 */
export async function registerCeo(
  deps: Deps,
  input: Input,
  client: ClientInfo,
): Promise<{ user: User; mailSent: boolean }> {
  const mailKeys = [{ limit: LIMITS.mailPerIp, id: client.ip }];
  await assertWithinLimits(deps.db, mailKeys);
  const passwordHash = await hashPassword(input.password);

  const created = await withUniqueRetry(() =>
    deps.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, input.email)) {
        throw conflict(MESSAGES.auth.emailTaken, { email: [MESSAGES.auth.emailTaken] });
      }
      if (input.username && (await isUsernameTaken(tx, input.username))) {
        throw conflict(MESSAGES.auth.usernameTaken, { username: [MESSAGES.auth.usernameTaken] });
      }
      const username = input.username ?? (await uniqueUsername(tx, input.first_name, input.last_name));
      const [user] = await tx
        .insert(users)
        .values({
          first_name: input.first_name,
          last_name: input.last_name,
          email: input.email,
          username,
          password_hash: passwordHash,
          account_role: 'ceo',
          is_active: false,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('User was not created.');
      const [business] = await tx
        .insert(businesses)
        .values({
          name: input.business.name,
          slug: await uniqueSlug(tx, input.business.name),
          about: input.business.about,
          business_email: input.business.business_email,
          owner_id: user.id,
          free_trial: true,
          trial_expiration_date: trialEnd(),
        })
        .returning({ id: businesses.id });
      if (!business) throw new Error('Business was not created.');
      await tx.insert(memberships).values({ business_id: business.id, user_id: user.id, role: 'ceo', is_active: true });
      await tx.update(users).set({ current_business_id: business.id }).where(eq(users.id, user.id));
      const code = await issueCode(tx, deps.tokens, user.id, 'activate');
      return { userId: user.id, code };
    }),
  );

  await recordFailure(deps.db, mailKeys);
  const mailSent = await sendMail(deps, verificationMail(input.email, input.first_name, created.code));
  return { user: await loadUser(deps.db, created.userId), mailSent };
}

/**
 * Two sign-ups racing for the same generated slug or username: the unique index
 * refuses the second, which simply tries again with a fresh choice.
 */
async function withUniqueRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (pgErrorCode(error) !== PG.uniqueViolation) throw error;
      if (pgConstraint(error) === 'users_email_lower_key') {
        throw conflict(MESSAGES.auth.emailTaken, { email: [MESSAGES.auth.emailTaken] });
      }
      if (attempt >= 3) throw error;
    }
  }
}
