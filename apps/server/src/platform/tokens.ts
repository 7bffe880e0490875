import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_MINUTES } from '@oja/contract';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'oja';
const AUDIENCE = 'oja-api';

export type AccessClaims = { userId: number; sessionId: string };

export type TokenService = {
  /** `issuedAt` (a time, to the second) makes the token: signed twice with it, the token is the same. */
  signAccess(claims: AccessClaims, issuedAt?: Date): Promise<string>;
  /** Answers the claims, or null for a token that is malformed, forged or expired. */
  verifyAccess(token: string): Promise<AccessClaims | null>;
  /** A keyed hash: a leaked table of code hashes cannot be reversed by trying all 10^6 codes. */
  hashCode(purpose: string, userId: number, code: string): string;
  codeMatches(hash: string, purpose: string, userId: number, code: string): boolean;
  /**
   * The refresh token that follows `refreshToken` when it is rotated: a keyed hash of it, so that every server
   * (they share the secret) makes the same one again for the rotation's grace window without storing it.
   */
  successorOf(refreshToken: string): string;
};

/** How many verified access tokens a server remembers (a few hundred bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  const verifiedTokens = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  // Imported once: given the raw bytes, jose imports them into WebCrypto on every sign and verify, a
  // visible share of the server's CPU under load.
  const cryptoKey = crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const hashCode = (purpose: string, userId: number, code: string) =>
    createHmac('sha256', key).update(`${purpose}:${userId}:${code}`).digest('hex');
  return {
    signAccess: async ({ userId, sessionId }, issuedAt = new Date()) => {
      const iat = Math.floor(issuedAt.getTime() / 1000);
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_MINUTES * 60)
        .sign(await cryptoKey);
    },
    async verifyAccess(token) {
      // A token once verified stays good until its exp: the answer for it is kept (a bounded map, oldest
      // out first) rather than checking its HMAC again on each of the session's requests, which was still
      // a visible share of the server's CPU after the key import. The session itself is still looked up on
      // every request (authenticate), so a logout ends it at once.
      const known = verifiedTokens.get(token);
      if (known && known.expiresAt > Date.now()) return known.claims;
      try {
        const { payload } = await jwtVerify(token, await cryptoKey, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') return null;
        const claims = { userId, sessionId: payload.sid };
        if (typeof payload.exp === 'number') {
          if (verifiedTokens.size >= VERIFIED_TOKENS_KEPT) verifiedTokens.delete(verifiedTokens.keys().next().value!);
          verifiedTokens.set(token, { claims, expiresAt: payload.exp * 1000 });
        }
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
    hashCode,
    successorOf: (refreshToken) => createHmac('sha256', key).update(`refresh:${refreshToken}`).digest('base64url'),
    codeMatches(hash, purpose, userId, code) {
      const expected = Buffer.from(hashCode(purpose, userId, code), 'hex');
      const actual = Buffer.from(hash, 'hex');
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}

/** An opaque random token (refresh tokens, CSRF tokens). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Refresh tokens are stored as SHA-256: they are long random strings, so a plain hash is enough. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
