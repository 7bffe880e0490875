import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOLD_AT_MOST_MS, holdLaterLoads, laterLoadsMayStart } from './later-loads';

/** Whether `promise` has settled by the time the microtasks queued now have run. */
async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  for (let turn = 0; turn < 10; turn++) await Promise.resolve();
  return settled;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('later loads', () => {
  it('start at once when nothing holds them', async () => {
    expect(await hasSettled(laterLoadsMayStart())).toBe(true);
  });

  it('wait for the work that holds them, failed or done, and for work held meanwhile', async () => {
    let finishCopy = () => {};
    let failSecond = (_error: Error) => {};
    holdLaterLoads(new Promise<void>((done) => (finishCopy = done)));
    const start = laterLoadsMayStart();
    expect(await hasSettled(start)).toBe(false);
    holdLaterLoads(new Promise<void>((_done, fail) => (failSecond = fail)));
    finishCopy();
    expect(await hasSettled(start)).toBe(false);
    failSecond(new Error('network'));
    expect(await hasSettled(start)).toBe(true);
  });

  it('wait no longer than the longest hold, even for work that never ends', async () => {
    vi.useFakeTimers();
    holdLaterLoads(new Promise(() => {}));
    const start = laterLoadsMayStart();
    await vi.advanceTimersByTimeAsync(HOLD_AT_MOST_MS - 1);
    expect(await hasSettled(start)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await hasSettled(start)).toBe(true);
  });
});
