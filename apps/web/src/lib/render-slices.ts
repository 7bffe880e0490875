import { unstable_forceFrameRate } from 'scheduler';

/**
 * How long React renders a transition or a deferred value before it gives the main thread back: 12 ms of
 * wall time rather than its scheduler's 5.
 *
 * A slice is measured on the phone's own clock, so on any phone it stays far under the 50 ms at which a
 * task starts to block a tap. Each yield costs a task of its own, and on a slow CPU a 5 ms slice does little
 * work between two: the inventory's first draw (router.tsx, a transition) took dozens of them, and its long
 * tasks were longer than with 12 ms slices (bench:web:tasks; bench/README.md). Lighthouse's simulation
 * multiplies the tasks of a fast machine by 4: a 12 ms slice is 48 ms there, still not a long task.
 */
export const RENDER_SLICE_MS = 12;

/** Sets React's slices to RENDER_SLICE_MS, before the app's first render. */
export function sliceRenders(): void {
  // The scheduler takes a frame rate, and slices by Math.floor(1000 / rate): 83 gives 12 ms.
  unstable_forceFrameRate(Math.floor(1000 / RENDER_SLICE_MS));
}
