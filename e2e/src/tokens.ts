import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Tokens that must be refused, made from a real one: cognito-local signs with a key shipped in
 * its package, so an expired token can carry a valid signature (only the expiry is wrong), and
 * a tampered one keeps the original signature over changed claims.
 */
function decode(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [h, p] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h ?? '', 'base64url').toString('utf8')),
    payload: JSON.parse(Buffer.from(p ?? '', 'base64url').toString('utf8')),
  };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function cognitoLocalPrivateKey(): string {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('cognito-local/package.json'));
  return (
    JSON.parse(readFileSync(join(dir, 'lib', 'keys', 'cognitoLocal.private.json'), 'utf8')) as { pem: string }
  ).pem;
}

/** Re-sign a token's claims (with changes) with cognito-local's own key. */
export function resign(token: string, changes: Record<string, unknown>): string {
  const { header, payload } = decode(token);
  const unsigned = `${b64(header)}.${b64({ ...payload, ...changes })}`;
  const signature = createSign('RSA-SHA256')
    .update(unsigned)
    .sign(cognitoLocalPrivateKey())
    .toString('base64url');
  return `${unsigned}.${signature}`;
}

/** Same claims, correctly signed, but expired an hour ago. */
export function expiredToken(token: string): string {
  const now = Math.floor(Date.now() / 1000);
  return resign(token, { iat: now - 7200, auth_time: now - 7200, exp: now - 3600 });
}

/** Claims changed (made admin) while the signature stays the original one. */
export function tamperedToken(token: string): string {
  const [h, , s] = token.split('.');
  const { payload } = decode(token);
  return `${h}.${b64({ ...payload, 'cognito:groups': ['admin'] })}.${s}`;
}
