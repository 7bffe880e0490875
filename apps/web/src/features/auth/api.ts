import type {
  ActivateBody,
  AuthResult,
  CeoRegisterBody,
  ForgotPasswordBody,
  LoginBody,
  ResetPasswordBody,
  User,
} from '@oja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { startSession } from './session';

/**
 * The calls that start a session. The server sets the HttpOnly session cookies
 * itself; the page only learns who is now logged in.
 */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<AuthResult>('/users/login/', body),
    onSuccess: ({ data }) => startSession(client, data.user),
  });
}

export function useRegisterCeo() {
  return useMutation({
    mutationFn: (body: CeoRegisterBody) => api.post<{ user: User }>('/users/ceo-register/', body),
  });
}

export function useActivate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; code: string }) => api.post<AuthResult>('/users/activate/', body),
    onSuccess: ({ data }) => startSession(client, data.user),
  });
}

/** Mails a new verification code; the answer carries no tokens. */
export function useResendCode() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<Record<string, never>>('/users/activate/', { email, resend_code: true } satisfies ActivateBody),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) => api.post<Record<string, never>>('/users/forgot-password/', body),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => api.post<Record<string, never>>('/users/reset-password/', body),
  });
}
