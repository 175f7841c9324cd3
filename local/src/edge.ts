import { routeList } from '@khelaghor/contract';
import {
  EDGE_MAX_TTL_SECONDS,
  edgeBehaviours,
  ORIGIN_REQUEST_HEADERS,
  ORIGIN_VERIFY_HEADER,
  patternRegExp,
  VIEWER_ADDRESS_HEADER,
} from '@khelaghor/contract/edge';

/**
 * CloudFront in front of the local API, from the same definition the CDK site is built from
 * (contract/src/edge.ts): of the viewer's headers only the behaviour's allow-list reaches the
 * handlers, CloudFront's own x-origin-verify and CloudFront-Viewer-Address are added, and GET
 * answers that say `s-maxage` (the routes' `edgeCacheSeconds`) are kept and served again, as the
 * cache policies do. Compression stays with the server (it applies to hits and misses alike).
 */

/** What the origin (API Gateway and the handler) answered. */
export interface OriginAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

export interface ViewerRequest {
  method: string;
  path: string;
  /** The raw query string, without '?'. */
  query: string;
  headers: Record<string, string | string[] | undefined>;
  /** The viewer's "ip:port" (IPv6 unbracketed), as CloudFront names it. */
  viewerAddress: string;
}

export interface EdgeOptions {
  /**
   * The origin-verify secret as the handlers are given it (ORIGIN_VERIFY_SECRET: plain, or
   * {"current","previous"} JSON, of which CloudFront sends `current`). Unset: no header is added.
   */
  originVerifySecret?: string;
  /** Keep public reads as CloudFront does (default true); off, every request reaches the handler. */
  cache?: boolean;
  now?: () => number;
}

export type Edge = ReturnType<typeof createEdge>;

/** The most answers kept; past it the oldest go first. */
const MAX_ENTRIES = 500;

/** The value CloudFront sends: the `current` one of a rotating secret. */
function originVerifyValue(secret: string | undefined): string | undefined {
  if (!secret?.trimStart().startsWith('{')) return secret || undefined;
  return (JSON.parse(secret) as { current?: string }).current;
}

export function createEdge(opts: EdgeOptions = {}) {
  const now = opts.now ?? Date.now;
  const originVerify = originVerifyValue(opts.originVerifySecret);
  const behaviours = edgeBehaviours(routeList).map((b) => ({
    ...b,
    match: patternRegExp(b.pattern),
    keyHeaders: b.cacheKeyHeaders.map((h) => h.toLowerCase()),
    allowed: new Set([...ORIGIN_REQUEST_HEADERS, ...b.cacheKeyHeaders].map((h) => h.toLowerCase())),
  }));
  // '/api' alone matches no /api behaviour (CloudFront would send it to the SPA): the default one.
  const behaviourOf = (path: string) => behaviours.find((b) => b.match.test(path)) ?? behaviours.at(-1)!;
  const cache = new Map<string, { expires: number; stored: number; answer: OriginAnswer }>();

  /** The headers CloudFront sends the origin for this request (lower-case names, as Lambda sees them). */
  function originHeaders(req: ViewerRequest): Record<string, string> {
    const { allowed } = behaviourOf(req.path);
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      const lower = name.toLowerCase();
      if (value === undefined || !allowed.has(lower)) continue;
      out[lower] = Array.isArray(value) ? value.join(',') : value;
    }
    // Set by CloudFront itself, whatever the viewer sent under these names.
    const viewer = VIEWER_ADDRESS_HEADER.toLowerCase();
    if (allowed.has(viewer)) out[viewer] = req.viewerAddress;
    if (originVerify) out[ORIGIN_VERIFY_HEADER] = originVerify;
    return out;
  }

  /** One viewer request: from the cache, or from the origin (and kept when the answer allows). */
  async function handle(
    req: ViewerRequest,
    origin: (headers: Record<string, string>) => Promise<OriginAnswer>,
  ): Promise<OriginAnswer> {
    const behaviour = behaviourOf(req.path);
    if (behaviour.readOnly && req.method !== 'GET' && req.method !== 'HEAD') {
      return {
        status: 403,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: Buffer.from(
          'This distribution is not configured to allow the HTTP request method that was used.',
        ),
      };
    }
    const headers = originHeaders(req);
    if (opts.cache === false || req.method !== 'GET') return origin(headers);
    // The cache key: path, every query string, and the behaviour's key headers (Authorization on /api/*).
    const key = [`${req.path}?${req.query}`, ...behaviour.keyHeaders.map((h) => headers[h] ?? '')].join('\n');
    const at = now();
    const hit = cache.get(key);
    if (hit && hit.expires > at) {
      const age = String(Math.floor((at - hit.stored) / 1000));
      return { ...hit.answer, headers: { ...hit.answer.headers, age, 'x-cache': 'Hit from cloudfront' } };
    }
    const answer = await origin(headers);
    const seconds = cacheSeconds(answer);
    if (seconds > 0) {
      cache.delete(key);
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(key, { expires: at + seconds * 1000, stored: at, answer });
    }
    return { ...answer, headers: { ...answer.headers, 'x-cache': 'Miss from cloudfront' } };
  }

  return { originHeaders, handle };
}

/**
 * How long CloudFront keeps an answer under the API's cache policies (minimum and default TTL 0,
 * maximum EDGE_MAX_TTL_SECONDS): `s-maxage`, else `max-age`; never with no-store, no-cache or
 * private. Only successful answers here (CloudFront's error caching is not emulated).
 */
export function cacheSeconds(answer: Pick<OriginAnswer, 'status' | 'headers'>): number {
  if (answer.status < 200 || answer.status >= 300) return 0;
  const header = answer.headers['cache-control'];
  const directives = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  if (/(^|,)\s*(no-store|no-cache|private)\b/.test(directives)) return 0;
  const age = /(?:^|,)\s*s-maxage=(\d+)/.exec(directives) ?? /(?:^|,)\s*max-age=(\d+)/.exec(directives);
  return Math.min(Number(age?.[1] ?? 0), EDGE_MAX_TTL_SECONDS);
}
