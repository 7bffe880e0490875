import { timingSafeEqual } from 'node:crypto';
import type { MemberRole } from '@oja/contract';
import {
  ACCESS_COOKIE,
  CSRF_COOKIE,
  CSRF_HEADER,
  ERROR_CODES,
  MESSAGES,
  REFRESH_COOKIE,
  SESSION_DAYS,
} from '@oja/contract';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { businesses, memberships, sessions, users } from '../db/schema';
import type { BusinessRow } from './context';
import { AppError, unauthenticated } from './errors';
import { activeMembership, liveSession } from './gate';
import { randomToken } from './tokens';

export type UserRow = typeof users.$inferSelect;

/**
 * The signed-in user as every request carries it: the user's row without the password's hash, which only
 * the checks of a password read (current-password.ts, login). What a request does not hold, no mistake in
 * an answer or a log line can leak.
 */
export type SignedInUser = Omit<UserRow, 'password_hash'>;
const { password_hash: _hash, ...signedInUserColumns } = getTableColumns(users);

/** Who is calling: the user and the session (device) they called from. */
export type Actor = { userId: number; sessionId: string; user: SignedInUser; via: 'bearer' | 'cookie' };

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The caller's active membership in the business a route names, found with the session. */
export type Membership = { role: MemberRole; business: BusinessRow };

/**
 * The session (with its user) and, when a business is named, the caller's active membership in it: one
 * statement, one round trip, instead of two after each other. Prepared once per connection under a
 * name (drizzle's prepare): PostgreSQL parses it once and drizzle builds its SQL once, not per request.
 * On a list the gate's statements were half of a request's. Its conditions are gate.ts's (liveSession,
 * activeMembership), which the hottest reads fold into their own statement (gateSql).
 *
 * A request that names no business reads the session and its user only (`oja_gate_user`): the business's
 * columns, null there, were still described in every answer and parsed by node-postgres on each request.
 */
type GateStatements = { user: ReturnType<typeof prepareUserGate>; business: ReturnType<typeof prepareGate> };
const gateStatements = new WeakMap<Db, GateStatements>();
function prepareGate(db: Db) {
  return db
    .select({ user: signedInUserColumns, role: memberships.role, business: businesses })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(memberships, activeMembership(sql.placeholder('businessId')))
    .leftJoin(businesses, eq(businesses.id, memberships.business_id))
    .where(liveSession(sql.placeholder('sessionId'), sql.placeholder('userId'), sql.placeholder('now')))
    .limit(1)
    .prepare('oja_gate');
}
function prepareUserGate(db: Db) {
  return db
    .select({ user: signedInUserColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(liveSession(sql.placeholder('sessionId'), sql.placeholder('userId'), sql.placeholder('now')))
    .limit(1)
    .prepare('oja_gate_user');
}

/**
 * Authenticates the request or refuses it with 401. A Bearer token wins over the
 * cookie. The session is looked up on every request, so that logging out,
 * resetting a password, or a deactivated or deleted member takes effect at once.
 */
export async function authenticate(request: FastifyRequest): Promise<Actor> {
  if (request.actor) return request.actor;
  return (await authenticateIn(request, null)).actor;
}

/**
 * The access token's claims (its session and user), or 401: what the request carries, before any statement. A
 * Bearer token wins over the cookie, which must come with the anti-forgery header on a write.
 */
export async function accessClaims(
  request: FastifyRequest,
): Promise<{ claims: { sessionId: string; userId: number }; via: Actor['via'] }> {
  const header = request.headers.authorization;
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const token = bearer ?? request.cookies[ACCESS_COOKIE];
  if (!token) throw unauthenticated();
  const via = bearer ? 'bearer' : 'cookie';
  if (via === 'cookie') assertCsrf(request);
  const claims = await request.server.deps.tokens.verifyAccess(token);
  if (!claims) throw unauthenticated(MESSAGES.auth.sessionExpired);
  return { claims, via };
}

/**
 * authenticate(), and in the same statement the caller's active membership in `businessId` (null when
 * there is none, or when no business is named). The gate turns a missing membership into its 404.
 */
export async function authenticateIn(
  request: FastifyRequest,
  businessId: number | null,
): Promise<{ actor: Actor; membership: Membership | null }> {
  const { db } = request.server.deps;
  const { claims, via } = await accessClaims(request);
  let gate = gateStatements.get(db);
  if (!gate) {
    gate = { user: prepareUserGate(db), business: prepareGate(db) };
    gateStatements.set(db, gate);
  }
  const session = { sessionId: claims.sessionId, userId: claims.userId, now: new Date().toISOString() };
  const found = await readGate(gate, session, businessId);
  if (!found) throw unauthenticated(MESSAGES.auth.sessionExpired);
  const { user, membership } = found;
  request.actor = { userId: claims.userId, sessionId: claims.sessionId, user, via };
  return { actor: request.actor, membership };
}

/** The live session's user and, when a business is named, the caller's active membership in it; none: no session. */
async function readGate(
  gate: GateStatements,
  session: { sessionId: string; userId: number; now: string },
  businessId: number | null,
): Promise<{ user: SignedInUser; membership: Membership | null } | undefined> {
  if (businessId === null) {
    const [row] = await gate.user.execute(session);
    return row && { user: row.user, membership: null };
  }
  const [row] = await gate.business.execute({ ...session, businessId });
  if (!row) return undefined;
  return { user: row.user, membership: row.role && row.business ? { role: row.role, business: row.business } : null };
}

/**
 * Double-submit check for writes that ride on the session cookie: the request
 * must echo the readable csrftoken cookie in the X-CSRFToken header, which a
 * page on another site cannot read. Bearer clients carry no ambient credential
 * and need no such check.
 */
function assertCsrf(request: FastifyRequest): void {
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
