import { keptPerContainer } from '../runtime/container-state';

/**
 * A per-container cache for public reads that many buyers make at once (catalogue, product, site).
 * Concurrent misses share one table read, and an answer is reused for PUBLIC_CACHE_MS (default 1 s),
 * so a flash sale's page loads do not queue on the CATALOG partition. Stock shown may lag by that
 * long; placing an order always checks the table.
 */
const entries = new Map<string, { until: number; value: Promise<unknown> }>();
keptPerContainer(() => entries.clear());

export function cached<T>(key: string, load: () => Promise<T>, ttlMs = publicCacheMs()): Promise<T> {
  if (ttlMs <= 0) return load();
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.until > now) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { until: now + ttlMs, value });
  // A failed read is not kept: the next caller tries the table again.
  value.catch(() => entries.delete(key));
  return value;
}

function publicCacheMs(): number {
  const raw = Number(process.env.PUBLIC_CACHE_MS ?? 1000);
  return Number.isFinite(raw) ? raw : 1000;
}
