import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetAllCopies, KEPT_FOR_MS, keepCopies, keptCopy, MOST_KEPT, tidyCopies } from './kept-screens';

const HOUR = 60 * 60_000;

afterEach(() => forgetAllCopies());

describe('the screens kept on the phone', () => {
  it("never answers one person's copy to another", async () => {
    await keepCopies(1, [{ queryHash: '["products",5,"list",{}]', data: ['rice'], takenAt: Date.now() }]);
    expect((await keptCopy(1, '["products",5,"list",{}]'))?.data).toEqual(['rice']);
    expect(await keptCopy(2, '["products",5,"list",{}]')).toBeUndefined();
  });

  it('shows no copy older than it keeps them for', async () => {
    const now = Date.now();
    await keepCopies(1, [{ queryHash: 'old', data: 1, takenAt: now - KEPT_FOR_MS - HOUR }]);
    await keepCopies(1, [{ queryHash: 'young', data: 2, takenAt: now - HOUR }]);
    expect(await keptCopy(1, 'old', now)).toBeUndefined();
    expect((await keptCopy(1, 'young', now))?.data).toBe(2);
  });

  it("tidying drops another person's copies, the expired, and the oldest beyond the most kept", async () => {
    const now = Date.now();
    await keepCopies(
      1,
      Array.from({ length: MOST_KEPT + 2 }, (_, index) => ({
        queryHash: `q${index}`,
        data: index,
        takenAt: now - index,
      })),
    );
    await keepCopies(1, [{ queryHash: 'expired', data: 0, takenAt: now - KEPT_FOR_MS - 1 }]);
    await keepCopies(2, [{ queryHash: 'theirs', data: 0, takenAt: now }]);
    await tidyCopies(1, now);
    expect(await keptCopy(1, 'q0', now)).toBeDefined();
    expect(await keptCopy(1, `q${MOST_KEPT - 1}`, now)).toBeDefined();
    expect(await keptCopy(1, `q${MOST_KEPT}`, now)).toBeUndefined();
    expect(await keptCopy(1, 'expired', now)).toBeUndefined();
    // Read as its owner: gone from the phone, not only hidden.
    expect(await keptCopy(2, 'theirs', now)).toBeUndefined();
  });

  it('forgets everyone at logout', async () => {
    await keepCopies(1, [{ queryHash: 'a', data: 1, takenAt: Date.now() }]);
    await forgetAllCopies();
    expect(await keptCopy(1, 'a')).toBeUndefined();
  });
});
