import type { RouteDef } from './route-def';

/**
 * What CloudFront does in front of the API, in one place: the CDK site (infra/src/site.ts) builds
 * its policies and cache behaviours from it, and the local stack's edge (local/src/edge.ts)
 * emulates the same, so a header the handlers read and CloudFront drops fails locally too
 * (test/edge-headers.test.ts checks the list against every header read in the code).
 */

/**
 * The origin request policy's header allow-list of every /api behaviour: nothing else a client
 * sends reaches the API (Host least of all: API Gateway routes by its own host name). Only headers
 * something reads (test/edge-headers.test.ts finds every read): CloudFront's default quota is 10
 * headers per origin request policy.
 */
export const ORIGIN_REQUEST_HEADERS = [
  // API Gateway decides by it whether the body is text or base64.
  'Content-Type',
  // place-order and the reseller API: a retried order is answered, not placed twice.
  'Idempotency-Key',
  // The gateway's webhook proves itself with it.
  'RT-UDDOKTAPAY-API-KEY',
  // The buyer's "ip:port" (kit/edge.ts): rate limits, the reseller IP allow-list, the access log.
  'CloudFront-Viewer-Address',
  // A reseller request's signature (kit/reseller-access.ts, docs/reseller-api.md).
  'X-Key-Id',
  'X-Timestamp',
  'X-Nonce',
  'X-Signature',
] as const;

/**
 * Headers the /api/* cache policy puts in its key and so forwards (a cache policy is the only way
 * to forward Authorization). The edge-cached public reads' policy has none: no token reaches them.
 */
export const API_CACHE_KEY_HEADERS = ['Authorization'] as const;

/** The custom origin header CloudFront adds; its value is the origin-verify secret. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** CloudFront sets it from the viewer's connection ("ip:port", IPv6 unbracketed). */
export const VIEWER_ADDRESS_HEADER = 'CloudFront-Viewer-Address';

/** The longest CloudFront keeps an API answer, whatever its Cache-Control says. */
export const EDGE_MAX_TTL_SECONDS = 300;

/** CloudFront compresses answers of this size and more (up to 10 MB). */
export const EDGE_COMPRESS_MIN_BYTES = 1000;

/** `/api/products/{id}` -> `/api/products/*` (CloudFront path patterns know only * and ?). */
export const pathPattern = (path: string): string => path.replace(/\{[^}]+\}.*$/, '*');

/** A CloudFront path pattern as a regular expression (`*` any characters, `?` one). */
export function patternRegExp(pattern: string): RegExp {
  const source = pattern
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

type EdgeRoute = Pick<RouteDef, 'method' | 'path' | 'access' | 'edgeCacheSeconds'>;

/**
 * The routes CloudFront caches (their `edgeCacheSeconds`), one cache behaviour each. Throws for a
 * route that cannot be: only a public GET whose pattern matches no other route's path, since a
 * behaviour applies to every method and path it matches.
 */
export function edgeCachedRoutes<R extends EdgeRoute>(routes: readonly R[]): R[] {
  const cached = routes.filter((r) => r.edgeCacheSeconds);
  for (const route of cached) {
    const pattern = patternRegExp(pathPattern(route.path));
    const clash = routes.find((r) => r !== route && pattern.test(r.path.replace(/\{[^}]+\}/g, 'x')));
    if (route.method !== 'GET' || route.access !== 'public' || clash)
      throw new Error(`${route.path}: only a public GET with a path of its own can be cached at the edge`);
  }
  return cached;
}

/** The behaviour a request path falls under: an edge-cached read's, or the /api/* default. */
export interface EdgeBehaviour {
  pattern: string;
  /** Only GET and HEAD pass (CloudFront answers anything else 403). */
  readOnly: boolean;
  /** The cache policy's key headers, forwarded too. */
  cacheKeyHeaders: readonly string[];
}

export function edgeBehaviours(routes: readonly EdgeRoute[]): EdgeBehaviour[] {
  return [
    ...edgeCachedRoutes(routes).map((r) => ({
      pattern: pathPattern(r.path),
      readOnly: true,
      cacheKeyHeaders: [],
    })),
    { pattern: '/api/*', readOnly: false, cacheKeyHeaders: API_CACHE_KEY_HEADERS },
  ];
}
