import { ACCOUNT_ENDPOINTS, type EndpointInput } from '@oja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { setSessionUser } from '../auth/session';

/** The answer is the updated user, which replaces the session's copy: every screen shows the new name at once. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointInput<typeof ACCOUNT_ENDPOINTS.updateProfile>) =>
      call(ACCOUNT_ENDPOINTS.updateProfile, body),
    onSuccess: ({ data }) => setSessionUser(client, data.user),
  });
}

/** Enters the code mailed to a new address: the new email becomes the account's. */
export function useConfirmEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointInput<typeof ACCOUNT_ENDPOINTS.confirmEmail>) =>
      call(ACCOUNT_ENDPOINTS.confirmEmail, body),
    onSuccess: ({ data }) => setSessionUser(client, data.user),
  });
}

/** The server ends the user's other sessions; this one stays, so nothing cached changes. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: EndpointInput<typeof ACCOUNT_ENDPOINTS.changePassword>) =>
      call(ACCOUNT_ENDPOINTS.changePassword, body),
  });
}
