import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 hashes with argon2id by default; these are OWASP's minimums for it.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Checked when no account matches, so that "no such account" and "wrong
 * password" take the same time and cannot be told apart.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not the password of anyone');
  await verifyPassword(await dummyHash, password);
}
