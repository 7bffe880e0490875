import { describe, expect, it } from 'vitest';
import { hashPassword, hashSlots, verifyPassword } from './passwords';

describe('passwords', () => {
  it('are hashed with argon2id and verified', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse')).toBe(false);
  });

  it('run at most one fewer at once than the cores, at least one and at most four', () => {
    // The core left over serves the event loop and PostgreSQL while logins queue (passwords.ts, hashSlots).
    expect([1, 2, 3, 4, 5, 8, 64].map((cores) => hashSlots(cores))).toEqual([1, 1, 2, 3, 4, 4, 4]);
  });

  it('share those cores out between the server processes, at least one each', () => {
    expect(hashSlots(4, 4)).toBe(1);
    expect(hashSlots(8, 2)).toBe(3);
    expect(hashSlots(16, 3)).toBe(4);
    expect(hashSlots(2, 2)).toBe(1);
  });
});
