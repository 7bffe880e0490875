import { MESSAGES, SESSION_DAYS } from '@oja/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { refresh_tokens, sessions } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { unauthenticated } from '../../platform/errors';
import { hashToken, randomToken, type TokenService } from '../../platform/tokens';

export type SessionTokens = { sessionId: string; accessToken: string; refreshToken: string };

import type { ClientInfo } from '../../platform/context';

/** However often it is refreshed, a session ends this long after its login: a stolen one cannot live for ever. */
const SESSION_MAX_DAYS = 30;

const sessionEnd = () => sql`now() + make_interval(days => ${SESSION_DAYS})`;
/** A refresh extends the session by SESSION_DAYS, never past its login + SESSION_MAX_DAYS. */
const extendedSessionEnd = () =>
  sql`least(now() + make_interval(days => ${SESSION_DAYS}), ${sessions.created_at} + make_interval(days => ${SESSION_MAX_DAYS}))`;
const isPastAbsoluteEnd = (createdAt: Date) => createdAt.getTime() + SESSION_MAX_DAYS * 86_400_000 <= Date.now();

/** Opens a session (one device's login) and answers its first token pair. */
export async function openSession(
  db: Queryable,
  tokens: TokenService,
  userId: number,
  client: ClientInfo,
): Promise<SessionTokens> {
  const [session] = await db
    .insert(sessions)
    .values({ user_id: userId, expires_at: sessionEnd(), ip: client.ip, user_agent: client.userAgent?.slice(0, 300) })
    .returning({ id: sessions.id });
  if (!session) throw new Error('Session was not created.');
  return issuePair(db, tokens, userId, session.id);
}

async function issuePair(
  db: Queryable,
  tokens: TokenService,
  userId: number,
  sessionId: string,
  refreshToken = randomToken(),
  issuedAt?: Date,
) {
  await db
    .insert(refresh_tokens)
    .values({ token_hash: hashToken(refreshToken), session_id: sessionId, expires_at: sessionEnd() });
  const accessToken = await tokens.signAccess({ userId, sessionId }, issuedAt);
  return { sessionId, accessToken, refreshToken };
}

/**
 * How long a just-rotated refresh token still answers, with the pair its rotation made. Two tabs of one phone
 * (or a tab and the counter's background sync) refresh with the same token at the same moment; without this
 * the second was taken for a thief and the session ended under both. Past the window, reuse is theft again.
 */
export const REFRESH_GRACE_SECONDS = 10;

/**
 * Trades a refresh token for a new pair. Each refresh token works once: one
 * presented a second time means it was copied, so the whole session (every
 * token descended from the same login) is revoked. Within REFRESH_GRACE_SECONDS
 * of its rotation it answers that rotation's pair again instead: the successor
 * is a keyed hash of the token and the access token is signed at the rotation's
 * time (both in the database), so every server of the database answers the same
 * pair, and nothing secret is stored to do it.
 */
export async function rotateRefreshToken(db: Db, tokens: TokenService, refreshToken: string): Promise<SessionTokens> {
  const outcome = await transaction(db, async (tx) => {
    const [row] = await tx
      .select({
        token: refresh_tokens,
        session: sessions,
        // By the database's clock, which every server shares (their own clocks may differ).
        isInGrace: sql<boolean>`${refresh_tokens.used_at} > now() - make_interval(secs => ${REFRESH_GRACE_SECONDS})`,
      })
      .from(refresh_tokens)
      .innerJoin(sessions, eq(sessions.id, refresh_tokens.session_id))
      .where(eq(refresh_tokens.token_hash, hashToken(refreshToken)))
      .for('update', { of: refresh_tokens })
      .limit(1);
    if (!row) return { kind: 'unknown' as const };
    const { token, session, isInGrace } = row;
    if (
      session.revoked_at ||
      session.expires_at <= new Date() ||
      token.expires_at <= new Date() ||
      isPastAbsoluteEnd(session.created_at)
    ) {
      return { kind: 'ended' as const };
    }
    const successor = tokens.successorOf(refreshToken);
    if (token.used_at) {
      if (isInGrace) {
        const accessToken = await tokens.signAccess({ userId: session.user_id, sessionId: session.id }, token.used_at);
        return { kind: 'rotated' as const, pair: { sessionId: session.id, accessToken, refreshToken: successor } };
      }
      await revokeSession(tx, session.id, 'refresh token reused');
      return { kind: 'reused' as const };
    }
    const [used] = await tx
      .update(refresh_tokens)
      .set({ used_at: sql`now()` })
      .where(eq(refresh_tokens.token_hash, token.token_hash))
      .returning({ at: refresh_tokens.used_at });
    await tx.update(sessions).set({ expires_at: extendedSessionEnd() }).where(eq(sessions.id, session.id));
    return {
      kind: 'rotated' as const,
      pair: await issuePair(tx, tokens, session.user_id, session.id, successor, used?.at ?? undefined),
    };
  });
  if (outcome.kind !== 'rotated') throw unauthenticated(MESSAGES.auth.sessionExpired);
  return outcome.pair;
}

export async function revokeSession(db: Queryable, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

/** Ends every session of a user (password reset, deactivation), except optionally the caller's own. */
export async function revokeUserSessions(
  db: Queryable,
  userId: number,
  reason: string,
  keepSessionId?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        keepSessionId ? sql`${sessions.id} <> ${keepSessionId}` : undefined,
      ),
    );
}

/** The session a refresh token belongs to, if any (logout without a valid access token). */
export async function sessionOfRefreshToken(db: Queryable, refreshToken: string): Promise<string | null> {
  const [row] = await db
    .select({ sessionId: refresh_tokens.session_id })
    .from(refresh_tokens)
    .where(eq(refresh_tokens.token_hash, hashToken(refreshToken)))
    .limit(1);
  return row?.sessionId ?? null;
}
