import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { inFlightLimit } from '../../platform/in-flight';

// @node-rs/argon2 hashes with argon2id by default; these are OWASP's minimums for it.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Each hash or check holds 19 MB (memoryCost) on a thread of libuv's pool (4 threads): four at once held
 * 76 MB, and the allocator kept it, which made logins the largest part of the server's peak RSS. More at
 * once than there are cores buys no throughput (each is pure CPU), so they queue for as many slots as cores.
 */
const HASH_SLOTS = Math.max(1, Math.min(availableParallelism(), 4));
const withHashSlot = inFlightLimit(HASH_SLOTS);

export const hashPassword = (password: string) => withHashSlot(() => hash(password, OPTIONS));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await withHashSlot(() => verify(passwordHash, password));
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
