/**
 * The shape of /config.json, served next to the SPA (by the local server, or deployed to S3 by the
 * CDK stack), so one build runs against the local stack and against AWS. Zod-free: the SPA reads
 * it before its first render.
 */
export interface RuntimeConfig {
  apiBase: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** cognito-local's URL; absent on AWS. */
  userPoolEndpoint?: string;
  /** Plain passwords go to cognito-local only; AWS uses SRP. */
  authFlow: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
}

/** A config from whatever /config.json held: defaults for what is missing, no trailing slash. */
export function readRuntimeConfig(raw: Partial<RuntimeConfig>): RuntimeConfig {
  return {
    apiBase: (raw.apiBase ?? '/api').replace(/\/$/, ''),
    region: raw.region ?? 'ap-south-1',
    userPoolId: raw.userPoolId ?? '',
    userPoolClientId: raw.userPoolClientId ?? '',
    userPoolEndpoint: raw.userPoolEndpoint || undefined,
    authFlow: raw.authFlow === 'USER_PASSWORD_AUTH' ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH',
  };
}
