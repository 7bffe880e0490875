/**
 * Runs work with at most `limit` pieces running at once in this process; the rest wait in the order they
 * came (none is refused), and a piece that fails frees its turn like one that succeeds. For work whose
 * cost grows with how much of it runs at once: reports on the pool's connections, password hashes on
 * memory. Per process, on purpose: it bounds what one process holds, not what the business may do.
 */
export function inFlightLimit(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The turn goes straight to the next in line, if any.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
