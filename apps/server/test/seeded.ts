/**
 * A small deterministic generator for the tests that draw random histories: the same seed draws the same
 * sequence, so a failure can be replayed.
 */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    /** In [0, 1). */
    next,
    /** A whole number from `min` to `max`, both included. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T,
  };
}
