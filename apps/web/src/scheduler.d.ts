/** What the app (lib/render-slices.ts) and its test call of React's scheduler, which ships no types. */
declare module 'scheduler' {
  export function unstable_forceFrameRate(framesPerSecond: number): void;
  export function unstable_scheduleCallback(priority: number, callback: () => void): unknown;
  export function unstable_shouldYield(): boolean;
  export const unstable_NormalPriority: number;
}
