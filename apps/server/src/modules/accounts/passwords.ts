import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { webConcurrencyOf } from '../../platform/config';
import { inFlightLimit } from '../../platform/in-flight';

/**
 * argon2id (@node-rs/argon2's default) with one of the settings OWASP's password storage cheat sheet
 * gives as equal in strength: 19 MiB × 2 passes, 12 MiB × 3, 9 MiB × 4, 7 MiB × 5. The memory is held
 * for the whole hash, and two logins at once (one per core, below) held 38 MB of the server's peak RSS
 * at 19 MiB; at 7 MiB they hold 14 MB, for about the same CPU (7 × 5 = 35 MiB-passes against 38).
 */
const OPTIONS = { memoryCost: 7_168, timeCost: 5, parallelism: 1 };
/** How a hash made with OPTIONS begins (argon2's PHC string keeps its parameters beside the salt). */
const CURRENT_PARAMETERS = `$argon2id$v=19$m=${OPTIONS.memoryCost},t=${OPTIONS.timeCost},p=${OPTIONS.parallelism}$`;

/**
 * How many hashes or checks one server process may run at once, on a machine of `cores` cores shared by
 * `processes` server processes (WEB_CONCURRENCY): one core fewer than the machine's, shared out between the
 * processes as the database pool is (platform/config.ts), at least one and at most four a process. Each holds
 * memoryCost on a thread of libuv's pool and is pure CPU, so more than the cores buys nothing; and the core
 * left over is the event loop's and PostgreSQL's, which every other request needs and a login needs too (its
 * session is written there). Four processes on four cores had each run four (16 × 7 MiB at once); they now
 * run one each. On the 2-core load bench (`r24-slots-ab.json`, four alternated pairs) one slot against two:
 * logins alone 113-134 against 124-145 a second, beside sales 28-34 against 29-30 (the sales unchanged), and
 * the login's peak RSS 127-137 against 136-142 MB. At 19 MiB, four at once had held 76 MB.
 */
export function hashSlots(cores: number, processes = 1): number {
  return Math.max(1, Math.min(Math.floor((cores - 1) / processes), 4));
}

const withHashSlot = inFlightLimit(hashSlots(availableParallelism(), webConcurrencyOf()));

export const hashPassword = (password: string) => withHashSlot(() => hash(password, OPTIONS));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await withHashSlot(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/**
 * Whether a stored hash was made with other parameters than today's (an older setting): the login that
 * proves its password hashes it again, so each account moves to the current setting on its next login.
 */
export const needsRehash = (passwordHash: string) => !passwordHash.startsWith(CURRENT_PARAMETERS);

let dummyHash: Promise<string> | undefined;

/**
 * Checked when no account matches, so that "no such account" and "wrong
 * password" take the same time and cannot be told apart.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not the password of anyone');
  await verifyPassword(await dummyHash, password);
}
