/** Percentiles and medians of samples (nearest-rank, so a p99 is a real observed value). */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const median = (samples: number[]): number => percentile(samples, 50);

export const round = (n: number, digits = 1): number => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

/** Run `fn` with at most `limit` calls in flight; results keep the input order. */
export async function pool<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Calls `fn` from `concurrency` loops for `durationMs`; returns each call's latency (ms). */
export async function closedLoop(
  concurrency: number,
  durationMs: number,
  fn: (worker: number) => Promise<unknown>,
): Promise<{ latencies: number[]; errors: number; seconds: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const end = start + durationMs;
  const loop = async (worker: number) => {
    while (performance.now() < end) {
      const t = performance.now();
      try {
        await fn(worker);
        latencies.push(performance.now() - t);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, i) => loop(i)));
  return { latencies, errors, seconds: (performance.now() - start) / 1000 };
}
