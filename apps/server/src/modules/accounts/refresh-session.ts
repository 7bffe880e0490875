import type { RequestContext } from '../../platform/context';
import { rotateRefreshToken, type SessionTokens } from './sessions';

/** A new token pair for a refresh token; a token presented twice ends its whole session. */
export function refreshSession(ctx: RequestContext, refreshToken: string): Promise<SessionTokens> {
  return rotateRefreshToken(ctx.db, ctx.tokens, refreshToken);
}
