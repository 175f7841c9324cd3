import { timingSafeEqual } from 'node:crypto';
import { config } from '../runtime/config';

type Headers = Record<string, string | undefined>;

/**
 * On AWS the API is reachable only through CloudFront, which adds a secret x-origin-verify header:
 * a request to the raw execute-api URL (skipping the WAF, the edge cache and the security headers)
 * lacks it and is refused. Without ORIGIN_VERIFY_SECRET (the local stack) every request passes.
 */
export function cameThroughEdge(headers: Headers): boolean {
  const expected = config().ORIGIN_VERIFY_SECRET;
  if (!expected) return true;
  const given = Buffer.from(headers['x-origin-verify'] ?? '');
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * The buyer's address for rate limits. Behind CloudFront, API Gateway's source IP is an edge
 * server's, shared by thousands of buyers; CloudFront names the viewer in CloudFront-Viewer-Address
 * ("ip:port", IPv6 unbracketed). Trusted only when the edge header proved the request came from
 * CloudFront, so a caller cannot pick its own address.
 */
export function viewerIp(headers: Headers): string | undefined {
  if (!config().ORIGIN_VERIFY_SECRET) return undefined;
  const address = headers['cloudfront-viewer-address'];
  if (!address) return undefined;
  const cut = address.lastIndexOf(':');
  return cut > 0 ? address.slice(0, cut) : address;
}
