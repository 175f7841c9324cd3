import { timingSafeEqual } from 'node:crypto';
import { acceptedValues, originVerifyValues } from '../runtime/secrets';

type Headers = Record<string, string | undefined>;

/**
 * On AWS the API is reachable only through CloudFront, which adds a secret x-origin-verify header:
 * a request to the raw execute-api URL (skipping the WAF, the edge cache and the security headers)
 * lacks it and is refused. Both the current and the previous value are accepted, so the secret can
 * be rotated while CloudFront (minutes to deploy) still sends the old one (docs/deploy.md). Without
 * a value (the local stack without its edge) every request passes: `behindEdge` is then false.
 */
export async function edgeCheck(headers: Headers): Promise<{ passed: boolean; behindEdge: boolean }> {
  const secret = await originVerifyValues();
  if (!secret) return { passed: true, behindEdge: false };
  const given = Buffer.from(headers['x-origin-verify'] ?? '');
  // Every value is compared (no early exit), each in constant time.
  let passed = false;
  for (const value of acceptedValues(secret)) {
    const wanted = Buffer.from(value);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) passed = true;
  }
  return { passed, behindEdge: true };
}

/**
 * The buyer's address for rate limits. Behind CloudFront, API Gateway's source IP is an edge
 * server's, shared by thousands of buyers; CloudFront names the viewer in CloudFront-Viewer-Address
 * ("ip:port", IPv6 unbracketed). Trusted only when the edge header proved the request came from
 * CloudFront (`behindEdge`), so a caller cannot pick its own address.
 */
export function viewerIp(headers: Headers, behindEdge: boolean): string | undefined {
  if (!behindEdge) return undefined;
  const address = headers['cloudfront-viewer-address'];
  if (!address) return undefined;
  const cut = address.lastIndexOf(':');
  return cut > 0 ? address.slice(0, cut) : address;
}
