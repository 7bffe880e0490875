import { ACCOUNT_ENDPOINTS, type EndpointInput } from '@oja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { endSessionLocally, startSession } from './session';

const accounts = ACCOUNT_ENDPOINTS;

/**
 * The calls that start a session. The server sets the HttpOnly session cookies
 * itself; the page only learns who is now logged in.
 */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointInput<typeof accounts.login>) => call(accounts.login, body),
    onSuccess: ({ data }) => startSession(client, data.user),
  });
}

/** /test-customer-login: the demo shop's customer, without a password (the server answers 404 without a demo). */
export function useDemoLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(accounts.demoLogin, {}),
    onSuccess: ({ data }) => startSession(client, data.user),
  });
}

export function useRegisterCeo() {
  return useMutation({
    mutationFn: (body: EndpointInput<typeof accounts.register>) => call(accounts.register, body),
  });
}

/** Activation with the mailed code answers the signed-in user. */
export function useActivate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; code: string }) => call(accounts.activate, body),
    onSuccess: ({ data }) => {
      if ('user' in data) startSession(client, data.user);
    },
  });
}

/** Mails a new verification code; the answer carries no tokens. */
export function useResendCode() {
  return useMutation({
    mutationFn: (email: string) => call(accounts.activate, { email, resend_code: true }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: EndpointInput<typeof accounts.forgotPassword>) => call(accounts.forgotPassword, body),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: EndpointInput<typeof accounts.resetPassword>) => call(accounts.resetPassword, body),
  });
}

/** The link mailed to the old address: the old email comes back and every session ends, this browser's too. */
export function useUndoEmailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(accounts.undoEmailChange, { token }),
    onSuccess: () => endSessionLocally(client),
  });
}
