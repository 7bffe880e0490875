import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_MINUTES } from '@oja/contract';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'oja';
const AUDIENCE = 'oja-api';

export type AccessClaims = { userId: number; sessionId: string };

export type TokenService = {
  signAccess(claims: AccessClaims): Promise<string>;
  /** Answers the claims, or null for a token that is malformed, forged or expired. */
  verifyAccess(token: string): Promise<AccessClaims | null>;
  /** A keyed hash: a leaked table of code hashes cannot be reversed by trying all 10^6 codes. */
  hashCode(purpose: string, userId: number, code: string): string;
  codeMatches(hash: string, purpose: string, userId: number, code: string): boolean;
};

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  const hashCode = (purpose: string, userId: number, code: string) =>
    createHmac('sha256', key).update(`${purpose}:${userId}:${code}`).digest('hex');
  return {
    signAccess: ({ userId, sessionId }) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_MINUTES}m`)
        .sign(key),
    async verifyAccess(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') return null;
        return { userId, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
    hashCode,
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
