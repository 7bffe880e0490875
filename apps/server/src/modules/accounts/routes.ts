import {
  activateBodySchema,
  authResultSchema,
  ceoRegisterBodySchema,
  changePasswordBodySchema,
  emptySchema,
  envelope,
  forgotPasswordBodySchema,
  loginBodySchema,
  MESSAGES,
  profileSchema,
  REFRESH_COOKIE,
  refreshBodySchema,
  registeredSchema,
  resetPasswordBodySchema,
  tokenPairSchema,
  updateProfileBodySchema,
} from '@oja/contract';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod';
import { assertCsrf, clearSessionCookies, requireActor, setSessionCookies } from '../../platform/auth';
import { unauthenticated } from '../../platform/errors';
import type { Api } from '../../platform/http';
import { ok } from '../../platform/http';
import { activateAccount } from './activate';
import { login } from './login';
import { forgotPassword, resetPassword } from './password-reset';
import { changePassword, updateProfile } from './profile';
import { registerCeo } from './register-ceo';
import { type ClientInfo, revokeSession, rotateRefreshToken, sessionOfRefreshToken } from './sessions';
import { loadUser } from './user-answer';

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
const tags = ['users'];

/** The /users/ calls of spec section 7 that make and keep an account, plus token refresh and logout. */
export async function accountRoutes(app: Api): Promise<void> {
  const { deps } = app;

  app.post(
    '/users/ceo-register/',
    { schema: { tags, security: [], body: ceoRegisterBodySchema, response: { 201: envelope(registeredSchema) } } },
    async (request, reply) => {
      const { user, mailSent } = await registerCeo(deps, request.body, clientOf(request));
      const description = mailSent ? MESSAGES.auth.registered : MESSAGES.auth.registeredMailFailed;
      return reply.status(201).send(ok(description, { user }));
    },
  );

  app.post(
    '/users/activate/',
    {
      schema: {
        tags,
        security: [],
        body: activateBodySchema,
        response: { 200: envelope(z.union([authResultSchema, emptySchema])), 503: envelope(emptySchema) },
      },
    },
    async (request, reply) => {
      const outcome = await activateAccount(deps, request.body, clientOf(request));
      if (outcome.kind === 'resent') {
        const description = outcome.mailSent ? MESSAGES.auth.codeResent : MESSAGES.auth.mailFailed;
        return reply.status(outcome.mailSent ? 200 : 503).send(ok(description, {}));
      }
      setSessionCookies(request, reply, outcome.session);
      return ok(MESSAGES.auth.activated, outcome.result);
    },
  );

  app.post(
    '/users/login/',
    { schema: { tags, security: [], body: loginBodySchema, response: { 200: envelope(authResultSchema) } } },
    async (request, reply) => {
      const { result, session } = await login(deps, request.body, clientOf(request));
      setSessionCookies(request, reply, session);
      return ok(MESSAGES.auth.loggedIn, result);
    },
  );

  app.post(
    '/users/forgot-password/',
    { schema: { tags, security: [], body: forgotPasswordBodySchema, response: { 200: envelope(emptySchema) } } },
    async (request) => {
      await forgotPassword(deps, request.body.email, clientOf(request));
      return ok(MESSAGES.auth.forgotSent, {});
    },
  );

  app.post(
    '/users/reset-password/',
    { schema: { tags, security: [], body: resetPasswordBodySchema, response: { 200: envelope(emptySchema) } } },
    async (request, reply) => {
      await resetPassword(deps, request.body, clientOf(request));
      clearSessionCookies(reply);
      return ok(MESSAGES.auth.passwordReset, {});
    },
  );

  app.get('/users/profile/view/', { schema: { tags, response: { 200: envelope(profileSchema) } } }, async (request) => {
    const actor = await requireActor(request);
    return ok(MESSAGES.auth.profile, { user: await loadUser(deps.db, actor.userId) });
  });

  app.put(
    '/users/update-profile/',
    { schema: { tags, body: updateProfileBodySchema, response: { 200: envelope(profileSchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      return ok(MESSAGES.auth.profileUpdated, { user: await updateProfile(deps, actor, request.body) });
    },
  );

  app.post(
    '/users/change-password/',
    { schema: { tags, body: changePasswordBodySchema, response: { 200: envelope(emptySchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      await changePassword(deps, actor, request.body);
      return ok(MESSAGES.auth.passwordChanged, {});
    },
  );

  // Refresh and logout may come without a body (Fastify hands the schema null), hence nullish.
  app.post(
    '/users/token/refresh/',
    {
      schema: { tags, security: [], body: refreshBodySchema.nullish(), response: { 200: envelope(tokenPairSchema) } },
    },
    async (request, reply) => {
      const fromBody = request.body?.refresh_token;
      const token = fromBody ?? request.cookies[REFRESH_COOKIE];
      if (!token) throw unauthenticated();
      if (!fromBody) assertCsrf(request);
      const pair = await rotateRefreshToken(deps.db, deps.tokens, token);
      if (!fromBody) setSessionCookies(request, reply, pair);
      return ok(MESSAGES.auth.refreshed, { access_token: pair.accessToken, refresh_token: pair.refreshToken });
    },
  );

  app.post(
    '/users/logout/',
    { schema: { tags, body: refreshBodySchema.nullish(), response: { 200: envelope(emptySchema) } } },
    async (request, reply) => {
      const sessionId = await sessionToEnd(request);
      if (sessionId) await revokeSession(deps.db, sessionId, 'logout');
      clearSessionCookies(reply);
      return ok(MESSAGES.auth.loggedOut, {});
    },
  );

  /** Logout works with an expired access token too: the refresh token names the session. */
  async function sessionToEnd(request: FastifyRequest<{ Body: { refresh_token?: string } | null | undefined }>) {
    const actor = await requireActor(request).catch(() => null);
    if (actor) return actor.sessionId;
    const fromBody = request.body?.refresh_token;
    const token = fromBody ?? request.cookies[REFRESH_COOKIE];
    if (!token) return null;
    if (!fromBody) assertCsrf(request);
    return sessionOfRefreshToken(deps.db, token);
  }
}
