import { ACCOUNT_ENDPOINTS, MESSAGES } from '@oja/contract';
import { assertCookieLogoutCsrf, clearSessionCookies, refreshTokenOf, setSessionCookies } from '../../platform/auth';
import { answer, handlers } from '../../platform/endpoints';
import { unauthenticated } from '../../platform/errors';
import { activateAccount } from './activate';
import { changePassword } from './change-password';
import { confirmEmail } from './confirm-email';
import { demoLogin } from './demo-login';
import { forgotPassword } from './forgot-password';
import { login } from './login';
import { logout } from './logout';
import { refreshSession } from './refresh-session';
import { registerCeo } from './register-ceo';
import { resetPassword } from './reset-password';
import { undoEmailChange } from './undo-email-change';
import { updateProfile } from './update-profile';
import { userAnswer } from './user-answer';

/** The session travels in cookies for the web app and in the answer for other clients. */
export const accountHandlers = handlers(ACCOUNT_ENDPOINTS, {
  register: async (ctx, body) => {
    const { user, mailSent } = await registerCeo(ctx, body);
    return mailSent ? { user } : answer({ user }, { message: MESSAGES.auth.registeredMailFailed });
  },
  activate: async (ctx, body, { request, reply }) => {
    const outcome = await activateAccount(ctx, body);
    if (outcome.kind === 'resent') {
      const message = outcome.mailSent ? MESSAGES.auth.codeResent : MESSAGES.auth.mailFailed;
      return answer({}, { message, status: outcome.mailSent ? 200 : 503 });
    }
    setSessionCookies(request, reply, outcome.session, { isNewLogin: true });
    return outcome.result;
  },
  login: async (ctx, body, { request, reply }) => {
    const { result, session } = await login(ctx, body);
    setSessionCookies(request, reply, session, { isNewLogin: true });
    return result;
  },
  demoLogin: async (ctx, _body, { request, reply }) => {
    const { result, session } = await demoLogin(ctx);
    setSessionCookies(request, reply, session, { isNewLogin: true });
    return result;
  },
  forgotPassword: async (ctx, body) => {
    await forgotPassword(ctx, body.email);
    return {};
  },
  resetPassword: async (ctx, body, { reply }) => {
    await resetPassword(ctx, body);
    clearSessionCookies(reply);
    return {};
  },
  // The gate has just read the caller's row with the session, in this request.
  profile: async (ctx) => ({ user: await userAnswer(ctx.db, ctx.actor.user) }),
  updateProfile: async (ctx, body) => {
    const { user, pendingEmail } = await updateProfile(ctx, body);
    const result = { user, pending_email: pendingEmail };
    return pendingEmail ? answer(result, { message: MESSAGES.auth.emailCodeSent(pendingEmail) }) : result;
  },
  confirmEmail: async (ctx, body) => ({ user: await confirmEmail(ctx, body) }),
  undoEmailChange: async (ctx, body, { reply }) => {
    const email = await undoEmailChange(ctx, body.token);
    // Every session has ended, this browser's too.
    clearSessionCookies(reply);
    return answer({ email }, { message: MESSAGES.auth.emailChangeUndone(email) });
  },
  changePassword: async (ctx, body) => {
    await changePassword(ctx, body);
    return {};
  },
  refresh: async (ctx, body, { request, reply }) => {
    const presented = refreshTokenOf(request, body);
    if (!presented) throw unauthenticated();
    const pair = await refreshSession(ctx, presented.token);
    if (presented.viaCookie) setSessionCookies(request, reply, pair);
    return { access_token: pair.accessToken, refresh_token: pair.refreshToken };
  },
  logout: async (ctx, body, { request, reply }) => {
    assertCookieLogoutCsrf(request);
    await logout(ctx, ctx.actor ? null : (refreshTokenOf(request, body)?.token ?? null));
    clearSessionCookies(reply);
    return {};
  },
});
