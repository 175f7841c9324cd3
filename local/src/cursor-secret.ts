import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The local stack's key for page cursors (CURSOR_SECRET): made once per data dir and kept there,
 * so cursors of open lists survive a restart and `npm run reset` makes a new one.
 */
export const localCursorSecret = (dataDir: string): string => localSecret(dataDir, 'cursor-secret');

/**
 * The local stack's x-origin-verify value (ORIGIN_VERIFY_SECRET): the emulated edge sends it and
 * the handlers check it, as CloudFront and the Lambdas share one on AWS. Kept like the cursor key.
 */
export const localOriginVerifySecret = (dataDir: string): string =>
  localSecret(dataDir, 'origin-verify-secret');

/** A random secret made once per data dir (in the file `name`) and read back after. */
function localSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved.length >= 32) return saved;
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
