import { type ceoRegisterBodySchema, MESSAGES, type User } from '@oja/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema';
import { transaction } from '../../db/transaction';
import type { RequestContext } from '../../platform/context';
import { conflict, PG, pgConstraint, pgErrorCode } from '../../platform/errors';
import { assertWithinLimits, LIMITS, recordFailure } from '../../platform/rate-limit';
import { openBusiness } from '../businesses/open-business';
import { issueCode } from './codes';
import { findUserByEmail } from './find-user';
import { sendMail, verificationMail } from './mails';
import { hashPassword } from './passwords';
import { loadUser } from './user-answer';
import { isUsernameTaken, uniqueUsername } from './usernames';

type Input = z.output<typeof ceoRegisterBodySchema>;

/**
 * A CEO signs up: the account (inactive until the emailed code is entered), their
 * first business with a unique slug and a free trial, and their CEO membership,
 * all in one transaction; then the code is mailed.
 */
export async function registerCeo(ctx: RequestContext, input: Input): Promise<{ user: User; mailSent: boolean }> {
  const mailKeys = [{ limit: LIMITS.mailPerIp, id: ctx.client.ip }];
  const addressKey = { limit: LIMITS.registerPerAddress, id: input.email };
  await assertWithinLimits(ctx.db, [...mailKeys, addressKey]);
  // The cheap check first: a taken address costs no password hash (so its answer is not slower
  // or faster by a hash than a free one's refusal), and it spends the IP's and the address's budgets.
  if (await findUserByEmail(ctx.db, input.email)) {
    await recordFailure(ctx.db, [...mailKeys, addressKey]);
    throw conflict(MESSAGES.auth.emailTaken, { email: [MESSAGES.auth.emailTaken] });
  }
  const passwordHash = await hashPassword(input.password);

  const created = await withUniqueRetry(() =>
    transaction(ctx.db, async (tx) => {
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
      const business = await openBusiness(tx, { userId: user.id }, input.business);
      await tx.update(users).set({ current_business_id: business.id }).where(eq(users.id, user.id));
      const code = await issueCode(tx, ctx.tokens, user.id, 'activate');
      return { userId: user.id, code };
    }),
  );

  await recordFailure(ctx.db, [...mailKeys, addressKey]);
  const mailSent = await sendMail(ctx, verificationMail(input.email, input.first_name, created.code));
  return { user: await loadUser(ctx.db, created.userId), mailSent };
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
