import type { OptionalActorContext } from '../../platform/context';
import { revokeSession, sessionOfRefreshToken } from './sessions';

/**
 * Ends the caller's session: the one of the live access token, or else the one the refresh token
 * names, so that logging out works after the access token has expired.
 */
export async function logout(ctx: OptionalActorContext, refreshToken: string | null): Promise<void> {
  const sessionId = ctx.actor?.sessionId ?? (refreshToken ? await sessionOfRefreshToken(ctx.db, refreshToken) : null);
  if (sessionId) await revokeSession(ctx.db, sessionId, 'logout');
}
