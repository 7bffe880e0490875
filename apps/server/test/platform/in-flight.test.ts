import { describe, expect, it } from 'vitest';
import { REPORTS_IN_FLIGHT } from '../../src/modules/reports/get-report';
import { inFlightLimit } from '../../src/platform/in-flight';

/** The per-process limit of work in flight (platform/in-flight.ts; reports, password hashes): a queue, never a refusal. */
describe('inFlightLimit', () => {
  it('runs at most the limit at once, starts the rest in order, and frees a turn on failure', async () => {
    const limit = inFlightLimit(REPORTS_IN_FLIGHT);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const release: (() => void)[] = [];
    const jobs = Array.from({ length: 10 }, (_, index) =>
      limit(async () => {
        started.push(index);
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
        if (index === 1) throw new Error('a failed report');
        return index;
      }).catch(() => 'failed' as const),
    );
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    // Each end (the failing one included) lets exactly the next in line start.
    for (let done = 0; done < 10; done++) {
      release.shift()?.();
      await tick();
      expect(started.length).toBe(Math.min(10, 4 + done + 1));
    }
    expect(await Promise.all(jobs)).toEqual([0, 'failed', 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(REPORTS_IN_FLIGHT);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
