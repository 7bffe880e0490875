import { timingSafeEqual } from 'node:crypto';
import {
  ACCESS_COOKIE,
  CSRF_COOKIE,
  CSRF_HEADER,
  ERROR_CODES,
  MESSAGES,
  REFRESH_COOKIE,
  SESSION_DAYS,
} from '@oja/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessions, users } from '../db/schema';
import { AppError, unauthenticated } from './errors';
import { randomToken } from './tokens';

export type UserRow = typeof users.$inferSelect;

/** Who is calling: the user and the session (device) they called from. */
export type Actor = { userId: number; sessionId: string; user: UserRow; via: 'bearer' | 'cookie' };

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Authenticates the request or refuses it with 401. A Bearer token wins over the
 * cookie. The session is looked up on every request, so that logging out,
 * resetting a password, or a deactivated or deleted member takes effect at once.
 */
export async function authenticate(request: FastifyRequest): Promise<Actor> {
  if (request.actor) return request.actor;
  const { db, tokens } = request.server.deps;
  const header = request.headers.authorization;
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const token = bearer ?? request.cookies[ACCESS_COOKIE];
  if (!token) throw unauthenticated();
  const via = bearer ? 'bearer' : 'cookie';
  if (via === 'cookie') assertCsrf(request);
  const claims = await tokens.verifyAccess(token);
  if (!claims) throw unauthenticated(MESSAGES.auth.sessionExpired);
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.user_id, claims.userId),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, new Date()),
        eq(users.is_active, true),
      ),
    )
    .limit(1);
  if (!row) throw unauthenticated(MESSAGES.auth.sessionExpired);
  request.actor = { userId: claims.userId, sessionId: claims.sessionId, user: row.user, via };
  return request.actor;
}

/**
 * Double-submit check for writes that ride on the session cookie: the request
 * must echo the readable csrftoken cookie in the X-CSRFToken header, which a
 * page on another site cannot read. Bearer clients carry no ambient credential
 * and need no such check.
 */
export function assertCsrf(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  const sent = Array.isArray(header) ? header[0] : header;
  if (!cookie || !sent || cookie.length !== sent.length || !timingSafeEqual(Buffer.from(cookie), Buffer.from(sent))) {
    throw new AppError(403, ERROR_CODES.csrf, MESSAGES.auth.csrf);
  }
}

/**
 * The refresh token of a refresh or logout: from the body (a client that keeps its tokens), or from
 * the HttpOnly cookie, which must then come with the anti-forgery header like any cookie write.
 */
export function refreshTokenOf(request: FastifyRequest, body: { refresh_token?: string } | null | undefined) {
  const fromBody = body?.refresh_token;
  if (fromBody) return { token: fromBody, viaCookie: false };
  const fromCookie = request.cookies[REFRESH_COOKIE];
  if (!fromCookie) return null;
  assertCsrf(request);
  return { token: fromCookie, viaCookie: true };
}

/**
 * A logout that rides on the session cookies (no Bearer token) must carry the anti-forgery header,
 * whatever else it carries: else a page on another site could make it answer 200 and end nothing,
 * or a half-logout could leave the cookie session alive while the web app believes it ended.
 */
export function assertCookieLogoutCsrf(request: FastifyRequest): void {
  if (/^Bearer\s/i.test(request.headers.authorization ?? '')) return;
  if (request.cookies[ACCESS_COOKIE] || request.cookies[REFRESH_COOKIE]) assertCsrf(request);
}

/**
 * Sets the session cookies. A login (`isNewLogin`) also sets a fresh anti-forgery token: one planted
 * or read before the login must not be good for the new session.
 */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: { accessToken: string; refreshToken: string },
  options: { isNewLogin?: boolean } = {},
): void {
  const secure = request.server.deps.config.cookieSecure || request.protocol === 'https';
  const maxAge = SESSION_DAYS * 24 * 60 * 60;
  const base = { path: '/', sameSite: 'lax' as const, secure, maxAge };
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, { ...base, httpOnly: true });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, { ...base, httpOnly: true });
  if (options.isNewLogin || !request.cookies[CSRF_COOKIE]) {
    reply.setCookie(CSRF_COOKIE, randomToken(24), { ...base, httpOnly: false });
  }
}

export function clearSessionCookies(reply: FastifyReply): void {
  for (const name of [ACCESS_COOKIE, REFRESH_COOKIE]) reply.clearCookie(name, { path: '/' });
}
