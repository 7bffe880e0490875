import { performance } from 'node:perf_hooks';

export type Figures = { p50: number; p95: number; p99: number; max: number };

/** The q-th percentile (0..1) of sorted samples, nearest rank. */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** Runs `work` for warm-up rounds, then `iterations` timed rounds one after another. */
export async function measure(
  work: (round: number) => Promise<void>,
  options: { warmup: number; iterations: number },
): Promise<Figures> {
  for (let round = 0; round < options.warmup; round++) await work(round);
  const samples: number[] = [];
  for (let round = 0; round < options.iterations; round++) {
    const started = performance.now();
    await work(round);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return {
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    p99: percentile(samples, 0.99),
    max: samples.at(-1) ?? Number.NaN,
  };
}
