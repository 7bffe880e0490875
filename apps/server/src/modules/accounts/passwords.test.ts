import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword, withHashSlot } from './passwords';

describe('passwords', () => {
  it('are hashed with argon2id and verified', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse')).toBe(false);
  });
});

describe('password hashing slots', () => {
  it('runs no more hashes at once than the slots, and runs them all', async () => {
    let running = 0;
    let most = 0;
    const work = () =>
      withHashSlot(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return running;
      });
    const results = await Promise.all(Array.from({ length: 20 }, work));
    expect(results).toHaveLength(20);
    expect(most).toBe(Math.max(1, Math.min(availableParallelism(), 4)));
  });

  it('frees its slot when the work fails', async () => {
    const failing = Array.from({ length: 10 }, () => withHashSlot(() => Promise.reject(new Error('no'))));
    await Promise.allSettled(failing);
    expect(await verifyPassword(await hashPassword('still works'), 'still works')).toBe(true);
  });
});
