/**
 * Work the person is waiting for on the screen they opened (the Sell screen's copy of the products) holds back
 * the downloads that can wait (the top bar's menu): on a slow phone they would share its network and its CPU,
 * and the screen would be ready later for code nobody has touched yet. A hold lasts until its work settles, or
 * HOLD_AT_MOST_MS, so that a network that never answers cannot keep them away for good.
 */
export const HOLD_AT_MOST_MS = 15_000;

const held = new Set<Promise<void>>();

/** Later loads wait for `work` (or HOLD_AT_MOST_MS) before they start. */
export function holdLaterLoads(work: Promise<unknown>): void {
  let release = () => {};
  const settled = Promise.race([
    work.then(
      () => {},
      () => {},
    ),
    new Promise<void>((done) => {
      const timer = setTimeout(done, HOLD_AT_MOST_MS);
      release = () => clearTimeout(timer);
    }),
  ]).then(() => {
    release();
    held.delete(settled);
  });
  held.add(settled);
}

/** Resolves once nothing holds the later loads: at once when nothing does, and after what was held since. */
export async function laterLoadsMayStart(): Promise<void> {
  while (held.size > 0) await Promise.all([...held]);
}
