/** The one function of React's scheduler that the app calls (lib/render-slices.ts); the package ships no types. */
declare module 'scheduler' {
  export function unstable_forceFrameRate(framesPerSecond: number): void;
  export function unstable_scheduleCallback(priority: number, callback: () => void): unknown;
  export function unstable_shouldYield(): boolean;
  export const unstable_NormalPriority: number;
}
