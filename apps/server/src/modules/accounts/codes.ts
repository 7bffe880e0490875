import { CODE_MAX_ATTEMPTS, CODE_TTL_MINUTES, ERROR_CODES, MESSAGES } from '@oja/contract';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { one_time_codes } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { sixDigitCode, type TokenService } from '../../platform/tokens';

export type CodePurpose = 'activate' | 'reset' | 'email';

/**
 * Issues a fresh six-digit code. Earlier codes of the same purpose stop working:
 * only the newest one counts, so requesting a new code is also how a locked one is replaced.
 */
export async function issueCode(
  db: Queryable,
  tokens: TokenService,
  userId: number,
  purpose: CodePurpose,
  newEmail: string | null = null,
): Promise<string> {
  const code = sixDigitCode();
  await cancelCodes(db, userId, purpose);
  await db.insert(one_time_codes).values({
    user_id: userId,
    purpose,
    code_hash: tokens.hashCode(purpose, userId, code),
    new_email: newEmail,
    expires_at: sql`now() + make_interval(mins => ${CODE_TTL_MINUTES})`,
  });
  return code;
}

/** Ends the user's codes of this purpose that are still open. */
export async function cancelCodes(db: Queryable, userId: number, purpose: CodePurpose): Promise<void> {
  await db
    .update(one_time_codes)
    .set({ consumed_at: sql`now()` })
    .where(
      and(eq(one_time_codes.user_id, userId), eq(one_time_codes.purpose, purpose), isNull(one_time_codes.consumed_at)),
    );
}

/** A spent code answers the address it confirms (for an 'email' code). */
export type CodeCheck = { ok: true; newEmail: string | null } | { ok: false; error: AppError };

export const invalidCode = () =>
  new AppError(400, ERROR_CODES.invalidCode, MESSAGES.auth.codeInvalid, { code: [MESSAGES.auth.codeInvalid] });
const locked = () =>
  new AppError(400, ERROR_CODES.invalidCode, MESSAGES.auth.codeLocked, { code: [MESSAGES.auth.codeLocked] });

/**
 * Spends the user's newest code of this purpose if it matches. A code works
 * once, for ten minutes, and after five wrong tries it is dead. Both the
 * consumption and the try counter are single atomic updates, so two requests
 * racing with the same code cannot both succeed.
 */
export async function consumeCode(
  db: Queryable,
  tokens: TokenService,
  userId: number,
  purpose: CodePurpose,
  code: string,
): Promise<CodeCheck> {
  const [current] = await db
    .select()
    .from(one_time_codes)
    .where(
      and(eq(one_time_codes.user_id, userId), eq(one_time_codes.purpose, purpose), isNull(one_time_codes.consumed_at)),
    )
    .orderBy(desc(one_time_codes.created_at), desc(one_time_codes.id))
    .limit(1);
  if (!current || current.expires_at <= new Date()) return { ok: false, error: invalidCode() };
  if (current.attempts >= CODE_MAX_ATTEMPTS) return { ok: false, error: locked() };
  if (!tokens.codeMatches(current.code_hash, purpose, userId, code)) {
    const [counted] = await db
      .update(one_time_codes)
      .set({ attempts: sql`${one_time_codes.attempts} + 1` })
      .where(and(eq(one_time_codes.id, current.id), lt(one_time_codes.attempts, CODE_MAX_ATTEMPTS)))
      .returning({ attempts: one_time_codes.attempts });
    const attempts = counted?.attempts ?? CODE_MAX_ATTEMPTS;
    return { ok: false, error: attempts >= CODE_MAX_ATTEMPTS ? locked() : invalidCode() };
  }
  const [spent] = await db
    .update(one_time_codes)
    .set({ consumed_at: sql`now()` })
    .where(
      and(
        eq(one_time_codes.id, current.id),
        isNull(one_time_codes.consumed_at),
        lt(one_time_codes.attempts, CODE_MAX_ATTEMPTS),
        sql`${one_time_codes.expires_at} > now()`,
      ),
    )
    .returning({ id: one_time_codes.id });
  return spent ? { ok: true, newEmail: current.new_email } : { ok: false, error: invalidCode() };
}
