import { createRequire } from 'node:module';
import { unstable_NormalPriority, unstable_scheduleCallback, unstable_shouldYield } from 'scheduler';
import { describe, expect, it } from 'vitest';
import { RENDER_SLICE_MS, sliceRenders } from './render-slices';

describe('React renders in slices of RENDER_SLICE_MS', () => {
  it('sets the scheduler that react-dom uses, not a copy of it', () => {
    const require = createRequire(import.meta.url);
    const reactDoms = createRequire(require.resolve('react-dom/client'));
    expect(require.resolve('scheduler')).toBe(reactDoms.resolve('scheduler'));
  });

  it('lets a task of the scheduler run its slice before it asks it to yield', async () => {
    sliceRenders();
    // Busy until the scheduler says to yield, as React's work loop is between two units of work. The slice
    // is timed from the scheduler's own start of the task, a little before this callback: at the default
    // 5 ms slices this measures at most 5 ms, at RENDER_SLICE_MS (12) close to 12.
    const ran = await new Promise<number>((done) => {
      unstable_scheduleCallback(unstable_NormalPriority, () => {
        const started = performance.now();
        while (!unstable_shouldYield()) {
          // the work of a render
        }
        done(performance.now() - started);
      });
    });
    expect(ran).toBeGreaterThan(RENDER_SLICE_MS / 2);
  });
});
