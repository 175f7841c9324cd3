import { isSignedRoute, type RouteDef } from '@khelaghor/contract';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache, type Jwks } from 'aws-jwt-verify/jwk';

export type Claims = Record<string, string | number | boolean | string[]>;

/**
 * Verifies bearer tokens the way the HTTP API JWT authorizer does: RS256 signature against the
 * pool's JWKS, issuer, expiry, and audience = the app client (the `aud` claim of an id token or
 * the `client_id` claim of an access token). cognito-local serves its JWKS over http, which
 * aws-jwt-verify's own fetcher refuses, so a fetch-based fetcher is plugged in. `jwks`: the pool's
 * keys given up front (the integration tests sign their own tokens), fetched only for another key.
 */
export function createAuthorizer(opts: { issuer: string; clientId: string; jwks?: Jwks }) {
  const jwksCache = new SimpleJwksCache({
    fetcher: {
      fetch: async (uri: string) => {
        const res = await fetch(uri, { signal: AbortSignal.timeout(5000) });
        if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status}`);
        return res.arrayBuffer();
      },
    },
  });
  const verifier = JwtRsaVerifier.create(
    { issuer: opts.issuer, audience: null, jwksUri: `${opts.issuer}/.well-known/jwks.json` },
    { jwksCache },
  );
  if (opts.jwks) verifier.cacheJwks(opts.jwks);
  return {
    /** The verified claims, or undefined for a missing, malformed, tampered or expired token. */
    async verify(authorization: string | undefined): Promise<Claims | undefined> {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
      if (!match?.[1]) return undefined;
      try {
        const payload = (await verifier.verify(match[1])) as Claims;
        const audience = payload.token_use === 'access' ? payload.client_id : payload.aud;
        const audiences = Array.isArray(audience) ? audience : [audience];
        if (!audiences.includes(opts.clientId)) return undefined;
        return payload;
      } catch {
        return undefined;
      }
    },
  };
}

export type Authorizer = ReturnType<typeof createAuthorizer>;

/** The 401 a protected route answers without a valid token (the kit's own shape and words). */
export const UNAUTHORIZED_BODY = JSON.stringify({
  error: { code: 'unauthorized', message: 'Please login to continue', reason: 'login_required' },
});

/**
 * What API Gateway does for one route: user and admin routes have the JWT authorizer and never
 * reach the handler without a valid token (401); a public route's valid token still yields claims.
 * Reseller and device routes have no authorizer (their requests are signed; the kit checks): no claims.
 */
export async function authorizeRoute(
  authorizer: Authorizer,
  route: Pick<RouteDef, 'access'>,
  authorization: string | undefined,
): Promise<{ claims?: Record<string, string> } | 'unauthorized'> {
  const claims = authorization && !isSignedRoute(route) ? await authorizer.verify(authorization) : undefined;
  if ((route.access === 'user' || route.access === 'admin') && !claims) return 'unauthorized';
  return { claims: claims && authorizerClaims(claims) };
}

/** API Gateway hands claims over as strings; list claims as "[a b]". */
function authorizerClaims(claims: Claims): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(claims)) out[k] = Array.isArray(v) ? `[${v.join(' ')}]` : String(v);
  return out;
}
