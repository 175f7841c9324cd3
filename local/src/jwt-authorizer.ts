import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';

export type Claims = Record<string, string | number | boolean | string[]>;

/**
 * Verifies bearer tokens the way the HTTP API JWT authorizer does: RS256 signature against the
 * pool's JWKS, issuer, expiry, and audience = the app client (the `aud` claim of an id token or
 * the `client_id` claim of an access token). cognito-local serves its JWKS over http, which
 * aws-jwt-verify's own fetcher refuses, so a fetch-based fetcher is plugged in.
 */
export function createAuthorizer(opts: { issuer: string; clientId: string }) {
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
