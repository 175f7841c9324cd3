import { readRuntimeConfig, type RuntimeConfig } from '@khelaghor/contract/runtime-config';

/**
 * Runtime configuration served as /config.json next to the SPA (by the local server or S3), so one
 * build runs against the local stack and against AWS. Read once before the first render. Its shape
 * and defaults are the contract's (zod-free, so the first paint does not pull the schema library).
 */
export type { RuntimeConfig };

let current: RuntimeConfig | undefined;
let pending: Promise<RuntimeConfig> | undefined;

/**
 * Start loading the config (once). The app renders meanwhile; API calls and the auth module wait
 * for it (whenConfigured), so the first paint does not wait for a network round trip.
 */
export function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  pending ??= fetchConfig(fetchImpl);
  return pending;
}

/** The loaded config; in tests (nothing loading) the defaults. */
export function whenConfigured(): Promise<RuntimeConfig> {
  if (current) return Promise.resolve(current);
  if (pending) return pending;
  return Promise.resolve(readRuntimeConfig({ region: 'local' }));
}

async function fetchConfig(fetchImpl: typeof fetch): Promise<RuntimeConfig> {
  // index.html preloads /config.json; the same request mode lets the browser reuse it.
  const res = await fetchImpl('/config.json', { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`Could not load /config.json (${res.status})`);
  const raw = (await res.json()) as Partial<RuntimeConfig>;
  current = readRuntimeConfig(raw);
  return current;
}

/** The API base without failing before the config arrived (tests, early calls). */
export function apiBase(): string {
  return current?.apiBase ?? '/api';
}
