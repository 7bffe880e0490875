import { notifications } from '@mantine/notifications';
import { ACCOUNT_ENDPOINTS, CSRF_COOKIE, MESSAGES, type User } from '@oja/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, call, earlyData, endSessionWork, setSessionLostHandler, startSessionWork } from '../../lib/api';
import { forgetLastKnown, orLastKnown, rememberLastKnown } from '../../lib/last-known';
import { forgetScreenCopies } from '../../lib/offline-copies';

export const sessionKey = ['session'] as const;

/**
 * The logged-in user, or null for a guest. The session itself lives in HttpOnly
 * cookies the page cannot read; the csrftoken cookie set beside them tells
 * whether asking the server is worth a round trip at all.
 */
async function fetchSession(): Promise<User | null> {
  if (!document.cookie.split('; ').some((part) => part.startsWith(`${CSRF_COOKIE}=`))) return null;
  try {
    // With no network, the person last signed in here (lib/last-known.ts): the counter sells offline.
    return await orLastKnown('session', async () => (await call(ACCOUNT_ENDPOINTS.profile)).data.user);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useSession() {
  const session = useQuery({
    queryKey: sessionKey,
    queryFn: fetchSession,
    // Asked even when the phone says it is offline (React Query would wait): the answer kept here is used then.
    networkMode: 'always',
    staleTime: 5 * 60_000,
    retry: 1,
    // The profile index.html asked for, when it has answered: the first render is the page, not a loader.
    ...earlyData(ACCOUNT_ENDPOINTS.profile, undefined, (profile) => profile.user),
  });
  useEffect(() => rememberLastKnown('session', session.data), [session.data]);
  return session;
}

/** The logged-in user inside protected pages (the guard has already made sure there is one). */
export function useCurrentUser(): User {
  const { data } = useSession();
  if (!data) throw new Error('useCurrentUser outside a protected route');
  return data;
}

export function setSessionUser(client: QueryClient, user: User | null): void {
  client.setQueryData(sessionKey, user);
}

/**
 * A login or a verification has just set new session cookies. Anything cached
 * may belong to whoever was logged in before (verification works while logged
 * in), so it goes before the new user is shown.
 */
export function startSession(client: QueryClient, user: User): void {
  forgetUserData(client);
  startSessionWork();
  setSessionUser(client, user);
}

/** Every cached answer except the session entry itself, which the guards watch. */
function forgetUserData(client: QueryClient): void {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
}

/**
 * When the server says the session is over (it expired, or the owner removed or deactivated the person),
 * everything cached for that user goes with it, and the person is told why they are on the login page
 * rather than left to guess. Parallel calls that meet the end share one toast.
 */
export function installSessionLostHandler(client: QueryClient): void {
  setSessionLostHandler(() => {
    endSessionLocally(client);
    notifications.show({ id: 'session-ended', message: MESSAGES.auth.sessionExpired, color: 'red' });
  });
}

/**
 * Forgets everything cached for the user. The session entry itself is kept and
 * set to "guest" rather than removed, so that the guards watching it (and a
 * session read still in flight) move on to /login at once.
 */
export function endSessionLocally(client: QueryClient): void {
  // The anti-forgery cookie outlives the session; without it the next load does not ask for a profile (a 401).
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from many cheap phones' browsers
  document.cookie = `${CSRF_COOKIE}=; Max-Age=0; path=/; SameSite=Lax`;
  endSessionWork();
  forgetUserData(client);
  forgetLastKnown();
  // Before the session entry turns to guest: a copy being written for this person then sees them gone.
  forgetScreenCopies();
  client.getMutationCache().clear();
  setSessionUser(client, null);
}

export function useLogout() {
  const client = useQueryClient();
  return async () => {
    endSessionWork();
    await call(ACCOUNT_ENDPOINTS.logout, {}).catch(() => {});
    endSessionLocally(client);
  };
}
