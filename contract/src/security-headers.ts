/**
 * The security headers of every page and API answer. CloudFront sends them on AWS
 * (infra/src/site.ts) and the local server sends the same (local/src/api-server.ts), so the
 * browser tests run under the policy production enforces.
 *
 * The SPA talks to its own origin (/api, /config.json) and to the user pool's endpoint
 * (aws-amplify). Product images may come from any https host; Radix and sonner set inline styles,
 * so styles allow 'unsafe-inline' (scripts do not, and nothing is eval'd).
 */
export interface PolicyOptions {
  /** Where aws-amplify reaches the user pool, e.g. https://cognito-idp.ap-southeast-1.amazonaws.com. */
  cognitoOrigin: string;
  /** Served over https (AWS): upgrade requests and pin HTTPS with HSTS. */
  https: boolean;
}

export function contentSecurityPolicy(opts: PolicyOptions): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${opts.cognitoOrigin}`,
    "manifest-src 'self'",
    // The service worker (/sw.js) only; no blob: or data: workers.
    "worker-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    ...(opts.https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Header name (lower case) to value, as the local server sends them. */
export function securityHeaders(opts: PolicyOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(opts),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(opts.https && { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }),
  };
}
