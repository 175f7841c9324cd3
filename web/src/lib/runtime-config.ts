/**
 * Runtime configuration served as /config.json next to the SPA (by the local server or S3), so one
 * build runs against the local stack and against AWS. Read once before the first render.
 */
export interface RuntimeConfig {
  apiBase: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint?: string;
  authFlow: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
}

let current: RuntimeConfig | undefined;

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const res = await fetchImpl('/config.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`Could not load /config.json (${res.status})`);
  const raw = (await res.json()) as Partial<RuntimeConfig>;
  current = {
    apiBase: (raw.apiBase ?? '/api').replace(/\/$/, ''),
    region: raw.region ?? 'ap-south-1',
    userPoolId: raw.userPoolId ?? '',
    userPoolClientId: raw.userPoolClientId ?? '',
    userPoolEndpoint: raw.userPoolEndpoint || undefined,
    authFlow: raw.authFlow === 'USER_PASSWORD_AUTH' ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH',
  };
  return current;
}

/** Tests and the API client may set it directly. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('runtime config not loaded');
  return current;
}

/** The API base without failing before the config arrived (tests, early calls). */
export function apiBase(): string {
  return current?.apiBase ?? '/api';
}
